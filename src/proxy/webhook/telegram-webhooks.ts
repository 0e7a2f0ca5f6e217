import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { PlatformErrorException } from '../../platforms/platform-errors';
import { platformCall } from '../../platforms/platform-call';
import { PlatformWebhooks, PlatformWebhookState, TELEGRAM_ALLOWED_UPDATES } from './platform-webhooks';

interface TelegramWebhookInfo {
  url?: string;
  allowed_updates?: string[];
  pending_update_count?: number;
  last_error_date?: number;
  last_error_message?: string;
}

/** Telegram `setWebhook`, `getWebhookInfo`, `deleteWebhook` (platforms.md §6). */
@Injectable()
export class TelegramWebhooks implements PlatformWebhooks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async set(token: string, url: string, secret: string): Promise<void> {
    await this.call(token, 'setWebhook', { url, secret_token: secret, allowed_updates: TELEGRAM_ALLOWED_UPDATES });
  }

  async get(token: string): Promise<PlatformWebhookState> {
    const info = (await this.call(token, 'getWebhookInfo', {})) as TelegramWebhookInfo;
    return {
      url: info.url ? info.url : null,
      updateTypes: Array.isArray(info.allowed_updates) ? info.allowed_updates : [],
      pendingUpdateCount: typeof info.pending_update_count === 'number' ? info.pending_update_count : 0,
      lastErrorAt: typeof info.last_error_date === 'number' ? new Date(info.last_error_date * 1000) : null,
      lastErrorMessage: info.last_error_message ?? null,
    };
  }

  async remove(token: string): Promise<void> {
    await this.call(token, 'deleteWebhook', {});
  }

  private async call(token: string, method: string, params: Record<string, unknown>): Promise<unknown> {
    const { status, body } = await platformCall('telegram', `${this.config.telegramApiUrl}/bot${token}/${method}`, {
      method: 'POST',
      json: params,
    });
    const answer = body as { ok?: boolean; result?: unknown };
    if (status !== 200 || answer?.ok !== true) throw new PlatformErrorException('telegram', status, body);
    return answer.result;
  }
}
