import { request } from 'undici';
import type { Platform } from '../../bots/bot.entity';
import { networkErrorCode, PlatformUnreachableException } from '../../platforms/platform-errors';

const PLATFORM_TIMEOUT_MS = 15_000;

export interface PlatformAnswer {
  status: number;
  body: unknown;
}

/** One JSON call to a platform API; a network failure or timeout becomes 502 `<tag> <code>`. */
export async function platformCall(
  platform: Platform,
  url: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; headers?: Record<string, string>; json?: unknown },
): Promise<PlatformAnswer> {
  try {
    const response = await request(url, {
      method: init.method,
      headers: { ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      headersTimeout: PLATFORM_TIMEOUT_MS,
      bodyTimeout: PLATFORM_TIMEOUT_MS,
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: parseJson(text) };
  } catch (error) {
    throw new PlatformUnreachableException(platform, networkErrorCode(error));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 500) };
  }
}
