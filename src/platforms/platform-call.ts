import { request } from 'undici';
import type { Platform } from './platform';
import { networkErrorCode, PlatformUnreachableException } from './platform-errors';

const PLATFORM_TIMEOUT_MS = 15_000;

export interface PlatformAnswer {
  status: number;
  body: unknown;
}

/** One JSON call to a platform API; a network failure or timeout becomes 502 `<tag> <code>`. */
export async function platformCall(
  platform: Platform,
  url: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; headers?: Record<string, string>; json?: unknown; timeoutMs?: number },
): Promise<PlatformAnswer> {
  const timeoutMs = init.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  try {
    const response = await request(url, {
      method: init.method,
      headers: { ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: parseJson(text) };
  } catch (error) {
    throw new PlatformUnreachableException(platform, networkErrorCode(error));
  }
}

/** A platform answer as JSON; anything else is kept, shortened, so it can still be shown in `provider`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 500) };
  }
}
