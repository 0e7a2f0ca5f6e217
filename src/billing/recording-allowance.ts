import { Inject, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { QueryResult, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { ChangeEvents, TariffChanged } from '../common/changes';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { FactBatchItem, StoredFacts } from '../ingest/fact-store';
import { MailService } from '../mail/mail.service';
import { keepWithinAllowance } from './allowance-trim';
import { PlanCache } from './plan-cache';
import { currentMonth, recordedSinceSql } from './usage.queries';
import { describeError } from '../logging/describe-error';

/** What the cap needs of the batch's transaction: statements run in it, in order (a pg client, or the ingest's pipelined transaction). */
interface Transaction {
  query<R extends QueryResultRow>(text: string, values: unknown[]): Promise<QueryResult<R>>;
}

/** A batch cut to what the caps allow, and the bookkeeping that goes with it. */
export interface Reservation<T extends FactBatchItem> {
  batch: T[];
  /** In the same transaction, after the facts are written: counts the inserted messages against the caps. */
  settle(stored: StoredFacts): Promise<void>;
  /** After commit: remembers the accounts now full and mails the owners who just reached the cap. */
  committed(): void;
}

interface UsageRow {
  user_id: string;
  messages: number;
  cap_reached_at: Date | null;
}

/**
 * Upserts and locks the usage rows of the batch's capped accounts, in user_id order so concurrent batches
 * never deadlock. A row created now starts from what daily_stats already holds for the month (a plan
 * capped mid-month counts what is there). The no-op update is what takes the lock on an existing row.
 */
const LOCK_USAGE_SQL = `
  INSERT INTO usage_months AS um (user_id, month, messages)
  SELECT a.user_id, $2::date, ${recordedSinceSql('a.user_id', '$2')}
    FROM unnest($1::uuid[]) AS a(user_id)
   ORDER BY a.user_id
  ON CONFLICT (user_id, month) DO UPDATE SET messages = um.messages
  RETURNING user_id, messages, cap_reached_at`;

const ADD_USAGE_SQL = `
  UPDATE usage_months um SET
    messages = um.messages + d.added,
    cap_reached_at = CASE WHEN d.reached_now AND um.cap_reached_at IS NULL THEN now() ELSE um.cap_reached_at END
    FROM unnest($1::uuid[], $2::int[], $3::boolean[]) AS d(user_id, added, reached_now)
    JOIN users u ON u.id = d.user_id
   WHERE um.user_id = d.user_id AND um.month = $4::date
  RETURNING u.email, d.reached_now`;

const NOTHING_TO_COUNT = { settle: async () => undefined, committed: () => undefined };

/**
 * The free plan's monthly cap on recorded messages (FREE_PLAN_MESSAGE_CAP, both directions, every way a
 * message is recorded). The bot's owner is the account. Forwarding never depends on it: only recording stops.
 *
 * The ingest asks it three times per batch: `admit` before the transaction (drops the facts of accounts
 * already known to be full this month, at the cost of a map lookup for everyone else), `reserve` at the
 * start of the transaction (locks the capped accounts' usage rows and keeps only what still fits, so
 * never more than the cap is stored), and the reservation's `settle` before commit (adds what was
 * actually inserted; dedupe may insert fewer).
 */
@Injectable()
export class RecordingAllowance {
  private readonly logger = new Logger('RecordingCap');
  private readonly plans: PlanCache;

  constructor(
    db: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.plans = new PlanCache(
      (accountIds) => loadCappedPlans(db, accountIds),
      (error) => this.logger.warn(`Plans could not be read, recording without the cap: ${describeError(error)}`),
    );
  }

  @OnEvent(ChangeEvents.tariffChanged)
  onTariffChanged(change: TariffChanged): void {
    this.plans.forget(change.accountId);
  }

  /** The batch without the facts of accounts already full this month; their `alongside` statements still run. */
  async admit<T extends FactBatchItem>(batch: T[]): Promise<T[]> {
    await this.plans.refresh(batch.map((item) => item.bot.userId));
    const month = currentMonth();
    if (!batch.some((item) => this.plans.isFull(item.bot.userId, month))) return batch;
    return batch.flatMap((item) => {
      if (!this.plans.isFull(item.bot.userId, month)) return [item];
      return item.alongside?.length ? [{ ...item, facts: [] }] : [];
    });
  }

  /** Inside the batch's transaction, before anything is written. */
  async reserve<T extends FactBatchItem>(tx: Transaction, batch: T[]): Promise<Reservation<T>> {
    const capped = [...new Set(batch.map((item) => item.bot.userId))].filter((id) => this.plans.isCapped(id));
    if (!capped.length) return { batch, ...NOTHING_TO_COUNT };
    const cap = this.config.freePlanMessageCap;
    const month = currentMonth();
    const { rows } = await tx.query<UsageRow>(LOCK_USAGE_SQL, [capped, month]);
    const usage = new Map(rows.map((row) => [row.user_id, row]));

    const trimmed = new Map<T, T>();
    for (const accountId of capped) {
      const own = batch.filter((item) => item.bot.userId === accountId);
      const allowed = keepWithinAllowance(own, Math.max(0, cap - usage.get(accountId)!.messages));
      own.forEach((item, i) => trimmed.set(item, allowed[i]));
    }
    return new CappedBatch(
      batch.map((item) => trimmed.get(item) ?? item),
      tx,
      { usage, cap, month },
      (accountId) => this.plans.markFull(accountId, month),
      (email) => this.mailCapReached(email, cap),
    );
  }

  private mailCapReached(email: string, cap: number): void {
    this.mail.sendRecordingCapReached(email, cap).catch((error: unknown) => {
      this.logger.error(`Queueing the cap mail failed: ${describeError(error)}`);
    });
  }
}

/** A batch with capped accounts: their usage rows are locked until the transaction ends. */
class CappedBatch<T extends FactBatchItem> implements Reservation<T> {
  private full: string[] = [];
  private reachedBy: string[] = [];

  constructor(
    readonly batch: T[],
    private readonly tx: Transaction,
    private readonly locked: { usage: Map<string, UsageRow>; cap: number; month: string },
    private readonly markFull: (accountId: string) => void,
    private readonly mailCapReached: (email: string) => void,
  ) {}

  async settle(stored: StoredFacts): Promise<void> {
    const { usage, cap, month } = this.locked;
    const inserted = new Map<string, number>();
    for (const message of stored.messages) {
      if (usage.has(message.userId)) inserted.set(message.userId, (inserted.get(message.userId) ?? 0) + 1);
    }
    const changes = [...usage.values()].map((row) => {
      const added = inserted.get(row.user_id) ?? 0;
      const atCap = row.messages + added >= cap;
      return { accountId: row.user_id, added, atCap, reachedNow: atCap && row.cap_reached_at === null };
    });
    this.full = changes.filter((c) => c.atCap).map((c) => c.accountId);
    const updates = changes.filter((c) => c.added > 0 || c.reachedNow);
    if (!updates.length) return;
    const { rows } = await this.tx.query<{ email: string; reached_now: boolean }>(ADD_USAGE_SQL, [
      updates.map((c) => c.accountId),
      updates.map((c) => c.added),
      updates.map((c) => c.reachedNow),
      month,
    ]);
    this.reachedBy = rows.filter((row) => row.reached_now).map((row) => row.email);
  }

  committed(): void {
    for (const accountId of this.full) this.markFull(accountId);
    for (const email of this.reachedBy) this.mailCapReached(email);
  }
}

async function loadCappedPlans(db: DataSource, accountIds: string[]): Promise<Map<string, boolean>> {
  const rows: Array<{ id: string; capped: boolean }> = await db.query(
    `SELECT u.id, t.capped FROM users u JOIN tariffs t ON t.code = u.tariff WHERE u.id = ANY($1::uuid[])`,
    [accountIds],
  );
  return new Map(rows.map((row) => [row.id, row.capped]));
}
