import { randomBytes, randomUUID } from 'node:crypto';
import { LinkTokens, PERSONAL_TOKEN_LENGTH } from './link-tokens';

const tokens = (key = Buffer.alloc(32, 7)) => new LinkTokens({ tokenEncryptionKey: key });

describe('LinkTokens: per-contact link tokens', () => {
  const link = randomUUID();
  const contact = randomUUID();

  it('mints a 32-character base64url token that names the contact on its link', () => {
    const token = tokens().mint(link, contact);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).toHaveLength(PERSONAL_TOKEN_LENGTH);
    expect(tokens().contactOf(link, token)).toBe(contact);
  });

  it('mints the same token every time, so a broadcast needs to store nothing', () => {
    expect(tokens().mint(link, contact)).toBe(tokens().mint(link, contact));
    expect(tokens().mint(link, randomUUID())).not.toBe(tokens().mint(link, contact));
  });

  it('names nobody on another link, or under another key', () => {
    const token = tokens().mint(link, contact);
    expect(tokens().contactOf(randomUUID(), token)).toBeNull();
    expect(tokens(randomBytes(32)).contactOf(link, token)).toBeNull();
  });

  it('names nobody when one character of the token is changed', () => {
    const token = tokens().mint(link, contact);
    for (let i = 0; i < token.length; i++) {
      const other = token[i] === 'A' ? 'B' : 'A';
      const altered = token.slice(0, i) + other + token.slice(i + 1);
      expect(tokens().contactOf(link, altered)).toBeNull();
    }
  });

  it.each([[''], ['short'], ['A'.repeat(31)], ['A'.repeat(33)], ['!'.repeat(32)], ['A'.repeat(31) + '=']])(
    'names nobody for the malformed token %j',
    (token) => {
      expect(tokens().contactOf(link, token)).toBeNull();
    },
  );

  it('refuses to mint for something that is no contact id', () => {
    expect(() => tokens().mint(link, 'not-a-uuid')).toThrow('Not a contact id');
  });
});

describe('LinkTokens: anonymous visitors', () => {
  const day = Date.parse('2026-11-20T10:00:00Z');

  it('is one visitor for one address and agent within a UTC day, another the next day', () => {
    const t = tokens();
    const morning = t.visitor(day, '203.0.113.5', 'Firefox');
    expect(t.visitor(Date.parse('2026-11-20T23:59:59Z'), '203.0.113.5', 'Firefox')).toBe(morning);
    expect(t.visitor(Date.parse('2026-11-21T00:00:00Z'), '203.0.113.5', 'Firefox')).not.toBe(morning);
    expect(t.visitor(day, '203.0.113.6', 'Firefox')).not.toBe(morning);
    expect(t.visitor(day, '203.0.113.5', 'Chrome')).not.toBe(morning);
  });

  it('is a signed 64-bit integer as text, as PostgreSQL takes a bigint', () => {
    const visitor = BigInt(tokens().visitor(day, '::1', ''));
    expect(visitor >= -(2n ** 63n) && visitor < 2n ** 63n).toBe(true);
  });
});
