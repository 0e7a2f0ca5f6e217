import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id, the memory-hard KDF recommended by OWASP for passwords. */
@Injectable()
export class PasswordHasher {
  // Verifying against this when the account does not exist keeps login time the same either way.
  private readonly decoy = argon2.hash('botlens-decoy-password', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const ok = await argon2.verify(hash ?? (await this.decoy), password);
      return hash !== null && ok;
    } catch {
      return false;
    }
  }
}
