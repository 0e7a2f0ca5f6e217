import { Inject, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { TariffsRepository } from '../../billing/tariffs.repository';
import {
  currentMonth,
  PgTransaction,
  UsageChange,
  UsageMonthsRepository,
  UsageRow,
} from '../../billing/usage-months.repository';
import { ChangeEvents, TariffChanged } from '../../common/changes';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { describeError } from '../../logging/describe-error';
import { MailService } from '../../mail/mail.service';
import type { FactBatchItem, StoredFacts } from '../fact-store';
import { isMoneyFact } from '../facts';
import { keepWithinAllowance } from './allowance-trim';
import { PlanCache } from './plan-cache';

/** A batch cut to what the caps allow, and the bookkeeping that goes with it. */
export interface Reservation<T extends FactBatchItem> {
  batch: T[];
  /** In the same transaction, after the facts are written: counts the inserted messages against the caps. */
  settle(stored: StoredFacts): Promise<void>;
  /** After commit: remembers the accounts now full and mails the owners who just reached the cap. */
  committed(): void;
}

const NOTHING_TO_COUNT = { settle: async () => undefined, committed: () => undefined };

/**
 * The free plan's monthly cap on recorded messages (FREE_PLAN_MESSAGE_CAP, both directions, every way a
 * message is recorded). The bot's owner is the account. Forwarding never depends on it: only recording stops.
 * Payments and refunds are recorded past it (issue 26), and a payment creates its contact even then; they do not
 * count against it (a payment's own message is a message, and is capped like any other).
 *
 * The ingest asks it three times per batch: `admit` before the transaction (drops the facts of accounts
 * already known to be full this month, at the cost of a map lookup for everyone else), `reserve` at the
 * start of the transaction (locks the capped accounts' usage rows and keeps only what still fits, so
 * never more than the cap is stored), and the reservation's `settle` before commit (adds what was
 * actually inserted; dedupe may insert fewer).
 */
@Injectable()
export class RecordingCap {
  private readonly logger = new Logger('RecordingCap');
  private readonly plans: PlanCache;

  constructor(
    plans: TariffsRepository,
    private readonly usage: UsageMonthsRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.plans = new PlanCache(
      (accountIds) => plans.cappedPlans(accountIds),
      (error) => this.logger.warn(`Plans could not be read, recording without the cap: ${describeError(error)}`),
    );
  }

  /** A plan change must reach the cache at once, not after PLAN_TTL_MS. */
  @OnEvent(ChangeEvents.tariffChanged)
  onTariffChanged(change: TariffChanged): void {
    this.plans.forget(change.accountId);
  }

  /**
   * The batch without the facts of accounts already full this month; their `alongside` statements still run,
   * and their payments and refunds are still recorded (never capped).
   */
  async admit<T extends FactBatchItem>(batch: T[]): Promise<T[]> {
    await this.plans.refresh(batch.map((item) => item.bot.userId));
    const month = currentMonth();
    if (!batch.some((item) => this.plans.isFull(item.bot.userId, month))) return batch;
    return batch.flatMap((item) => {
      if (!this.plans.isFull(item.bot.userId, month)) return [item];
      const money = item.facts.some(isMoneyFact) ? item.facts.filter(isMoneyFact) : [];
      return money.length || item.alongside?.length ? [{ ...item, facts: money }] : [];
    });
  }

  /** Inside the batch's transaction, before anything is written. */
  async reserve<T extends FactBatchItem>(tx: PgTransaction, batch: T[]): Promise<Reservation<T>> {
    const capped = [...new Set(batch.map((item) => item.bot.userId))].filter((id) => this.plans.isCapped(id));
    if (!capped.length) return { batch, ...NOTHING_TO_COUNT };
    const cap = this.config.freePlanMessageCap;
    const month = currentMonth();
    const rows = await this.usage.lock(tx, capped, month);
    const usage = new Map(rows.map((row) => [row.user_id, row]));

    const trimmed = new Map<T, T>();
    for (const accountId of capped) {
      const own = batch.filter((item) => item.bot.userId === accountId);
      const allowed = keepWithinAllowance(own, Math.max(0, cap - usage.get(accountId)!.messages));
      own.forEach((item, i) => trimmed.set(item, allowed[i]));
    }
    return new CappedBatch(
      batch.map((item) => trimmed.get(item) ?? item),
      (changes) => this.usage.add(tx, changes, month),
      { usage, cap },
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
    /** Adds to the locked rows, in the batch's transaction; answers who reached the cap now. */
    private readonly addUsage: (changes: UsageChange[]) => Promise<Array<{ email: string; reachedNow: boolean }>>,
    private readonly locked: { usage: Map<string, UsageRow>; cap: number },
    private readonly markFull: (accountId: string) => void,
    private readonly mailCapReached: (email: string) => void,
  ) {}

  async settle(stored: StoredFacts): Promise<void> {
    const { usage, cap } = this.locked;
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
    const rows = await this.addUsage(updates);
    this.reachedBy = rows.filter((row) => row.reachedNow).map((row) => row.email);
  }

  committed(): void {
    for (const accountId of this.full) this.markFull(accountId);
    for (const email of this.reachedBy) this.mailCapReached(email);
  }
}
