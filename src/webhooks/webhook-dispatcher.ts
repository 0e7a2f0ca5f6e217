import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { BROADCAST_COMPLETED, BroadcastCompletedEvent } from '../broadcasts/broadcast-completion';
import { FUNNEL_STEP_PASSED, FunnelStepPassedEvent } from '../funnels/funnel-reach.listener';
import {
  ButtonPressEvent,
  ContactCreatedEvent,
  FactEventName,
  FactEvents,
  MessageEvent,
  onFact,
  PaymentEvent,
} from '../ingest/events';
import { INTENT_MATCHED, IntentMatchedEvent } from '../intents/intent-matcher';
import { LINK_CLICKED, LinkClickedEvent } from '../links/click-writer';
import { BOT_ALERT_OPENED, BOT_ALERT_RESOLVED, BotAlertEvent } from '../bot-health/alert-events';
import { Queues } from '../queue/job-settings';
import { AccountDeleted, ChangeEvents, TeamMembershipChanged, WebhooksChanged } from '../common/changes';
import { WebhookDeliveryWorkers } from './webhook-delivery.workers';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSubscription } from './webhook-subscription.entity';
import { describeError } from '../logging/describe-error';

export const WEBHOOK_QUEUE = Queues.webhookDeliveries;

/** A wake-up carries nothing: the deliveries are in webhook_outbox. */
export type WebhookJob = Record<string, never>;

/** An account's subscriptions as read at `at`; `loaded` is set once the read has finished. */
interface CachedSubscriptions {
  at: number;
  subscriptions: Promise<WebhookSubscription[]>;
  loaded?: WebhookSubscription[];
}

/** How long an account's subscription list is reused before it is read again (also how soon team changes apply). */
const SUBSCRIPTIONS_FRESH_MS = 5_000;

/**
 * Listens to the fact events and writes one outbox row per matching subscription: the active subscriptions of
 * the bot's account (its owner's and its team members') that take this event, for this bot or for all of the
 * account's bots. Rows of events emitted together (a committed batch emits all its events in one go) go in one
 * insert: already claimed by this instance when it runs the delivery workers itself (WebhookDeliveryWorkers.submit),
 * otherwise followed by one wake-up job for the worker instances.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger('Webhooks');
  private readonly cache = new Map<string, CachedSubscriptions>();
  /** The outbox batch the last wake-up was arranged for. */
  private lastWritten: Promise<unknown> | null = null;

  constructor(
    @InjectRepository(WebhookSubscription) private readonly subscriptions: Repository<WebhookSubscription>,
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<WebhookJob>,
    private readonly outbox: WebhookOutbox,
    private readonly workers: WebhookDeliveryWorkers,
    events: EventEmitter2,
  ) {
    // Fact events straight from the bus (see onFact): every stored fact comes here.
    onFact(events, FactEvents.messageCreated, this.logger, (event: MessageEvent) => this.onMessage(event));
    onFact(events, FactEvents.messageOutbound, this.logger, (event: MessageEvent) => this.onMessage(event));
    onFact(events, FactEvents.contactCreated, this.logger, (event: ContactCreatedEvent) => this.onContact(event));
    onFact(events, FactEvents.buttonPressed, this.logger, (event: ButtonPressEvent) => this.onPress(event));
    onFact(events, FactEvents.paymentSucceeded, this.logger, (event: PaymentEvent) =>
      this.onPayment(FactEvents.paymentSucceeded, event),
    );
    onFact(events, FactEvents.paymentRefunded, this.logger, (event: PaymentEvent) =>
      this.onPayment(FactEvents.paymentRefunded, event),
    );
    // A click per redirect, thousands a second: straight from the bus too. onLinkClicked never throws and its
    // promise never rejects; the bus types listeners as returning nothing, emitAsync awaits it while closing.
    const onClick = (event: LinkClickedEvent) => this.onLinkClicked(event);
    events.on(LINK_CLICKED, onClick as (event: LinkClickedEvent) => void);
  }

  /** Called when an account's subscriptions or team change, so the next event sees them. */
  forget(accountId: string): void {
    this.cache.delete(accountId);
  }

  /** A member's subscriptions move with them between accounts. */
  @OnEvent(ChangeEvents.webhooksChanged)
  onWebhooksChanged(change: WebhooksChanged): void {
    this.forget(change.accountId);
  }

  @OnEvent(ChangeEvents.teamMembershipChanged)
  onTeamChange(change: TeamMembershipChanged): void {
    this.forget(change.accountId);
    this.forget(change.previousAccountId);
  }

  /** A deleted account's list goes, and so does its former team's, which held its subscriptions. */
  @OnEvent(ChangeEvents.accountDeleted)
  onAccountDeleted(change: AccountDeleted): void {
    this.forget(change.accountId);
    if (change.formerTeamId) this.forget(change.formerTeamId);
  }

  onMessage(event: MessageEvent): Promise<void> | undefined {
    const name = event.direction === 'in' ? FactEvents.messageCreated : FactEvents.messageOutbound;
    if (this.surelyUnwanted(event.userId, event.bot_id, name)) return undefined;
    const { userId, ...data } = event;
    return this.dispatchQueued(userId, data.bot_id, name, data);
  }

  onContact(event: ContactCreatedEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, FactEvents.contactCreated)) return undefined;
    const { userId, ...data } = event;
    return this.dispatchQueued(userId, data.bot_id, FactEvents.contactCreated, data);
  }

  onPress(event: ButtonPressEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, FactEvents.buttonPressed)) return undefined;
    const { userId, ...data } = event;
    return this.dispatchQueued(userId, data.bot_id, FactEvents.buttonPressed, data);
  }

  /** `payment.succeeded` / `payment.refunded`: the data is the payment object. */
  onPayment(name: FactEventName, event: PaymentEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, name)) return undefined;
    const { userId, ...data } = event;
    return this.dispatchQueued(userId, data.bot_id, name, data);
  }

  /** One `intent.matched` per intent the message matched, after the matches are stored. */
  @OnEvent(INTENT_MATCHED)
  onIntentMatched(event: IntentMatchedEvent): Promise<void[]> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, INTENT_MATCHED)) return undefined;
    const { userId, bot_id, message_id, external_user_id, text } = event;
    return Promise.all(
      event.intent_ids.map((intent_id, i) =>
        this.dispatchQueued(userId, bot_id, INTENT_MATCHED, {
          intent_id,
          intent_name: event.intent_names[i],
          message_id,
          bot_id,
          external_user_id,
          text,
        }),
      ),
    );
  }

  @OnEvent(BROADCAST_COMPLETED)
  onBroadcastCompleted(event: BroadcastCompletedEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, BROADCAST_COMPLETED)) return undefined;
    const { userId, broadcast_id, bot_id, status, total_count, sent_count, failed_count } = event;
    const data = { broadcast_id, bot_id, status, total_count, sent_count, failed_count };
    return this.dispatchQueued(userId, bot_id, BROADCAST_COMPLETED, data);
  }

  @OnEvent(FUNNEL_STEP_PASSED)
  onStepPassed(event: FunnelStepPassedEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, FUNNEL_STEP_PASSED)) return undefined;
    const { userId, bot_id, external_user_id, stage_index, stage_name } = event;
    const data = { bot_id, external_user_id, stage_index, stage_name };
    return this.dispatchQueued(userId, bot_id, FUNNEL_STEP_PASSED, data);
  }

  onLinkClicked(event: LinkClickedEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, LINK_CLICKED)) return undefined;
    const { userId, bot_id, link_id, url, user_id, clicked_at } = event;
    return this.dispatchQueued(userId, bot_id, LINK_CLICKED, { bot_id, link_id, url, user_id, clicked_at });
  }

  /** `bot.alert.opened` / `bot.alert.resolved` (issue 27): once per alert, from the check that changed it. */
  @OnEvent(BOT_ALERT_OPENED)
  onAlertOpened(event: BotAlertEvent): Promise<void> | undefined {
    return this.onAlert(BOT_ALERT_OPENED, event);
  }

  @OnEvent(BOT_ALERT_RESOLVED)
  onAlertResolved(event: BotAlertEvent): Promise<void> | undefined {
    return this.onAlert(BOT_ALERT_RESOLVED, event);
  }

  private onAlert(name: string, event: BotAlertEvent): Promise<void> | undefined {
    if (this.surelyUnwanted(event.userId, event.bot_id, name)) return undefined;
    const { userId, ...data } = event;
    return this.dispatchQueued(userId, data.bot_id, name, data);
  }

  /**
   * Every stored fact comes here, and nearly all of them match no subscription: when the account's list
   * is already loaded that is known at once, without the copy and the promises of the queueing path
   * (a few µs per mirrored send, where the mirror is CPU-bound).
   */
  private surelyUnwanted(accountId: string, botId: string, event: string): boolean {
    const loaded = this.freshEntry(accountId)?.loaded;
    return loaded !== undefined && !loaded.some((s) => takes(s, event, botId));
  }

  private async dispatchQueued(accountId: string, botId: string, event: string, data: object): Promise<void> {
    try {
      await this.enqueue(accountId, botId, event, data);
    } catch (error) {
      // The fact is stored either way; a database outage here costs this notification only.
      this.logger.error(`Queueing ${event} failed: ${describeError(error)}`);
    }
  }

  private async enqueue(accountId: string, botId: string, event: string, data: object): Promise<void> {
    const matching = (await this.subscriptionsOf(accountId)).filter((s) => takes(s, event, botId));
    if (!matching.length) return;
    const eventId = randomUUID();
    // Serialised once, whatever the number of subscriptions; each delivery wraps it in its own envelope.
    const dataJson = JSON.stringify(data);
    const entries = matching.map((s) => ({ subscriptionId: s.id, event, eventId, dataJson }));
    if (this.workers.local) return this.workers.submit(entries);
    const written = this.outbox.add(
      entries.map((entry) => ({ ...entry, leased: false })),
      0,
    );
    if (written !== this.lastWritten) {
      this.lastWritten = written;
      void written.then(
        () => this.wake(),
        () => undefined,
      );
    }
    await written;
  }

  /**
   * An instance that runs no workers wakes them with one `webhook-deliveries` job per batch it wrote. A wake-up
   * lost with Redis costs only time: the workers' sweep finds the rows.
   */
  private async wake(): Promise<void> {
    try {
      await this.queue.add('wake', {});
    } catch (error) {
      this.logger.warn(`Waking the delivery workers failed (the sweep delivers): ${describeError(error)}`);
    }
  }

  /** The subscriptions of everyone who works on the account: its owner and its team members. */
  private subscriptionsOf(accountId: string): Promise<WebhookSubscription[]> {
    const cached = this.freshEntry(accountId);
    if (cached) return cached.subscriptions;
    const subscriptions = this.subscriptions
      .createQueryBuilder('s')
      .innerJoin('users', 'u', 'u.id = s.user_id AND u.deleted_at IS NULL')
      .leftJoin('team_members', 'tm', 'tm.user_id = s.user_id')
      .where('COALESCE(tm.account_id, s.user_id) = :accountId', { accountId })
      .getMany();
    const entry: CachedSubscriptions = { at: Date.now(), subscriptions };
    this.cache.set(accountId, entry);
    subscriptions.then(
      (loaded) => (entry.loaded = loaded),
      () => this.cache.get(accountId) === entry && this.cache.delete(accountId),
    );
    return subscriptions;
  }

  private freshEntry(accountId: string): CachedSubscriptions | undefined {
    const cached = this.cache.get(accountId);
    return cached && Date.now() - cached.at < SUBSCRIPTIONS_FRESH_MS ? cached : undefined;
  }
}

/** Whether the subscription wants this event of this bot. */
function takes(subscription: WebhookSubscription, event: string, botId: string): boolean {
  return (
    subscription.active &&
    subscription.events.includes(event as never) &&
    (subscription.botId === null || subscription.botId === botId)
  );
}
