import type { AppConfig } from '../config/config';
import { AVATAR_LINK_EXPIRY_STEP_SECONDS, AVATAR_LINK_TTL_SECONDS, AvatarLinks } from './avatar-links';

const links = new AvatarLinks({
  tokenEncryptionKey: Buffer.alloc(32, 7),
  publicBaseUrl: 'https://botlens.test',
} as AppConfig);
const expiresOf = (path: string) => Number(new URL(path, 'https://botlens.test').searchParams.get('expires'));
const BOT = '5f0c6d0e-0000-4000-8000-000000000001';

describe('AvatarLinks', () => {
  const hour = Date.UTC(2026, 10, 29, 11, 0, 0);

  it('gives one avatar one address for the whole hour, ending on the hour 24 to 25 hours later', () => {
    const first = links.path(BOT, '42', hour + 1000);
    expect(links.path(BOT, '42', hour + 59 * 60_000)).toBe(first);
    expect(expiresOf(first)).toBe(hour / 1000 + AVATAR_LINK_TTL_SECONDS + AVATAR_LINK_EXPIRY_STEP_SECONDS);
    expect(links.path(BOT, '42', hour + 60 * 60_000 + 1000)).not.toBe(first);
    expect(expiresOf(links.path(BOT, '42', hour))).toBe(hour / 1000 + AVATAR_LINK_TTL_SECONDS);
  });

  it('is valid until it expires, for its own bot and user only', () => {
    const path = links.path(BOT, '42', hour + 1);
    const { expires, signature } = Object.fromEntries(new URL(path, 'https://botlens.test').searchParams);
    expect(links.isValid(BOT, '42', expires, signature, hour + 1)).toBe(true);
    expect(links.isValid(BOT, '42', expires, signature, Number(expires) * 1000 - 1)).toBe(true);
    expect(links.isValid(BOT, '42', expires, signature, Number(expires) * 1000)).toBe(false);
    expect(links.isValid(BOT, '43', expires, signature, hour + 1)).toBe(false);
  });
});
