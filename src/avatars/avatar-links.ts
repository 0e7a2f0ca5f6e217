import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** How long a signed avatar link works at least: long enough for a cabinet page left open for a day. */
export const AVATAR_LINK_TTL_SECONDS = 24 * 60 * 60;
/**
 * Links end on the hour (so they work 24 to 25 hours): one avatar keeps one address for an hour, and the browser's
 * cache of the image, keyed by that address, serves every page of the cabinet that shows it in that hour. Ending to
 * the second, every list read made new addresses, and two reads a second apart never matched.
 */
export const AVATAR_LINK_EXPIRY_STEP_SECONDS = 60 * 60;

/**
 * Signed avatar links for `<img>` tags, which cannot send the session header (contract §3):
 * `/api/avatars/contact/<bot>/<user>?expires=<unix seconds>&signature=<HMAC-SHA256, base64url>`
 * over bot id, user id and expiry. The key is derived from TOKEN_ENCRYPTION_KEY, so it needs no
 * setting of its own and is never the encryption key itself. Contact objects of the session API embed
 * one through ContactAvatarUrls.
 */
@Injectable()
export class AvatarLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.tokenEncryptionKey, Buffer.alloc(0), 'botlens avatar links', 32));
  }

  /** A path (relative to the service) that serves the avatar without a session until it expires. */
  path(botId: string, externalUserId: string, nowMs = Date.now()): string {
    const earliest = Math.floor(nowMs / 1000) + AVATAR_LINK_TTL_SECONDS;
    const expires = Math.ceil(earliest / AVATAR_LINK_EXPIRY_STEP_SECONDS) * AVATAR_LINK_EXPIRY_STEP_SECONDS;
    const signature = this.sign(botId, externalUserId, expires);
    return `/api/avatars/contact/${encodeURIComponent(botId)}/${encodeURIComponent(externalUserId)}?expires=${expires}&signature=${signature}`;
  }

  /** The same link as an absolute URL on PUBLIC_BASE_URL. */
  url(botId: string, externalUserId: string, nowMs = Date.now()): string {
    return this.config.publicBaseUrl + this.path(botId, externalUserId, nowMs);
  }

  isValid(botId: string, externalUserId: string, expires: unknown, signature: unknown, nowMs = Date.now()): boolean {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return false;
    if (Number(expires) * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.sign(botId, externalUserId, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(botId: string, externalUserId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${botId}\n${externalUserId}\n${expires}`).digest('base64url');
  }
}
