import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { performance } from 'node:perf_hooks';
import { ConnectionWatch } from '../metrics/connection-watch';
import { Metrics } from '../metrics/metrics';
import type { CaptureBot } from './capture.service';
import { recordBroadcastReplies } from './broadcast-replies-statement';
import { ButtonPresses, InsertedPressRow } from './button-presses';
import {
  applyBlocks,
  latestPerContact,
  lockContacts,
  markActive,
  updateContacts,
  upsertContacts,
} from './contacts-statements';
import { upsertDailyStats } from './daily-stats-statement';
import type { ButtonPressEvent, ContactCreatedEvent, MessageEvent, PaymentEvent } from './events';
import { contactDeltas, dailyDeltas, rollupDeltas } from './fact-aggregates';
import { factsOfKind, key, lastSeen, seenContacts, uniqueMessages, uniquePresses } from './fact-batch';
import { FactFollowers, FollowerWrite, MoneyEvents, MoneyToCommit } from './fact-followers';
import { countCommitted } from './fact-metrics';
import { Fact } from './facts';
import { queueHealthFacts } from './health-statements';
import { hourlyStatsStatement } from './hourly-stats';
import { insertMessages } from './messages-statement';
import { PaymentContacts } from './payment-contacts';
import { BatchMoney, moneyOf, paymentObject, writeMoney, WrittenMoney, writtenObjects } from './payments-statement';
import { KEYED_PLANS, PipelinedTransaction } from './pipelined-transaction';
import { RecordingCap } from './recording-cap/recording-cap';
import { dialogReplies, queueReplies } from './reply-statements';
import { ContactSeen, retentionActivityStatement } from './retention-activity';
import { RetentionDaysWritten } from './retention-days-written';
import { RevenueDays } from './revenue-days';
import { upsertSourceDays, upsertSourceRollups } from './source-rollups-statement';
import { parseStartParameter } from './start-parameter';
import { insertTouches } from './touches-statement';
import { isoTime } from './iso-time';

/** A statement run in the same transaction as the facts (e.g. a broadcast recipient marked sent). */
export interface Statement {
  text: string;
  values: unknown[];
}

export interface FactBatchItem {
  bot: CaptureBot;
  facts: Fact[];
  /** Committed together with the facts, or not at all. */
  alongside?: Statement[];
}

/** What a committed batch added, for the events that follow it. */
export interface StoredFacts {
  contacts: ContactCreatedEvent[];
  messages: MessageEvent[];
  presses: ButtonPressEvent[];
  /** New payments, then payments newly refunded, as objects at commit (`payment.succeeded`, `payment.refunded`). */
  payments: PaymentEvent[];
  refunds: PaymentEvent[];
}

/** What write() leaves for after the commit: the payment events' objects, read in the batch's last round trip. */
interface Written extends StoredFacts {
  moneyEvents: Promise<MoneyEvents> | null;
  /** The bots whose payments or refunds the batch holds (none without moneyEvents). */
  moneyBots: MoneyToCommit['bots'];
}

/** The payment event lists of every batch without payments or refunds: shared, never written to. */
const NO_PAYMENT_EVENTS: PaymentEvent[] = [];

/** A server that does not answer fails the batch in this time, rather than holding the ingest. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Writes a batch of facts in one transaction: contacts, messages and button presses (each once per
 * dedupe key), touches and attribution, and the rollups the reports read (contact counters, daily_stats,
 * source_rollups, the retention rollup of retention-activity.ts, the buttons rollup of button-presses.ts).
 * Set-based statements over arrays, pipelined, keep a batch to three round trips whatever its size:
 * BEGIN and the contacts; the messages (with their contacts' ids); everything else and COMMIT.
 * This class is the transaction and the order of its statements; each table's statements are in a file of
 * their own (contacts-statements.ts, messages-statement.ts, touches-statement.ts, daily-stats-statement.ts,
 * source-rollups-statement.ts, hourly-stats.ts, retention-activity.ts, button-presses.ts; issue 27's reply times and
 * errors in reply-statements.ts and health-statements.ts), and the broadcast recipients' replies
 * (broadcast-replies-statement.ts).
 */
@Injectable()
export class FactStore implements OnApplicationShutdown {
  /**
   * Connections of its own rather than the ORM's: this is the hottest write of the service, the ORM's
   * per-query work cost more than the statements, and pipelining is a per-connection mode. The writer
   * keeps at most two transactions in flight.
   */
  private readonly pool: Pool;
  /** Contact-days whose retention rows this process committed: the statement skips them. */
  private readonly retentionDays = new RetentionDaysWritten();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly cap: RecordingCap,
    watch: ConnectionWatch,
    private readonly metrics: Metrics,
    private readonly followers: FactFollowers,
  ) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: 3,
      pipeline: true,
      application_name: 'botlens-ingest',
      options: KEYED_PLANS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    watch.pool(this.pool, 'PostgreSQL (ingest)');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }

  /** Resolves once `batch` is committed; `committing` is called when only the commit itself is left. */
  async store(batch: FactBatchItem[], committing?: () => void): Promise<StoredFacts> {
    const started = performance.now();
    const client = await this.pool.connect();
    const tx = new PipelinedTransaction(client);
    let broken = false;
    let followed: FollowerWrite[] = [];
    try {
      // The free plan's cap (recording-cap/): keeps what fits, counts what was stored.
      const allowed = await this.cap.reserve(tx, batch);
      const activeDays: ContactSeen[] = [];
      const stored = await this.write(tx, allowed.batch, activeDays);
      await allowed.settle(stored);
      followed = await this.follow(tx, stored);
      const followerRows = followed.map((write) => tx.rowsWithNext(write.statement));
      // A failure there is commit()'s to report.
      for (const rows of followerRows) rows.catch(() => undefined);
      await tx.commit(committing);
      allowed.committed();
      for (const [i, write] of followed.entries()) write.committed(await followerRows[i]);
      followed = [];
      this.retentionDays.remember(activeDays);
      countCommitted(this.metrics, allowed.batch, started);
      if (stored.moneyEvents) ({ payments: stored.payments, refunds: stored.refunds } = await stored.moneyEvents);
      return stored;
    } catch (error) {
      for (const write of followed) write.abandoned();
      await tx.rollback().catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /**
   * What the followers (e.g. the event outbox) write in this transaction, so that it commits with the facts or
   * not at all. The payment events are read before the COMMIT only for a follower that asks for them.
   */
  private async follow(tx: PipelinedTransaction, stored: Written): Promise<FollowerWrite[]> {
    if (!this.followers.list.length) return [];
    const { moneyEvents } = stored;
    const money = moneyEvents
      ? {
          bots: stored.moneyBots,
          read: () => {
            tx.sendQueued();
            return moneyEvents;
          },
        }
      : null;
    const facts = { contacts: stored.contacts, messages: stored.messages, presses: stored.presses, money };
    const writes: FollowerWrite[] = [];
    for (const follower of this.followers.list) {
      const write = await follower.follow(facts);
      if (write) writes.push(write);
    }
    return writes;
  }

  /** `activeDays` receives the contact-days the retention statement writes, to remember once committed. */
  private async write(tx: PipelinedTransaction, batch: FactBatchItem[], activeDays: ContactSeen[]): Promise<Written> {
    const bots = new Map(batch.map((item) => [item.bot.id, item.bot]));
    const messages = uniqueMessages(batch);
    const presses = uniquePresses(batch);
    // Null for a batch without payments or refunds (nearly all): then nothing below is queued for them.
    const money = moneyOf(batch);
    const blocks = factsOfKind(batch, 'blocked', 'unblocked');

    // A press makes its contact as a message does (created, profile refreshed), without counting as one; so does
    // a payment that came with its payer's profile (the free cap may have left its message out).
    const snapshots = latestPerContact(
      money?.profiled.length ? [...messages, ...presses, ...money.profiled] : [...messages, ...presses],
    );
    const withMessages = new Set(snapshots.map((s) => key(s.botId, s.externalUserId)));
    const blockOnly = blocks.filter((b) => !withMessages.has(key(b.botId, b.fact.externalUserId)));
    // One round trip for the contacts (and the presses and payments, which find theirs in SQL right behind the
    // upsert, then the refunds); a second for the messages, which take their contacts' ids from it.
    const [upserted, locked, newPresses, written] = await Promise.all([
      upsertContacts(tx, snapshots),
      lockContacts(
        tx,
        blockOnly.map((b) => [b.botId, b.fact.externalUserId] as const),
      ),
      presses.length ? tx.rows<InsertedPressRow>(ButtonPresses.insertStatement(presses)) : [],
      money && writeMoney(tx, money),
    ]);
    const created = upserted.created;
    const contacts = new Map([
      ...upserted.contacts.map((c) => [key(c.bot_id, c.external_user_id), c] as const),
      ...locked,
    ]);
    const contactById = new Map([...contacts.values()].map((c) => [c.id, c]));
    const newMessages = await insertMessages(tx, messages, contacts);

    const factByKey = new Map(messages.map((m) => [key(m.botId, m.fact.dedupeKey), m]));
    const touches = newMessages.flatMap((row) => {
      const source = factByKey.get(key(row.bot_id, row.dedupe_key))!;
      if (!source.fact.touch) return [];
      const parsed = parseStartParameter(source.fact.touch.parameter, bots.get(row.bot_id)!.utmKey);
      return [{ row, parameter: source.fact.touch.parameter, ...parsed }];
    });

    // From here on statements are only queued: they go out together, in this order, with what is awaited next (COMMIT).
    const deltas = contactDeltas(newMessages, touches);
    const pressByKey = new Map(presses.map((p) => [key(p.botId, p.fact.dedupeKey), p.fact]));
    const stored = newPresses.map((row) => ({ row, fact: pressByKey.get(key(row.bot_id, row.dedupe_key))! }));
    // Reply times before the counters, which move each dialog's awaiting_since: they read it as the batch found it.
    const dialogs = dialogReplies(
      newMessages,
      (row) => factByKey.get(key(row.bot_id, row.dedupe_key))!.fact.broadcast === true,
    );
    queueReplies(tx, dialogs, (contactId) => contactById.get(contactId)?.awaiting_since ?? null);
    queueHealthFacts(tx, batch);
    updateContacts(tx, deltas, new Map(dialogs.map((d) => [d.contactId, d])));
    markActive(tx, stored);
    const pressRollup = ButtonPresses.rollupStatement(
      stored.map(({ row, fact }) => ({ botId: row.bot_id, contactId: row.contact_id, data: fact.data, at: fact.at })),
    );
    if (pressRollup) tx.send(pressRollup);
    applyBlocks(tx, blocks, contacts);
    insertTouches(tx, touches);

    const newlyAttributed = deltas.filter(
      (d) => d.source !== null && contactById.get(d.contactId)?.source_value === null,
    );
    // The payer's columns of payments, which the revenue reports read instead of joining contacts: copied onto the
    // new payments, and moved with contacts attributed now (after updateContacts, which set their source), together
    // with the revenue rollup of the payments inserted, refunded and moved (the first of the counters).
    // Their contacts locked first: another batch paying the same contact at once writes its columns before or after.
    const payers = written && PaymentContacts.lockPayers(written.inserted, written.refunded);
    if (payers) tx.send(payers);
    const payerColumns = written && PaymentContacts.paymentsChanged(written.inserted, written.refunded);
    if (payerColumns) tx.send(payerColumns);
    const revenue = RevenueDays.statement({
      inserted: written?.inserted ?? [],
      refunded: written?.refunded ?? [],
      attributed: newlyAttributed.map((d) => d.contactId),
    });
    if (revenue) tx.send(revenue);
    // The counters last, in one order in every transaction: their rows are shared by every batch of a bot, so
    // they are locked as briefly as possible and never in a cycle by two transactions written at once.
    const hourly = hourlyStatsStatement({
      messages: newMessages,
      created,
      seen: lastSeen(deltas, stored),
      before: contactById,
    });
    if (hourly) tx.send(hourly);
    upsertDailyStats(tx, dailyDeltas(newMessages, created));
    upsertSourceRollups(tx, rollupDeltas(touches, newlyAttributed));
    upsertSourceDays(
      tx,
      newlyAttributed.map((d) => d.contactId),
    );
    activeDays.push(...this.retentionDays.unwritten(seenContacts(newMessages, created)));
    const retention = retentionActivityStatement(
      activeDays,
      newlyAttributed.map((d) => ({ botId: contactById.get(d.contactId)!.bot_id, contactId: d.contactId })),
    );
    if (retention) tx.send(retention);
    for (const statement of batch.flatMap((item) => item.alongside ?? []))
      tx.send({ text: statement.text, values: statement.values });
    // After the sends' marks: a reply in the same batch as its send was not stored after it, and is not counted.
    recordBroadcastReplies(tx, newMessages);
    const moneyEvents =
      written && (written.inserted.length || written.refunded.length) ? this.moneyEvents(tx, written, bots) : null;

    const attribution = new Map(newlyAttributed.map((d) => [d.contactId, d]));
    return {
      contacts: created.map((c) => ({
        userId: bots.get(c.bot_id)!.userId,
        bot_id: c.bot_id,
        contact_id: c.id,
        external_user_id: c.external_user_id,
        username: c.username,
        first_name: c.first_name,
        last_name: c.last_name,
        source_value: attribution.get(c.id)?.source ?? null,
        campaign_name: attribution.get(c.id)?.campaign ?? null,
        created_at: c.first_seen_at.toISOString(),
      })),
      messages: newMessages.map((m) => ({
        userId: bots.get(m.bot_id)!.userId,
        bot_id: m.bot_id,
        message_id: m.id,
        direction: m.direction,
        external_user_id: m.external_user_id,
        text: m.text,
        created_at: isoTime(m.created_at),
      })),
      presses: stored.map(({ row, fact }) => ({
        userId: bots.get(row.bot_id)!.userId,
        bot_id: row.bot_id,
        press_id: row.id,
        external_user_id: fact.externalUserId,
        data: fact.data,
        created_at: fact.at.toISOString(),
      })),
      payments: NO_PAYMENT_EVENTS,
      refunds: NO_PAYMENT_EVENTS,
      moneyEvents,
      moneyBots: moneyEvents && money ? botsPaid(money, bots) : [],
    };
  }

  /** The objects of the payments the batch inserted or refunded, read before its COMMIT, for after it. */
  private moneyEvents(
    tx: PipelinedTransaction,
    written: WrittenMoney,
    bots: Map<string, CaptureBot>,
  ): Written['moneyEvents'] {
    const events = writtenObjects(tx, written).then((rows) => {
      const byId = new Map(
        rows.map((row) => [row.id, { userId: bots.get(row.bot_id)!.userId, ...paymentObject(row) }]),
      );
      const pick = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
      return { payments: pick(written.inserted), refunds: pick(written.refunded) };
    });
    // Awaited only after a commit; when the transaction fails, the failure is commit()'s to report.
    events.catch(() => undefined);
    return events;
  }
}

/** The bots a batch's payments and refunds belong to, once each, with their accounts. */
function botsPaid(money: BatchMoney, bots: Map<string, CaptureBot>): MoneyToCommit['bots'] {
  const ids = new Set([...money.payments, ...money.refunds].map((p) => p.botId));
  return [...ids].map((botId) => ({ userId: bots.get(botId)!.userId, botId }));
}
