import { lookup as dnsLookup, LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import * as ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { isPublicAddress } from '../common/net/public-address';
import { networkErrorCode } from '../platforms/platform-errors';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves like dns.lookup but refuses hosts with any non-public address. Checking inside the
 * connection (not before it) means the address that is checked is the address that is dialled,
 * so DNS rebinding cannot slip a private address in between.
 */
function publicOnlyLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!list.length || list.some((a) => !isPublicAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATEADDRESS' }), []);
    }
    if ((options as LookupAllOptions).all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  });
}

/** POSTs signed JSON to subscriber URLs: 10 s limit, redirects not followed, private addresses refused. */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: 64,
      connect: config.allowPrivateWebhookTargets ? {} : { lookup: publicOnlyLookup as never },
    });
  }

  async send(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      this.assertPublicLiteral(url);
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

  /** A literal IP in the URL is dialled without a lookup, so it is checked here. */
  private assertPublicLiteral(url: string): void {
    if (this.config.allowPrivateWebhookTargets) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !isPublicAddress(host)) {
      throw Object.assign(new Error('private address'), { code: 'EPRIVATEADDRESS' });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}
