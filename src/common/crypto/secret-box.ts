import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts bot tokens at rest (AES-256-GCM) and derives the keyed hashes used to find
 * a bot by its token or to check a confirmation code, from the one TOKEN_ENCRYPTION_KEY.
 * Separate subkeys (HKDF) keep the cipher key and the lookup key independent.
 */
export class SecretBox {
  private readonly cipherKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(masterKey: Buffer) {
    this.cipherKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'botlens token cipher', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'botlens lookup hash', 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, all base64url: self-describing so the format can evolve. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.cipherKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.cipherKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Deterministic keyed hash: equal inputs give equal hashes, so it can be indexed and looked up. */
  lookupHash(...parts: string[]): string {
    return createHmac('sha256', this.hashKey).update(parts.join('\u0000')).digest('hex');
  }
}
