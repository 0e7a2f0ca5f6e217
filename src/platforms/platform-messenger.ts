import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, FormData, request } from 'undici';
import type { Platform } from './platform';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { parseJson } from './platform-call';
import { networkErrorCode, PlatformUnreachableException } from './platform-errors';
import { OnWire, watchWire } from './wire-watch';

/** What the platform said to a send: accepted (with its answer) or refused (status, answer, wait hint). */
export type SendOutcome =
  | { accepted: true; answer: unknown; result: unknown }
  | { accepted: false; status: number; answer: unknown; retryAfterSeconds: number | null };

const SEND_TIMEOUT_MS = 30_000;

/**
 * Sends one text message to one user, the way the service itself talks to the platforms
 * (cabinet and open-API sends, broadcasts): Telegram `sendMessage` with `chat_id`, MAX
 * `POST /messages?user_id=` (a MAX dialog's chat id is not the user's id, contract §6).
 * Network failures throw 502 `<platform> <code>`; platform refusals come back as outcomes.
 */
@Injectable()
export class PlatformMessenger implements OnApplicationShutdown {
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `onWire` learns when the call actually left (broadcast pacing counts on it). */
  sendText(platform: Platform, token: string, userId: string, text: string, onWire?: OnWire): Promise<SendOutcome> {
    return platform === 'telegram'
      ? this.call(
          platform,
          `${this.config.telegramApiUrl}/bot${token}/sendMessage`,
          {},
          { chat_id: userId, text },
          onWire,
        )
      : this.call(
          platform,
          `${this.config.maxApiUrl}/messages?user_id=${encodeURIComponent(userId)}`,
          { authorization: token },
          { text },
          onWire,
        );
  }

  private call(
    platform: Platform,
    url: string,
    headers: Record<string, string>,
    body: object,
    onWire?: OnWire,
  ): Promise<SendOutcome> {
    return postToPlatform(
      this.agent,
      platform,
      url,
      { ...headers, 'content-type': 'application/json' },
      JSON.stringify(body),
      SEND_TIMEOUT_MS,
      onWire,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}

/**
 * One POST to a platform, read as an outcome: accepted (Telegram `ok: true`, MAX any 200) or refused with
 * its status, answer and wait hint. A network failure throws 502 `<platform> <code>`. `onWire`, when given,
 * is told when a JSON body left (a multipart upload is not watched).
 */
export async function postToPlatform(
  agent: Agent,
  platform: Platform,
  url: string,
  headers: Record<string, string>,
  body: string | FormData,
  timeoutMs: number,
  onWire?: OnWire,
): Promise<SendOutcome> {
  let status: number;
  let text: string;
  let retryAfterHeader: string | string[] | undefined;
  const payload = onWire && typeof body === 'string' && body ? Buffer.from(body) : body;
  const stopWatching = onWire && Buffer.isBuffer(payload) ? watchWire(payload, onWire) : undefined;
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers,
      body: payload,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    status = response.statusCode;
    retryAfterHeader = response.headers['retry-after'];
    text = await response.body.text();
  } catch (error) {
    throw new PlatformUnreachableException(platform, networkErrorCode(error));
  } finally {
    stopWatching?.();
  }
  const answer = parseJson(text);
  if (status === 200 && (platform === 'max' || (answer as { ok?: boolean })?.ok === true)) {
    return {
      accepted: true,
      answer,
      result: platform === 'telegram' ? (answer as { result: unknown }).result : answer,
    };
  }
  return { accepted: false, status, answer, retryAfterSeconds: retryAfterOf(answer, retryAfterHeader) };
}

/** The wait a refusal asks for: Telegram `parameters.retry_after`, else a `Retry-After` header. */
export function retryAfterOf(answer: unknown, header: string | string[] | undefined): number | null {
  const fromBody = (answer as { parameters?: { retry_after?: unknown } })?.parameters?.retry_after;
  if (typeof fromBody === 'number' && fromBody >= 0) return fromBody;
  const fromHeader = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(fromHeader) && fromHeader >= 0 ? fromHeader : null;
}
