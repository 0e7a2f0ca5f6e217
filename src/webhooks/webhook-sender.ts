import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { userUrlAgent } from '../common/net/public-only-connector';
import { networkErrorCode } from '../platforms/platform-errors';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The delivery log keeps this many characters of what was sent and of what came back. */
export const PREVIEW_CHARS = 500;
/** An answer is read this far (enough for its preview and to reuse the connection), never whole. */
const ANSWER_READ_LIMIT = 64 * 1024;
/** Bytes enough for PREVIEW_CHARS characters of any UTF-8 text. */
const PREVIEW_BYTES = PREVIEW_CHARS * 4;

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first PREVIEW_CHARS characters of the body sent. */
  bodyPreview: string;
  /** The first PREVIEW_CHARS characters of the receiver's answer; null when none came. */
  responsePreview: string | null;
}

/** Keep-alive connections per subscription and origin: as many as a subscription has deliveries in flight. */
const CONNECTIONS_PER_SUBSCRIPTION = 64;
/** A subscription's pool unused this long is closed (its sockets, idle for keepAliveTimeout, are gone already). */
const POOL_IDLE_MS = 60_000;

/** One subscription's connections, and how many of its requests are under way. */
interface SubscriptionPool {
  agent: Agent;
  inFlight: number;
  lastUsed: number;
}

/**
 * POSTs signed JSON to subscriber URLs: 10 s limit, redirects not followed, private addresses refused when
 * connecting. Each subscription has connections of its own: subscriptions to one host (a CRM taking several
 * bots' events) would otherwise share one origin's pool, so one slow subscription's deliveries in flight would
 * hold every socket and the others' would wait in the pool's queue, their 10 s running.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly pools = new Map<string, SubscriptionPool>();
  private readonly sweep: NodeJS.Timeout;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.sweep = setInterval(() => this.closeIdlePools(), POOL_IDLE_MS).unref();
  }

  /** `subscriptionId` chooses the connections the request goes through. */
  async send(subscriptionId: string, url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const pool = this.poolOf(subscriptionId);
    pool.inFlight++;
    try {
      return await this.post(pool.agent, url, body, headers);
    } finally {
      pool.inFlight--;
      pool.lastUsed = Date.now();
    }
  }

  private poolOf(subscriptionId: string): SubscriptionPool {
    let pool = this.pools.get(subscriptionId);
    if (!pool) {
      const agent = userUrlAgent(this.config.allowPrivateWebhookTargets, CONNECTIONS_PER_SUBSCRIPTION);
      pool = { agent, inFlight: 0, lastUsed: Date.now() };
      this.pools.set(subscriptionId, pool);
    }
    return pool;
  }

  /** Deleted or quiet subscriptions leave no pool behind. */
  private closeIdlePools(): void {
    const now = Date.now();
    for (const [id, pool] of this.pools) {
      if (pool.inFlight > 0 || now - pool.lastUsed < POOL_IDLE_MS) continue;
      this.pools.delete(id);
      void pool.agent.close().catch(() => undefined);
    }
  }

  private async post(agent: Agent, url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await request(url, {
        method: 'POST',
        body,
        headers,
        dispatcher: agent,
        headersTimeout: WEBHOOK_TIMEOUT_MS,
        bodyTimeout: WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      const responsePreview = await answerPreview(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        statusCode: response.statusCode,
        error: ok ? null : `HTTP ${response.statusCode}`,
        durationMs: elapsed(),
        bodyPreview: previewOf(body),
        responsePreview,
      };
    } catch (error) {
      return {
        statusCode: null,
        error: networkErrorCode(error),
        durationMs: elapsed(),
        bodyPreview: previewOf(body),
        responsePreview: null,
      };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweep);
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.agent.close()));
  }
}

/** The first PREVIEW_CHARS characters (code points, so no character is cut in half). */
export function previewOf(text: string): string {
  return text.length <= PREVIEW_CHARS ? text : Array.from(text).slice(0, PREVIEW_CHARS).join('');
}

/** Reads the answer up to ANSWER_READ_LIMIT and keeps the start of it; a body that fails midway keeps what came. */
async function answerPreview(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let read = 0;
  try {
    for await (const chunk of body) {
      if (keptBytes < PREVIEW_BYTES) {
        kept.push(chunk);
        keptBytes += chunk.length;
      }
      read += chunk.length;
      if (read > ANSWER_READ_LIMIT) break;
    }
  } catch {
    // A timeout or reset while reading: the status already says how it went.
  }
  return previewOf(Buffer.concat(kept).subarray(0, PREVIEW_BYTES).toString('utf8'));
}
