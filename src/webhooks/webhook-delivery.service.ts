import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { DeliveryDto } from './webhook.dto';
import { WebhookSender } from './webhook-sender';
import { botlensSignature, standardWebhookSignature } from './webhook-signature';
import { WebhookSubscription } from './webhook-subscription.entity';
import { DELIVERIES_KEPT, presentDelivery, WebhooksService } from './webhooks.service';
import { WebhookDelivery } from './webhook-delivery.entity';

export const USER_AGENT = 'Botlens-Webhook/1';

/** Builds, signs and sends one event to one subscription, and records the attempt. */
@Injectable()
export class WebhookDeliveryService {
  constructor(
    private readonly sender: WebhookSender,
    private readonly webhooks: WebhooksService,
    private readonly dataSource: DataSource,
    @InjectRepository(WebhookSubscription) private readonly subscriptions: Repository<WebhookSubscription>,
  ) {}

  async deliverById(subscriptionId: string, event: string, data: object, eventId: string): Promise<DeliveryDto | null> {
    const subscription = await this.subscriptions.findOneBy({ id: subscriptionId });
    if (!subscription?.active) return null;
    return this.deliver(subscription, event, data, eventId);
  }

  async deliver(subscription: WebhookSubscription, event: string, data: object, eventId: string = randomUUID()): Promise<DeliveryDto> {
    const secret = this.webhooks.secretOf(subscription);
    const body = JSON.stringify({ event, delivered_at: new Date().toISOString(), subscription_id: subscription.id, data });
    const timestamp = Math.floor(Date.now() / 1000);
    const messageId = `msg_${eventId}_${subscription.id}`;
    const outcome = await this.sender.send(subscription.url, body, {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-webhook-event': event,
      'x-webhook-signature': botlensSignature(secret, body),
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardWebhookSignature(secret, messageId, timestamp, body),
    });
    return presentDelivery(await this.record(subscription.id, event, outcome));
  }

  /** Inserts the attempt and trims the log to the newest 50 in one statement. */
  private async record(subscriptionId: string, event: string, outcome: { statusCode: number | null; error: string | null; durationMs: number }) {
    const rows: WebhookDelivery[] = await this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO webhook_deliveries (subscription_id, event, status_code, error, duration_ms)
         VALUES ($1, $2, $3, $4, $5)
         RETURNING id, subscription_id AS "subscriptionId", event, status_code AS "statusCode", error,
                   duration_ms AS "durationMs", created_at AS "createdAt"),
       trimmed AS (
         DELETE FROM webhook_deliveries WHERE subscription_id = $1 AND id <= (
           SELECT id FROM webhook_deliveries WHERE subscription_id = $1 ORDER BY id DESC OFFSET $6 LIMIT 1))
       SELECT * FROM inserted`,
      [subscriptionId, event, outcome.statusCode, outcome.error, outcome.durationMs, DELIVERIES_KEPT - 1],
    );
    return rows[0];
  }
}
