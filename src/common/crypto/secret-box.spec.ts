import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
import { prefixedSecret, randomBase62, sixDigitCode } from './random';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips a token and never stores it in clear', () => {
    const token = '123456:AAE-secret_token';
    const sealed = box.encrypt(token);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toEqual(box.encrypt(token));
    expect(box.decrypt(sealed)).toBe(token);
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = box.encrypt('token');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
  });

  it('gives equal lookup hashes for equal inputs and different ones under another key', () => {
    expect(box.lookupHash('telegram', 't')).toBe(box.lookupHash('telegram', 't'));
    expect(box.lookupHash('telegram', 't')).not.toBe(box.lookupHash('max', 't'));
    expect(new SecretBox(randomBytes(32)).lookupHash('telegram', 't')).not.toBe(box.lookupHash('telegram', 't'));
  });
});

describe('random secrets', () => {
  it('uses only base62 characters with the asked length and prefix', () => {
    expect(randomBase62(50)).toMatch(/^[0-9A-Za-z]{50}$/);
    expect(prefixedSecret('blk_')).toMatch(/^blk_[0-9A-Za-z]{43}$/);
  });

  it('makes six-digit codes, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(sixDigitCode()).toMatch(/^\d{6}$/);
  });
});
