import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { MessageEvent, PaymentEvent } from '../../src/ingest/events';
import { FactFollowers, FactsToCommit, MoneyEvents } from '../../src/ingest/fact-followers';
import type { WebhookDeliveryWorkers } from '../../src/webhooks/webhook-delivery.workers';
import { WebhookDispatcher, WebhookJob } from '../../src/webhooks/webhook-dispatcher';
import { WebhookOutbox } from '../../src/webhooks/webhook-outbox';
import { WebhookSubscription } from '../../src/webhooks/webhook-subscription.entity';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot } from './support/factories';

/**
 * WebhookDispatcher.follow alone (issue 29): what it adds to a batch's transaction, and that it reads the batch's
 * payment objects (a round trip before the COMMIT) only when a subscription may take them.
 */
describe('WebhookDispatcher.follow: the outbox rows of a batch, written in its transaction', () => {
  const db = useFreshDatabase();

  /** A dispatcher on the real database; the queue and the workers are not reached by what these tests do. */
  function dispatcher() {
    const followers = new FactFollowers();
    const wakeUps: unknown[] = [];
    const queue = { add: async (...args: unknown[]) => void wakeUps.push(args) } as unknown as Queue<WebhookJob>;
    const workers = { local: false, leaseMs: 60_000 } as unknown as WebhookDeliveryWorkers;
    const subject = new WebhookDispatcher(
      db.dataSource.getRepository(WebhookSubscription),
      queue,
      new WebhookOutbox(db.dataSource),
      workers,
      new EventEmitter2(),
      followers,
    );
    expect(followers.list).toEqual([subject]);
    return subject;
  }

  async function subscribe(userId: string, botId: string | null, events: string[]) {
    await db.dataSource.query(
      `INSERT INTO webhook_subscriptions (user_id, bot_id, url, events, secret_encrypted, active)
       VALUES ($1, $2, 'http://127.0.0.1:9/hook', $3, 'sealed', true)`,
      [userId, botId, events],
    );
  }

  const message = (userId: string, botId: string, text: string): MessageEvent => ({
    userId,
    bot_id: botId,
    message_id: randomUUID(),
    direction: 'in',
    external_user_id: '42',
    text,
    created_at: '2026-11-29T10:00:00.000Z',
  });

  /** A batch of `messages` and (when `paid`) one payment of `botId`, counting how often its objects are read. */
  function batch(messages: MessageEvent[], paid?: { userId: string; botId: string }) {
    const reads = { count: 0 };
    const payment = paid && ({ userId: paid.userId, bot_id: paid.botId, charge_id: 'ch-1' } as PaymentEvent);
    const facts: FactsToCommit = {
      contacts: [],
      messages,
      presses: [],
      money: paid
        ? {
            bots: [paid],
            read: async (): Promise<MoneyEvents> => {
              reads.count++;
              return { payments: [payment!], refunds: [] };
            },
          }
        : null,
    };
    return { facts, reads };
  }

  async function outboxRows() {
    return db.dataSource.query<Array<{ event: string; text: string | null; charge_id: string | null }>>(
      `SELECT event, data::jsonb->>'text' AS text, data::jsonb->>'charge_id' AS charge_id FROM webhook_outbox
        ORDER BY event, id`,
    );
  }

  /** Follows a batch as the ingest does, then runs its statement and reports it committed. */
  async function commit(subject: WebhookDispatcher, facts: FactsToCommit): Promise<boolean> {
    const write = await subject.follow(facts);
    if (!write) return false;
    const rows = await db.dataSource.query(write.statement.text, write.statement.values);
    write.committed(rows);
    return true;
  }

  it('writes a row per event and subscription that takes it, and none for the events nobody takes', async () => {
    const account = await newAccount(db.dataSource);
    const [bot, other] = [await newBot(db.dataSource, account), await newBot(db.dataSource, account)];
    await subscribe(account.id, bot.id, ['message.created']);
    await subscribe(account.id, null, ['message.created', 'payment.succeeded']);
    const subject = dispatcher();

    const { facts, reads } = batch(
      [message(account.id, bot.id, 'both'), message(account.id, other.id, 'all bots only')],
      { userId: account.id, botId: other.id },
    );
    expect(await commit(subject, facts)).toBe(true);
    expect(reads.count).toBe(1);
    expect(await outboxRows()).toEqual([
      { event: 'message.created', text: 'both', charge_id: null },
      { event: 'message.created', text: 'both', charge_id: null },
      { event: 'message.created', text: 'all bots only', charge_id: null },
      { event: 'payment.succeeded', text: null, charge_id: 'ch-1' },
    ]);
  });

  it('reads no payment objects once it knows no subscription of their bots takes payment events', async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    await subscribe(account.id, bot.id, ['message.created']);
    const subject = dispatcher();

    // The first batch of an account loads its subscriptions: until then anything may be wanted.
    const first = batch([message(account.id, bot.id, 'first')], { userId: account.id, botId: bot.id });
    expect(await commit(subject, first.facts)).toBe(true);
    expect(first.reads.count).toBe(1);

    const second = batch([message(account.id, bot.id, 'second')], { userId: account.id, botId: bot.id });
    expect(await commit(subject, second.facts)).toBe(true);
    expect(second.reads.count).toBe(0);

    // A batch of payments alone, known unwanted: nothing to add, answered without a promise.
    const paymentsOnly = batch([], { userId: account.id, botId: bot.id });
    expect(subject.follow(paymentsOnly.facts)).toBeNull();
    expect(paymentsOnly.reads.count).toBe(0);
    expect(await outboxRows()).toEqual([
      { event: 'message.created', text: 'first', charge_id: null },
      { event: 'message.created', text: 'second', charge_id: null },
    ]);
  });

  it('answers null at once for a batch of an account without subscriptions, once they are known', async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    const subject = dispatcher();
    const first = batch([message(account.id, bot.id, 'loads')]);
    expect(await commit(subject, first.facts)).toBe(false);
    const next = batch([message(account.id, bot.id, 'known')], { userId: account.id, botId: bot.id });
    expect(subject.follow(next.facts)).toBeNull();
    expect(next.reads.count).toBe(0);
    expect(await outboxRows()).toEqual([]);
  });
});
