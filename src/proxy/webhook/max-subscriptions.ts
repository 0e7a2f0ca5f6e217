import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { PlatformErrorException } from '../../platforms/platform-errors';
import { platformCall } from '../../platforms/platform-call';
import { MAX_UPDATE_TYPES, PlatformWebhooks, PlatformWebhookState } from './platform-webhooks';

/** The subscription body's `version` the spec's table gives (platforms.md §6: today's schema may ignore it). */
const SUBSCRIPTION_VERSION = '0.0.1';

interface MaxSubscription {
  url?: string;
  update_types?: string[];
}

/** MAX `POST`, `GET`, `DELETE /subscriptions` (platforms.md §6). A bot may have several; ours is found by URL. */
@Injectable()
export class MaxSubscriptions implements PlatformWebhooks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async set(token: string, url: string, secret: string): Promise<void> {
    await this.call(token, 'POST', '/subscriptions', {
      url,
      update_types: MAX_UPDATE_TYPES,
      version: SUBSCRIPTION_VERSION,
      secret,
    });
  }

  async get(token: string, proxyUrl: string): Promise<PlatformWebhookState> {
    const answer = (await this.call(token, 'GET', '/subscriptions')) as { subscriptions?: MaxSubscription[] };
    const ours = (answer.subscriptions ?? []).find((subscription) => subscription.url === proxyUrl);
    return {
      url: ours ? proxyUrl : null,
      updateTypes: ours?.update_types ?? [],
      pendingUpdateCount: null,
      lastErrorAt: null,
      lastErrorMessage: null,
    };
  }

  async remove(token: string, proxyUrl: string): Promise<void> {
    await this.call(token, 'DELETE', `/subscriptions?url=${encodeURIComponent(proxyUrl)}`);
  }

  private async call(token: string, method: 'GET' | 'POST' | 'DELETE', path: string, json?: unknown): Promise<unknown> {
    const { status, body } = await platformCall('max', `${this.config.maxApiUrl}${path}`, {
      method,
      headers: { authorization: token },
      json,
    });
    // Writes answer `{ success, message? }`; success false is a refusal even with status 200.
    if (status !== 200 || (body as { success?: unknown })?.success === false)
      throw new PlatformErrorException('max', status, body);
    return body;
  }
}
