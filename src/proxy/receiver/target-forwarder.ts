import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'undici';
import { Messages } from '../../common/messages';
import { PRIVATE_ADDRESS_CODE, userUrlAgent } from '../../common/net/public-only-connector';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { networkErrorCode } from '../../platforms/platform-errors';

/** What became of one forward to the bot's target_url. */
export type ForwardResult =
  { delivered: true; status: number; contentType: string | null; body: Buffer } | { delivered: false; error: string };

export const DEFAULT_FORWARD_TIMEOUT_MS = 25_000;
/** A webhook answer is an API call or nothing; anything bigger is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Headers passed to the target unchanged: the body's type and the platforms' secret headers. */
const FORWARDED_HEADERS = ['content-type', 'x-telegram-bot-api-secret-token', 'x-max-bot-api-secret'] as const;

/**
 * Forwards a pushed update to a bot's target_url over pooled keep-alive connections. Redirects are
 * not followed (a 3xx is a failure), and private addresses are refused when a connection is opened
 * (see publicOnlyConnector), so an update on an open connection costs no DNS lookup or check.
 */
@Injectable()
export class TargetForwarder implements OnApplicationShutdown {
  /** Settable so tests can exercise a slow target quickly. */
  timeoutMs = DEFAULT_FORWARD_TIMEOUT_MS;
  private readonly agent: Agent;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.agent = userUrlAgent(config.allowPrivateWebhookTargets, 256);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  async forward(targetUrl: string, body: Buffer, incoming: IncomingHttpHeaders): Promise<ForwardResult> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of FORWARDED_HEADERS) {
      const value = incoming[name];
      if (typeof value === 'string') headers[name] = value;
    }
    try {
      const response = await request(targetUrl, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        return { delivered: false, error: `HTTP ${response.statusCode}` };
      }
      const answer = await readLimited(response.body, MAX_ANSWER_BYTES);
      if (answer === null) return { delivered: false, error: 'Answer too large' };
      const contentType = response.headers['content-type'];
      return {
        delivered: true,
        status: response.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: answer,
      };
    } catch (error) {
      const code = networkErrorCode(error);
      return { delivered: false, error: code === PRIVATE_ADDRESS_CODE ? Messages.privateTarget : code };
    }
  }
}

async function readLimited(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  limit: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
