import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Principal } from '../../auth/principal';
import { BotAccess } from '../../bots/bot-access';
import { Bot } from '../../bots/bot.entity';
import { BotsRepository } from '../../bots/bots.repository';
import { BotsService } from '../../bots/bots.service';
import { announce, ChangeEvents } from '../../common/changes';
import { randomBase62 } from '../../common/crypto/random';
import { Messages } from '../../common/messages';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { MaxSubscriptions } from './max-subscriptions';
import { PlatformWebhooks } from './platform-webhooks';
import { TelegramWebhooks } from './telegram-webhooks';
import { WebhookInfoDto } from './webhook.dto';

/** Within both platforms' rules: Telegram 1–256, MAX 5–256 characters of A-Za-z0-9_-. */
const PLATFORM_SECRET_LENGTH = 48;

/** Connects, inspects and disconnects proxy-webhook mode on the platform (contract §5). */
@Injectable()
export class WebhookSetupService {
  constructor(
    private readonly access: BotAccess,
    private readonly bots: BotsService,
    private readonly botRows: BotsRepository,
    private readonly telegram: TelegramWebhooks,
    private readonly max: MaxSubscriptions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventEmitter2,
  ) {}

  /** Points the platform's webhook at the bot's proxy URL with a fresh secret, then reports it. */
  async connect(principal: Principal, botId: string): Promise<WebhookInfoDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    const token = this.tokenOf(bot);
    const secret = randomBase62(PLATFORM_SECRET_LENGTH);
    // The platform first: if it refuses, the stored secret must stay the one it still sends.
    await this.platform(bot).set(token, this.proxyUrl(bot), secret);
    await this.saveSecret(bot, secret);
    return this.describe(bot, token);
  }

  async info(principal: Principal, botId: string): Promise<WebhookInfoDto> {
    const bot = await this.access.require(principal, botId, 'read');
    return this.describe(bot, this.tokenOf(bot));
  }

  async disconnect(principal: Principal, botId: string): Promise<void> {
    const bot = await this.access.require(principal, botId, 'manage');
    await this.platform(bot).remove(this.tokenOf(bot), this.proxyUrl(bot));
    await this.saveSecret(bot, null);
  }

  private async describe(bot: Bot, token: string): Promise<WebhookInfoDto> {
    const proxyUrl = this.proxyUrl(bot);
    const state = await this.platform(bot).get(token, proxyUrl);
    return {
      platform: bot.platform,
      connected: state.url === proxyUrl,
      url: state.url,
      proxy_url: proxyUrl,
      update_types: state.updateTypes,
      pending_update_count: state.pendingUpdateCount,
      last_error_at: state.lastErrorAt,
      last_error_message: state.lastErrorMessage,
      has_secret: bot.webhookSecret !== null,
    };
  }

  private tokenOf(bot: Bot): string {
    const token = this.bots.decryptToken(bot);
    if (token === null) throw new BadRequestException(Messages.webhookNeedsToken);
    return token;
  }

  private platform(bot: Bot): PlatformWebhooks {
    return bot.platform === 'telegram' ? this.telegram : this.max;
  }

  private proxyUrl(bot: Bot): string {
    return `${this.config.publicBaseUrl}/proxy/${bot.id}/${bot.proxySecret}`;
  }

  private async saveSecret(bot: Bot, secret: string | null): Promise<void> {
    await this.botRows.setWebhookSecret(bot.id, secret);
    bot.webhookSecret = secret;
    announce(this.events, { type: ChangeEvents.botChanged, botId: bot.id });
  }
}
