import { BeforeApplicationShutdown, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { RecordingAllowance } from '../billing/recording-allowance';
import type { CaptureBot } from './capture.service';
import { FactEvents } from './events';
import { Fact } from './facts';
import { FactBatchItem, FactStore, Statement, StoredFacts } from './fact-store';
import { describeError } from '../logging/describe-error';

interface Pending extends FactBatchItem {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Upper bound of facts in one transaction; larger bursts are split into several. */
const MAX_BATCH_FACTS = 1000;
/** Transactions in flight at once: while one commits, the next is already being written. */
const MAX_IN_FLIGHT = 2;
/**
 * How long facts written with writeSoon may wait for others to share their transaction. A transaction
 * costs the app and PostgreSQL about as much as 15 to 30 messages in it, so a bot sending at its own
 * pace would otherwise pay for one per message; at a few thousand sends a second, 50 ms makes
 * batches of a few hundred, where the per-message cost levels off.
 */
const GATHER_MS = 50;
const NOTHING_STORED: StoredFacts = { contacts: [], messages: [] };

/**
 * Group commit: facts from concurrent requests are gathered while earlier transactions run and
 * written together in the next one, so throughput grows with load instead of paying one commit per
 * update. Each caller's promise settles when its own facts are committed (or failed).
 *
 * Transactions are staggered: the next one starts once PostgreSQL has run all of the one before but
 * its COMMIT, so one batch is written while the previous one waits for its WAL flush, and two never
 * compete for the same rows and cores (two writing at once cost PostgreSQL ~30% more CPU per update
 * in bench/ingest, in smaller batches, and were no faster).
 */
@Injectable()
export class IngestWriter implements OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private pending: Pending[] = [];
  /** writeSoon's facts, until the gather timer moves them to `pending`. */
  private gathering: Pending[] = [];
  private gatherTimer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  /** Transactions in flight that PostgreSQL is still running (not yet only waiting for their COMMIT). */
  private writing = 0;
  private scheduled = false;
  private idleWaiters: Array<() => void> = [];
  /**
   * While the app closes: the work the consumers of each emitted event started (intents, webhook
   * queueing, funnels), so that it is done before the pools close.
   */
  private consumers: Array<Promise<unknown>> | null = null;

  constructor(
    private readonly store: FactStore,
    private readonly events: EventEmitter2,
    private readonly allowance: RecordingAllowance,
  ) {}

  /** Resolves once `facts` (and `alongside`, in the same transaction) are committed. */
  write(bot: CaptureBot, facts: Fact[], alongside?: Statement[]): Promise<void> {
    if (!facts.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ bot, facts, alongside, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Like write, for callers that do not wait for the commit (the mirror records after answering):
   * the facts may wait up to GATHER_MS, so that they share a transaction with the ones that follow.
   */
  writeSoon(bot: CaptureBot, facts: Fact[]): Promise<void> {
    if (!facts.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.gathering.push({ bot, facts, resolve, reject });
      this.gatherTimer ??= setTimeout(this.releaseGathered, GATHER_MS).unref();
    });
  }

  /**
   * Closing, first step (requests are answered by now): commit what was accepted and let the
   * consumers of its events finish, while the pools are still open.
   */
  onModuleDestroy(): Promise<void> {
    this.consumers ??= [];
    return this.settle();
  }

  /** Again after the queue workers stopped: a broadcast's last sends are recorded then. */
  beforeApplicationShutdown(): Promise<void> {
    return this.settle();
  }

  private async settle(): Promise<void> {
    this.releaseGathered();
    if (!this.idle()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    while (this.consumers?.length) await Promise.allSettled(this.consumers.splice(0));
  }

  private readonly releaseGathered = (): void => {
    if (this.gatherTimer) clearTimeout(this.gatherTimer);
    this.gatherTimer = null;
    if (!this.gathering.length) return;
    this.pending = this.pending.concat(this.gathering);
    this.gathering = [];
    this.schedule();
  };

  private idle(): boolean {
    return this.inFlight === 0 && !this.pending.length && !this.gathering.length;
  }

  /** setImmediate lets callers of the same tick join one batch. */
  private schedule(): void {
    if (this.scheduled || !this.canStart() || !this.pending.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.canStart() || !this.pending.length) return;
      const batch = this.takeBatch();
      this.inFlight += 1;
      this.writing += 1;
      let written = false;
      const committing = () => {
        if (written) return;
        written = true;
        this.writing -= 1;
        this.schedule();
      };
      void this.flush(batch, committing).finally(() => {
        committing();
        this.inFlight -= 1;
        this.schedule();
        if (this.idle()) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    });
  }

  private canStart(): boolean {
    return this.inFlight < MAX_IN_FLIGHT && this.writing === 0;
  }

  private takeBatch(): Pending[] {
    let facts = 0;
    let count = 0;
    while (count < this.pending.length && (count === 0 || facts + this.pending[count].facts.length <= MAX_BATCH_FACTS)) {
      facts += this.pending[count].facts.length;
      count += 1;
    }
    return this.pending.splice(0, count);
  }

  private async flush(batch: Pending[], committing?: () => void): Promise<void> {
    try {
      // Accounts already at the free plan's cap this month are left out before any transaction.
      const admitted = await this.allowance.admit(batch);
      const stored = admitted.length ? await this.store.store(admitted, committing) : NOTHING_STORED;
      for (const item of batch) item.resolve();
      this.emit(stored);
    } catch (error) {
      if (batch.length === 1) {
        this.logger.error(`Storing facts failed: ${describeError(error)}`);
        batch[0].reject(error);
        return;
      }
      // One bad update must not fail its neighbours: retry each caller on its own.
      for (const item of batch) await this.flush([item]);
    }
  }

  private emit(stored: StoredFacts): void {
    for (const contact of stored.contacts) this.emitOne(FactEvents.contactCreated, contact);
    for (const message of stored.messages) {
      this.emitOne(message.direction === 'in' ? FactEvents.messageCreated : FactEvents.messageOutbound, message);
    }
  }

  private emitOne(event: string, payload: unknown): void {
    // emitAsync only while closing: its promises cost the hot path otherwise.
    if (this.consumers) this.consumers.push(this.events.emitAsync(event, payload));
    else this.events.emit(event, payload);
  }
}
