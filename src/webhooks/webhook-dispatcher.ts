import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { BROADCAST_COMPLETED, BroadcastCompletedEvent } from '../broadcasts/broadcast-completion';
import { FUNNEL_STEP_PASSED, FunnelStepPassedEvent } from '../funnels/funnel-reach.listener';
import { ButtonPressEvent, ContactCreatedEvent, FactEvents, MessageEvent, PaymentEvent } from '../ingest/events';
import { FactFollowers, FactsToCommit, FollowerWrite, MoneyToCommit } from '../ingest/fact-followers';
import { prepared } from '../ingest/pipelined-transaction';
import { INTENT_MATCHED, IntentMatchedEvent } from '../intents/intent-matcher';
import { LINK_CLICKED, LinkClickedEvent } from '../links/click-writer';
import { BOT_ALERT_OPENED, BOT_ALERT_RESOLVED, BotAlertEvent } from '../bot-health/alert-events';
import { Queues } from '../queue/job-settings';
import { AccountDeleted, ChangeEvents, TeamMembershipChanged, WebhooksChanged } from '../common/changes';
import { WebhookDeliveryWorkers } from './webhook-delivery.workers';
import { idsByKey, InsertedRow, insertStatement, OutboxEntry, WebhookOutbox } from './webhook-outbox';
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

/** A stored fact some subscription may want, by its event name. */
interface FactToDeliver {
  name: string;
  fact: ContactCreatedEvent | MessageEvent | ButtonPressEvent | PaymentEvent;
}

/** How long an account's subscription list is reused before it is read again (also how soon team changes apply). */
const SUBSCRIPTIONS_FRESH_MS = 5_000;

/**
 * Writes one outbox row per event and matching subscription: the active subscriptions of the bot's account (its
 * owner's and its team members') that take this event, for this bot or for all of the account's bots. The stored
 * facts' rows go in the ingest's transaction (follow), one insert per batch; the other events' rows (intents,
 * funnels, broadcasts, alerts, clicks), emitted after their own writes, share one insert per event-loop turn.
 * Rows are written already claimed by this instance when it runs the delivery workers itself, and sent once
 * stored; otherwise one wake-up job per insert calls the worker instances.
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
    followers: FactFollowers,
  ) {
    // The stored facts' deliveries are written in the ingest's own transaction (follow).
    followers.add(this);
    // A click per redirect, thousands a second: straight from the bus. onLinkClicked never throws and its
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

  /**
   * The deliveries of the facts a batch is about to commit (contacts, messages, presses, payments), written in
   * its transaction: once a fact is stored, its notifications are too, whatever happens to this process after
   * the COMMIT. Null at once when no subscription wants any of them (nearly every batch).
   */
  follow(facts: FactsToCommit): Promise<FollowerWrite | null> | null {
    const wanted: FactToDeliver[] = [];
    for (const contact of facts.contacts) this.collect(wanted, FactEvents.contactCreated, contact);
    for (const message of facts.messages) {
      const name = message.direction === 'in' ? FactEvents.messageCreated : FactEvents.messageOutbound;
      this.collect(wanted, name, message);
    }
    for (const press of facts.presses) this.collect(wanted, FactEvents.buttonPressed, press);
    // Payments are rare: a batch with some reads their objects before its COMMIT, unless no subscription of
    // their bots' accounts can take them.
    const money = facts.money && this.mayWantMoney(facts.money) ? facts.money : null;
    if (!wanted.length && !money) return null;
    return this.writeFollowing(wanted, money).catch((error) => {
      // Subscriptions could not be read: the facts are stored either way, these notifications are not.
      this.logger.error(`Queueing events failed: ${describeError(error)}`);
      return null;
    });
  }

  private mayWantMoney({ bots }: MoneyToCommit): boolean {
    return bots.some(
      ({ userId, botId }) =>
        !this.surelyUnwanted(userId, botId, FactEvents.paymentSucceeded) ||
        !this.surelyUnwanted(userId, botId, FactEvents.paymentRefunded),
    );
  }

  private collect(wanted: FactToDeliver[], name: string, fact: FactToDeliver['fact']): void {
    if (!this.surelyUnwanted(fact.userId, fact.bot_id, name)) wanted.push({ name, fact });
  }

  private async writeFollowing(wanted: FactToDeliver[], money: MoneyToCommit | null): Promise<FollowerWrite | null> {
    if (money) {
      const { payments, refunds } = await money.read();
      for (const payment of payments) this.collect(wanted, FactEvents.paymentSucceeded, payment);
      for (const payment of refunds) this.collect(wanted, FactEvents.paymentRefunded, payment);
    }
    const accounts = [...new Set(wanted.map(({ fact }) => fact.userId))];
    const lists = await Promise.all(accounts.map((accountId) => this.subscriptionsOf(accountId)));
    const byAccount = new Map(accounts.map((accountId, i) => [accountId, lists[i]]));
    const entries: OutboxEntry[] = [];
    for (const { name, fact } of wanted) {
      const { userId, ...data } = fact;
      const matching = byAccount.get(userId)!.filter((s) => takes(s, name, fact.bot_id));
      if (!matching.length) continue;
      const eventId = randomUUID();
      const dataJson = JSON.stringify(data);
      for (const s of matching) entries.push({ subscriptionId: s.id, event: name, eventId, dataJson });
    }
    if (!entries.length) return null;
    const local = this.workers.local;
    const rows = local ? this.workers.reserveFor(entries) : entries.map((entry) => ({ ...entry, leased: false }));
    const { text, values } = insertStatement(rows, this.workers.leaseMs);
    return {
      statement: prepared(text, values),
      committed: (inserted) => {
        if (local) this.workers.sendReserved(rows, idsByKey(inserted as InsertedRow[]));
        else void this.wake();
      },
      abandoned: () => local && this.workers.releaseReserved(rows),
    };
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
