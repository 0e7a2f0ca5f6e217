import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { ChangeEvents, WebhooksChanged } from '../common/changes';
import { DeliveryLog } from './delivery-log';
import { DeliveryDto } from './webhook.dto';
import { Metrics } from '../metrics/metrics';
import { OutboxEntry } from './webhook-outbox';
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
}

interface CachedSigner {
  at: number;
  signer: Promise<Signer | null>;
}

/** Builds, signs and sends one event to one subscription, and records the attempt. */
@Injectable()
export class WebhookDeliveryService {
  private readonly signers = new Map<string, CachedSigner>();

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

  /** A claimed delivery: skipped when the subscription is gone or inactive; recorded in the next batch. */
  async deliverQueued(delivery: OutboxEntry): Promise<void> {
    const signer = await this.signerOf(delivery.subscriptionId);
    if (!signer?.subscription.active) return;
    const { subscription, secret } = signer;
    const outcome = await this.send(subscription, secret, delivery.event, delivery.dataJson, delivery.eventId);
    this.log.add(subscription.id, delivery.event, outcome);
  }

  /** The test ping: sent whatever the subscription's state, recorded before answering. */
  async deliverNow(subscription: WebhookSubscription, event: string, data: object): Promise<DeliveryDto> {
    const secret = this.webhooks.secretOf(subscription);
    const outcome = await this.send(subscription, secret, event, JSON.stringify(data), randomUUID());
    return presentDelivery(await this.log.write(subscription.id, event, outcome));
  }

  /**
   * `dataJson` is the event's data serialised once for all its subscriptions; the envelope around it is the
   * same bytes JSON.stringify gives for `{ event, delivered_at, subscription_id, data }`. The webhook-id is the
   * event's and the subscription's, so a delivery sent again (its worker died before it was marked sent) carries
   * the same one and receivers can drop the repeat.
   */
  private async send(
    subscription: WebhookSubscription,
    secret: string,
    event: string,
    dataJson: string,
    eventId: string,
  ): Promise<SendOutcome> {
    const body =
      `{"event":${JSON.stringify(event)},"delivered_at":"${new Date().toISOString()}",` +
      `"subscription_id":${JSON.stringify(subscription.id)},"data":${dataJson}}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const messageId = `msg_${eventId}_${subscription.id}`;
    const outcome = await this.sender.send(subscription.id, subscription.url, body, {
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

  /** Deliveries claimed together share one read of their subscription (a promise cached while it runs). */
  private signerOf(subscriptionId: string): Promise<Signer | null> {
    const cached = this.signers.get(subscriptionId);
    if (cached && Date.now() - cached.at < SUBSCRIPTION_FRESH_MS) return cached.signer;
    const entry: CachedSigner = { at: Date.now(), signer: this.readSigner(subscriptionId) };
    this.signers.set(subscriptionId, entry);
    entry.signer.catch(() => this.signers.get(subscriptionId) === entry && this.signers.delete(subscriptionId));
    return entry.signer;
  }

  private async readSigner(subscriptionId: string): Promise<Signer | null> {
    const subscription = await this.subscriptions.findOneBy({ id: subscriptionId });
    return subscription ? { subscription, secret: this.webhooks.secretOf(subscription) } : null;
  }
}
