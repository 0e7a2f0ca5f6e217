import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { ChangeEvents, WebhooksChanged } from '../common/changes';
import { DeliveryLog } from './delivery-log';
import { DeliveryDto } from './webhook.dto';
import { Metrics } from '../metrics/metrics';
import { SendOutcome, WebhookSender } from './webhook-sender';
import { botlensSignature, standardWebhookSignature } from './webhook-signature';
import { WebhookSubscription } from './webhook-subscription.entity';
import { presentDelivery, WebhooksService } from './webhooks.service';

export const USER_AGENT = 'Botlens-Webhook/1';

/** How long a subscription (and its decrypted secret) is reused by queued deliveries. */
const SUBSCRIPTION_FRESH_MS = 5_000;

interface Signer {
  subscription: WebhookSubscription;
  secret: string;
  at: number;
}

/** Builds, signs and sends one event to one subscription, and records the attempt. */
@Injectable()
export class WebhookDeliveryService {
  private readonly signers = new Map<string, Signer>();

  constructor(
    private readonly sender: WebhookSender,
    private readonly webhooks: WebhooksService,
    private readonly log: DeliveryLog,
    @InjectRepository(WebhookSubscription) private readonly subscriptions: Repository<WebhookSubscription>,
    private readonly metrics: Metrics,
  ) {}

  /** Drops a cached subscription after it changed, so the next delivery sees the change. */
  @OnEvent(ChangeEvents.webhooksChanged)
  onWebhooksChanged(change: WebhooksChanged): void {
    this.signers.delete(change.subscriptionId);
  }

  /** A queued delivery: skipped when the subscription is gone or inactive; recorded in the next batch. */
  async deliverQueued(subscriptionId: string, event: string, data: object, eventId: string): Promise<void> {
    const signer = await this.signerOf(subscriptionId);
    if (!signer?.subscription.active) return;
    const outcome = await this.send(signer.subscription, signer.secret, event, data, eventId);
    this.log.add(subscriptionId, event, outcome);
  }

  /** The test ping: sent whatever the subscription's state, recorded before answering. */
  async deliverNow(subscription: WebhookSubscription, event: string, data: object): Promise<DeliveryDto> {
    const outcome = await this.send(subscription, this.webhooks.secretOf(subscription), event, data, randomUUID());
    return presentDelivery(await this.log.write(subscription.id, event, outcome));
  }

  private async send(
    subscription: WebhookSubscription,
    secret: string,
    event: string,
    data: object,
    eventId: string,
  ): Promise<SendOutcome> {
    const body = JSON.stringify({
      event,
      delivered_at: new Date().toISOString(),
      subscription_id: subscription.id,
      data,
    });
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
    const counted = outcome.error === null ? 'delivered' : outcome.statusCode === null ? 'failed' : 'rejected';
    this.metrics.webhookDeliveries.inc({ outcome: counted });
    return outcome;
  }

  private async signerOf(subscriptionId: string): Promise<Signer | null> {
    const cached = this.signers.get(subscriptionId);
    if (cached && Date.now() - cached.at < SUBSCRIPTION_FRESH_MS) return cached;
    const subscription = await this.subscriptions.findOneBy({ id: subscriptionId });
    if (!subscription) {
      this.signers.delete(subscriptionId);
      return null;
    }
    const signer = { subscription, secret: this.webhooks.secretOf(subscription), at: Date.now() };
    this.signers.set(subscriptionId, signer);
    return signer;
  }
}
