import { Inject, Injectable } from '@nestjs/common';
import type { Platform } from './platform';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { platformCall } from './platform-call';
import { PlatformErrorException } from './platform-errors';

/** What the platform's identity call says about a bot. */
export interface BotIdentity {
  platformBotId: string;
  username: string | null;
  firstName: string | null;
  avatarUrl: string | null;
}

/** The token was refused by the platform (or cannot be a token at all). */
export class InvalidBotTokenError extends Error {}

const IDENTITY_TIMEOUT_MS = 10_000;
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
// MAX tokens are opaque; refuse only what could not travel in a header.
const MAX_TOKEN = /^[\x21-\x7e]{8,512}$/;

/** Checks a token with the platform's own identity call: Telegram `getMe`, MAX `GET /me` (platforms.md §2). */
@Injectable()
export class BotIdentityService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  identify(platform: Platform, token: string): Promise<BotIdentity> {
    return platform === 'telegram' ? this.telegram(token) : this.max(token);
  }

  private async telegram(token: string): Promise<BotIdentity> {
    if (!TELEGRAM_TOKEN.test(token)) throw new InvalidBotTokenError();
    const { status, body } = await this.call('telegram', `${this.config.telegramApiUrl}/bot${token}/getMe`, {});
    const answer = body as { ok?: boolean; result?: { id?: number; username?: string; first_name?: string } };
    if (status === 401 || status === 404) throw new InvalidBotTokenError();
    if (status !== 200 || !answer?.ok || typeof answer.result?.id !== 'number') {
      throw new PlatformErrorException('telegram', status, body);
    }
    return {
      platformBotId: String(answer.result.id),
      username: answer.result.username ?? null,
      firstName: answer.result.first_name ?? null,
      // Telegram has no avatar URL without exposing the token; the avatars route serves it instead.
      avatarUrl: null,
    };
  }

  private async max(token: string): Promise<BotIdentity> {
    if (!MAX_TOKEN.test(token)) throw new InvalidBotTokenError();
    const { status, body } = await this.call('max', `${this.config.maxApiUrl}/me`, { authorization: token });
    const me = body as { user_id?: number; username?: string | null; first_name?: string; avatar_url?: string };
    if (status === 401 || status === 403) throw new InvalidBotTokenError();
    if (status !== 200 || typeof me?.user_id !== 'number') throw new PlatformErrorException('max', status, body);
    return {
      platformBotId: String(me.user_id),
      username: me.username ?? null,
      firstName: me.first_name ?? null,
      avatarUrl: me.avatar_url ?? null,
    };
  }

  private call(platform: Platform, url: string, headers: Record<string, string>) {
    return platformCall(platform, url, { method: 'GET', headers, timeoutMs: IDENTITY_TIMEOUT_MS });
  }
}
