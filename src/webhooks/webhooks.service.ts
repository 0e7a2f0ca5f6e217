import { BadRequestException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { UsersRepository } from '../auth/users.repository';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { prefixedSecret } from '../common/crypto/random';
import { SecretBox } from '../common/crypto/secret-box';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { resolvesToPublicAddresses } from '../common/net/public-address';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Queryable } from '../database/sql';
import { CreatedWebhookDto, CreateWebhookDto, DeliveryDto, UpdateWebhookDto, WebhookDto } from './webhook.dto';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookSubscription } from './webhook-subscription.entity';

export const MAX_SUBSCRIPTIONS_PER_USER = 20;
/** 44 base62 characters are also valid base64, which Standard Webhooks libraries decode. */
export const WEBHOOK_SECRET_LENGTH = 44;
export const DELIVERIES_KEPT = 50;

/** Event webhook subscriptions of the signed-in user (contract §3, spec: Events). */
@Injectable()
export class WebhooksService {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(WebhookSubscription) private readonly subscriptions: Repository<WebhookSubscription>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly access: BotAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.tokenEncryptionKey);
  }

  /** A deleted account's subscriptions, and those on its bots, stop delivering. */
  async deactivateAllOf(tx: Queryable, userId: string, botIds: string[]): Promise<void> {
    await tx.query(
      `UPDATE webhook_subscriptions SET active = false, updated_at = now() WHERE (user_id = $1 OR bot_id = ANY($2::uuid[])) AND active`,
      [userId, botIds],
    );
  }

  /** The subscription is the user's; its bot, if any, must be one of the account they work on. */
  async create(principal: Principal, dto: CreateWebhookDto): Promise<CreatedWebhookDto> {
    const userId = principal.userId;
    if (dto.bot_id) await this.access.require(principal, dto.bot_id, 'manage');
    await this.assertDeliverable(dto.url);
    const secret = prefixedSecret('whsec_', WEBHOOK_SECRET_LENGTH);
    const saved = await this.dataSource.transaction(async (tx) => {
      await this.users.lock(tx, userId);
      const count = await tx.getRepository(WebhookSubscription).countBy({ userId });
      if (count >= MAX_SUBSCRIPTIONS_PER_USER) {
        throw new HttpException(Messages.subscriptionLimit, HttpStatus.TOO_MANY_REQUESTS);
      }
      const repo = tx.getRepository(WebhookSubscription);
      return repo.save(
        repo.create({
          userId,
          botId: dto.bot_id ?? null,
          url: dto.url,
          events: dto.events,
          secretEncrypted: this.box.encrypt(secret),
          active: true,
        }),
      );
    });
    return { ...presentSubscription(saved), secret };
  }

  async list(userId: string): Promise<WebhookDto[]> {
    const rows = await this.subscriptions.find({ where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map(presentSubscription);
  }

  async update(userId: string, id: string, dto: UpdateWebhookDto): Promise<WebhookDto> {
    const subscription = await this.getOwned(userId, id);
    if (dto.url !== undefined) {
      await this.assertDeliverable(dto.url);
      subscription.url = dto.url;
    }
    if (dto.events !== undefined) subscription.events = dto.events;
    if (dto.active !== undefined) subscription.active = dto.active;
    return presentSubscription(await this.subscriptions.save(subscription));
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.subscriptions.delete({ id: (await this.getOwned(userId, id)).id });
  }

  async getOwned(userId: string, id: string): Promise<WebhookSubscription> {
    const subscription = isUuid(id) ? await this.subscriptions.findOneBy({ id, userId }) : null;
    if (!subscription) throw new NotFoundException(Messages.subscriptionNotFound);
    return subscription;
  }

  async deliveriesOf(userId: string, id: string): Promise<DeliveryDto[]> {
    const subscription = await this.getOwned(userId, id);
    const rows = await this.deliveries.find({
      where: { subscriptionId: subscription.id },
      order: { id: 'DESC' },
      take: DELIVERIES_KEPT,
    });
    return rows.map(presentDelivery);
  }

  secretOf(subscription: WebhookSubscription): string {
    return this.box.decrypt(subscription.secretEncrypted);
  }

  private async assertDeliverable(url: string): Promise<void> {
    if (this.config.allowPrivateWebhookTargets) return;
    if (!(await resolvesToPublicAddresses(url))) throw new BadRequestException(Messages.privateWebhookUrl);
  }
}

export function presentSubscription(s: WebhookSubscription): WebhookDto {
  return { id: s.id, url: s.url, events: s.events, bot_id: s.botId, active: s.active, created_at: s.createdAt };
}

export function presentDelivery(d: WebhookDelivery): DeliveryDto {
  return {
    event: d.event,
    status_code: d.statusCode,
    error: d.error,
    duration_ms: d.durationMs,
    body_preview: d.bodyPreview,
    response_preview: d.responsePreview,
    created_at: d.createdAt,
  };
}
