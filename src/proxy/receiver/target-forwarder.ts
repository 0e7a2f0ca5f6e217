import { BadRequestException, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'undici';
import { TargetUrlPolicy } from '../../bots/target-url.policy';
import { Messages } from '../../common/messages';
import { networkErrorCode } from '../../platforms/platform-errors';

/** What became of one forward to the bot's target_url. */
export type ForwardResult =
  | { delivered: true; status: number; contentType: string | null; body: Buffer }
  | { delivered: false; error: string };

export const DEFAULT_FORWARD_TIMEOUT_MS = 25_000;
/** A webhook answer is an API call or nothing; anything bigger is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const POLICY_VERDICT_MS = 60_000;
const POLICY_CACHE_LIMIT = 10_000;

/** Headers passed to the target unchanged: the body's type and the platforms' secret headers. */
const FORWARDED_HEADERS = ['content-type', 'x-telegram-bot-api-secret-token', 'x-max-bot-api-secret'] as const;

/**
 * Forwards a pushed update to a bot's target_url over pooled keep-alive connections. Redirects are
 * not followed (a 3xx is a failure), and the private-address policy is checked at delivery time,
 * its verdict cached per URL for a minute so the hot path does not resolve DNS for every update.
 */
@Injectable()
export class TargetForwarder implements OnApplicationShutdown {
  /** Settable so tests can exercise a slow target quickly. */
  timeoutMs = DEFAULT_FORWARD_TIMEOUT_MS;
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });
  private readonly verdicts = new Map<string, { allowed: boolean; until: number }>();

  constructor(private readonly policy: TargetUrlPolicy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  async forward(targetUrl: string, body: Buffer, incoming: IncomingHttpHeaders): Promise<ForwardResult> {
    if (!(await this.allowed(targetUrl))) return { delivered: false, error: Messages.privateTarget };
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
      return { delivered: false, error: networkErrorCode(error) };
    }
  }

  private async allowed(targetUrl: string): Promise<boolean> {
    const cached = this.verdicts.get(targetUrl);
    if (cached && cached.until > Date.now()) return cached.allowed;
    let allowed = true;
    try {
      await this.policy.assertAllowed(targetUrl);
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      allowed = false;
    }
    if (this.verdicts.size >= POLICY_CACHE_LIMIT) this.verdicts.clear();
    this.verdicts.set(targetUrl, { allowed, until: Date.now() + POLICY_VERDICT_MS });
    return allowed;
  }
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<Buffer | null> {
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
