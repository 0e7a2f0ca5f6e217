import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { userUrlAgent } from '../common/net/public-only-connector';
import { networkErrorCode } from '../platforms/platform-errors';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** POSTs signed JSON to subscriber URLs: 10 s limit, redirects not followed, private addresses refused when connecting. */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.agent = userUrlAgent(config.allowPrivateWebhookTargets, 64);
  }

  async send(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await request(url, {
        method: 'POST',
        body,
        headers,
        dispatcher: this.agent,
        headersTimeout: WEBHOOK_TIMEOUT_MS,
        bodyTimeout: WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { statusCode: response.statusCode, error: ok ? null : `HTTP ${response.statusCode}`, durationMs: elapsed() };
    } catch (error) {
      return { statusCode: null, error: networkErrorCode(error), durationMs: elapsed() };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
