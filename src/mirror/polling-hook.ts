import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Platform } from '../bots/bot.entity';
import type { RegisteredBot } from '../bots/bot-registry';

/**
 * Injection token of the optional PollingAnswerer. Register a provider under it anywhere in the app
 * (`{ provide: POLLING_ANSWERER, useExisting: ... }`); the mirror looks it up once at mount, without
 * needing the providing module to be exported or global.
 */
export const POLLING_ANSWERER = Symbol('POLLING_ANSWERER');

/** A mirrored call as the mirror understood it, before anything was forwarded. */
export interface MirrorCall {
  platform: Platform;
  /**
   * Telegram: the method, lower-cased (`getupdates`, `deletewebhook`, `setwebhook`, `getwebhookinfo`).
   * MAX: `<HTTP METHOD> <path>` without the `/max` prefix or a trailing slash (`GET /updates`, `DELETE /subscriptions`).
   */
  method: string;
  /** The query string's parameters (last value wins); MAX's `access_token` is already removed. */
  query: Record<string, string>;
  /**
   * The parsed JSON object or urlencoded form of a small (≤ 64 KB) non-multipart body; null when there
   * is no body, or it is multipart, larger, or unparseable. Telegram clients put getUpdates' `offset`,
   * `limit`, `timeout` here or in `query` (body fields win, as on Telegram).
   */
  bodyParams: Record<string, unknown> | null;
}

/**
 * Answers calls of bots whose `targetUrl` is `polling` (contract §5). The mirror asks it before
 * forwarding, for every call of such a bot. It either answers the call completely on `res` (status,
 * headers, body in the platform's format) and resolves true, so the mirror does nothing more; or it
 * writes nothing and resolves false, and the mirror forwards the call as usual. It must not read
 * `req`'s body (use `call.bodyParams`): the mirror may still need to forward it. A rejection is logged
 * and answered 500 in the platform's format.
 */
export interface PollingAnswerer {
  answer(bot: RegisteredBot, call: MirrorCall, req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}
