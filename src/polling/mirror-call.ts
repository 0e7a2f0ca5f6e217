import type { Platform } from '../platforms/platform';

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
