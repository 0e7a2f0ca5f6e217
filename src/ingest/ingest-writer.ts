import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { DatabaseUnavailableError, isDatabaseUnavailable, isDataError, isTransient } from '../database/database-errors';
import { OutagePause } from '../database/outage-pause';
import { describeError } from '../logging/describe-error';
import type { CaptureBot } from './capture.service';
import { FactEvents } from './events';
import { Fact } from './facts';
import { FactBatchItem, FactStore, Statement, StoredFacts } from './fact-store';
import { IngestLosses, LossReason } from './ingest-losses';
import { IngestJournal, JournalSegment } from './journal/ingest-journal';
import { RecordingCap } from './recording-cap/recording-cap';

interface Pending extends FactBatchItem {
  resolve: () => void;
  reject: (error: unknown) => void;
  /**
   * Nobody waits on this commit to answer anyone (the mirror records after answering): the facts are
   * held through an outage of PostgreSQL, within the buffer, instead of failing. A caller that waits
   * (the proxy receiver) is failed at once, so the platform delivers the update again.
   */
  patient: boolean;
}

export interface WriteOptions {
  /** Statements committed in the same transaction as the facts. */
  alongside?: Statement[];
  /** See Pending.patient. */
  patient?: boolean;
}

/** The ingest cannot take more facts now (its buffer is full of facts that wait for PostgreSQL). */
export class IngestBusyError extends Error {
  constructor() {
    super('The ingest buffer is full');
    this.name = 'IngestBusyError';
  }
}

/** Upper bound of facts in one transaction; larger bursts are split into several. */
const MAX_BATCH_FACTS = 1000;
/** Transactions in flight at once: while one commits, the next is already being written. */
const MAX_IN_FLIGHT = 3;
/** Transactions PostgreSQL runs at once (the rest only wait for their COMMIT's WAL flush). */
const MAX_WRITING = 2;
/** A second transaction is written beside a running one only for at least this many facts. */
const CONCURRENT_MIN_FACTS = 8;
/**
 * How long facts written with writeSoon may wait for others to share their transaction. A transaction
 * costs the app and PostgreSQL about as much as 15 to 30 messages in it, so a bot sending at its own
 * pace would otherwise pay for one per message; at a few thousand sends a second, 50 ms makes
 * batches of a few hundred, where the per-message cost levels off.
 */
const GATHER_MS = 50;
/** Facts of the journal queued for one round of its replay (fewer when the buffer is smaller). */
const REPLAY_CHUNK_FACTS = 2 * MAX_BATCH_FACTS;
/** After a replay round failed for something else than PostgreSQL being away. */
const REPLAY_RETRY_MS = 1000;
const NOTHING_STORED: StoredFacts = { contacts: [], messages: [], presses: [], payments: [], refunds: [] };

/**
 * Group commit: facts from concurrent requests are gathered while earlier transactions run and
 * written together in the next one, so throughput grows with load instead of paying one commit per
 * update. Each caller's promise settles when its own facts are committed (or failed).
 *
 * Transactions are staggered: the next one starts once PostgreSQL has run all of the one before but
 * its COMMIT (its WAL flush), so one batch is written while the previous one waits for its WAL flush.
 * A second one is written beside a running one only when CONCURRENT_MIN_FACTS facts wait: one writer
 * at a time left a core idle while requests queued behind it, and two writers for every few facts
 * cost PostgreSQL ~30% more CPU per update (smaller batches). The two meet only on rows both touch
 * (the same contacts, and the counters, which every transaction updates last and in one order).
 *
 * Faults: when PostgreSQL cannot be reached, patient facts go back to the head of the queue and are
 * retried after a pause (250 ms doubling to 2 s), waiting callers fail at once with
 * DatabaseUnavailableError; the queue is bounded (INGEST_BUFFER_FACTS). Past it, patient facts spill to the
 * journal on disk (IngestJournal) and every patient fact after them goes there too until it is replayed, so
 * facts are recorded in the order they came; what neither can hold is dropped and counted (IngestLosses). A batch PostgreSQL refuses for its
 * data is split in halves until the update at fault stands alone; that one is skipped and counted as
 * poison, and its caller is answered as if it were stored, so one odd update never takes down its batch.
 */
@Injectable()
export class IngestWriter implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private pending: Pending[] = [];
  /** writeSoon's facts, until the gather timer moves them to `pending`. */
  private gathering: Pending[] = [];
  /** Facts in `pending` and `gathering`, held to the buffer's size. */
  private queuedFacts = 0;
  private gatherTimer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  /** Transactions in flight that PostgreSQL is still running (not yet only waiting for their COMMIT). */
  private writing = 0;
  private scheduled = false;
  private idleWaiters: Array<() => void> = [];
  /** While PostgreSQL cannot be reached: since when, and when to try again. */
  private readonly outage = new OutagePause(() => this.schedule());
  private closing = false;
  /** A replay round of the journal is running (one at a time, in the journal's order). */
  private replaying = false;
  private replayTimer: NodeJS.Timeout | null = null;
  private readonly bufferFacts: number;
  /**
   * While the app closes: the work the consumers of each emitted event started (intents, webhook
   * queueing, funnels), so that it is done before the pools close.
   */
  private consumers: Array<Promise<unknown>> | null = null;

  constructor(
    private readonly store: FactStore,
    private readonly events: EventEmitter2,
    private readonly cap: RecordingCap,
    private readonly losses: IngestLosses,
    private readonly journal: IngestJournal,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'ingestBufferFacts'>,
  ) {
    this.bufferFacts = config.ingestBufferFacts;
  }

  /** What an earlier run left in the journal (a crash through an outage) is recorded first. */
  onApplicationBootstrap(): void {
    this.replaySoon();
  }

  /** Resolves once `facts` (and `alongside`, in the same transaction) are committed. */
  write(bot: CaptureBot, facts: Fact[], options: WriteOptions = {}): Promise<void> {
    if (!facts.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const item = { bot, facts, alongside: options.alongside, resolve, reject, patient: options.patient === true };
      if (this.admit(item)) this.schedule();
    });
  }

  /**
   * Like a patient write, for callers that do not wait for the commit (the mirror records after
   * answering): the facts may wait up to GATHER_MS, so that they share a transaction with the ones that follow.
   */
  writeSoon(bot: CaptureBot, facts: Fact[]): Promise<void> {
    if (!facts.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      if (!this.admit({ bot, facts, resolve, reject, patient: true }, this.gathering)) return;
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

  /** Finish what was accepted before the database pool closes; what cannot be written then is counted. */
  private async settle(): Promise<void> {
    this.closing = true;
    this.releaseGathered();
    if (this.outage.active) this.dropPatient(Infinity, 'database_unavailable');
    if (!this.idle()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    while (this.consumers?.length) await Promise.allSettled(this.consumers.splice(0));
    this.journal.sync();
  }

  /**
   * Queues an item within the buffer, or settles it at once: a waiting caller fails while PostgreSQL is
   * known to be down or the buffer is full; a patient one goes to the journal while it holds facts or when
   * the buffer is full, and makes room for a waiting caller by moving the oldest patient facts out.
   */
  private admit(item: Pending, queue: Pending[] = this.pending): boolean {
    // Until the next try is due; then the item itself tries, so a receiver alone finds PostgreSQL back.
    if (!item.patient && this.outage.waiting() && !this.closing) {
      item.reject(new DatabaseUnavailableError(this.outage.cause));
      return false;
    }
    // Through an outage every patient fact goes to disk at once: a crash then loses none of them.
    if (item.patient && (this.journal.holding || (this.outage.active && this.journal.enabled))) {
      this.spill([item], this.outage.active ? 'database_unavailable' : 'overload');
      return false;
    }
    queue.push(item);
    this.queuedFacts += item.facts.length;
    if (this.queuedFacts > this.bufferFacts) {
      const reason = this.outage.active ? 'database_unavailable' : 'overload';
      if (item.patient && this.journal.enabled) {
        this.remove(item);
        this.spill([item], reason);
        return false;
      }
      this.dropPatient(this.queuedFacts - this.bufferFacts, reason);
      if (this.queuedFacts > this.bufferFacts && !item.patient) {
        this.remove(item);
        item.reject(new IngestBusyError());
        return false;
      }
    }
    return true;
  }

  /** Moves at least `facts` facts of the oldest patient items (all of them for Infinity) to the journal, or drops them. */
  private dropPatient(facts: number, reason: 'database_unavailable' | 'overload'): void {
    let dropped = 0;
    const taken: Pending[] = [];
    const drop = (queue: Pending[]): Pending[] => {
      // Through an outage the queue holds patient items only, and they go from its head: cut the head off
      // rather than copy 20,000 items on every call.
      let head = 0;
      while (head < queue.length && queue[head].patient && dropped < facts) dropped += queue[head++].facts.length;
      taken.push(...queue.slice(0, head));
      const rest = head ? queue.slice(head) : queue;
      if (dropped >= facts || !rest.some((item) => item.patient)) return rest;
      return rest.filter((item) => {
        if (!item.patient || dropped >= facts) return true;
        dropped += item.facts.length;
        taken.push(item);
        return false;
      });
    };
    this.pending = drop(this.pending);
    this.gathering = drop(this.gathering);
    if (!dropped) return;
    this.queuedFacts -= dropped;
    this.spill(taken, reason);
    this.wakeIfIdle();
  }

  /** Patient items out of memory: to the journal when it takes them, otherwise dropped and counted. Settles them. */
  private spill(items: Pending[], reason: Exclude<LossReason, 'poison' | 'journal_full'>): void {
    const entries = items.map(({ bot, facts }) => ({ bot, facts }));
    let kept = this.journal.append(entries) ? items.length : 0;
    // Too large together for the room left: as many as fit, in order.
    if (!kept && items.length > 1) while (kept < items.length && this.journal.append([entries[kept]])) kept += 1;
    if (kept < items.length) {
      const facts = items.slice(kept).reduce((sum, item) => sum + item.facts.length, 0);
      if (this.journal.enabled) this.losses.lost('journal_full', facts, 'the ingest journal is full');
      else this.losses.lost(reason, facts, this.outage.active ? this.outage.cause : 'the ingest buffer is full');
    }
    for (const item of items) item.resolve();
    this.replaySoon();
  }

  /**
   * Starts a replay round when the journal holds facts; through an outage, when the next try is due (the
   * round is then what finds PostgreSQL back, as nothing else of the mirror's waits in memory).
   */
  private replaySoon(): void {
    if (this.replaying || this.closing || !this.journal.holding) return;
    if (this.outage.waiting()) return this.replayLater();
    this.replaying = true;
    let failed = false;
    void this.replayOldest()
      .catch((error) => {
        failed = true;
        if (!isDatabaseUnavailable(error))
          this.logger.error(`Replaying the ingest journal failed: ${describeError(error)}`);
      })
      .finally(() => {
        this.replaying = false;
        if (failed) this.replayLater();
        else setImmediate(() => this.replaySoon());
      });
  }

  private replayLater(): void {
    this.replayTimer ??= setTimeout(() => {
      this.replayTimer = null;
      this.replaySoon();
    }, REPLAY_RETRY_MS).unref();
  }

  /**
   * Queues the oldest segment's facts in rounds no larger than half the buffer, and deletes the segment once
   * every round is committed. Its facts wait like a caller does: an outage fails the round at once and the
   * segment stays, to be replayed whole when PostgreSQL is back (what was committed is not stored twice).
   */
  private async replayOldest(): Promise<void> {
    const segment: JournalSegment | null = this.journal.takeOldest();
    if (!segment) return;
    const roundFacts = Math.max(1, Math.min(REPLAY_CHUNK_FACTS, Math.floor(this.bufferFacts / 2)));
    let next = 0;
    while (next < segment.entries.length) {
      // Closing: the segment stays for the next start, which replays it (the dedupe keys store nothing twice).
      if (this.closing) return;
      const round: Array<Promise<void>> = [];
      let facts = 0;
      while (
        next < segment.entries.length &&
        (facts === 0 || facts + segment.entries[next].facts.length <= roundFacts)
      ) {
        const { bot, facts: entryFacts } = segment.entries[next++];
        facts += entryFacts.length;
        round.push(
          new Promise<void>((resolve, reject) => {
            this.pending.push({ bot, facts: entryFacts, resolve, reject, patient: false });
          }),
        );
      }
      this.queuedFacts += facts;
      this.schedule();
      await Promise.all(round);
    }
    this.journal.release(segment);
  }

  private remove(item: Pending): void {
    this.pending = this.pending.filter((other) => other !== item);
    this.gathering = this.gathering.filter((other) => other !== item);
    this.queuedFacts -= item.facts.length;
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

  private wakeIfIdle(): void {
    if (this.idle()) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** setImmediate lets callers of the same tick join one batch. */
  private schedule(): void {
    if (this.scheduled || !this.canStart() || !this.pending.length) return;
    if (this.outage.waiting()) return this.outage.retryWhenDue();
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
        this.wakeIfIdle();
      });
    });
  }

  private canStart(): boolean {
    if (this.inFlight >= MAX_IN_FLIGHT) return false;
    return this.writing === 0 || (this.writing < MAX_WRITING && this.queuedFacts >= CONCURRENT_MIN_FACTS);
  }

  private takeBatch(): Pending[] {
    let facts = 0;
    let count = 0;
    while (
      count < this.pending.length &&
      (count === 0 || facts + this.pending[count].facts.length <= MAX_BATCH_FACTS)
    ) {
      facts += this.pending[count].facts.length;
      count += 1;
    }
    this.queuedFacts -= facts;
    return this.pending.splice(0, count);
  }

  private async flush(batch: Pending[], committing?: () => void, retried = false): Promise<void> {
    try {
      // Accounts already at the free plan's cap this month are left out before any transaction.
      const admitted = await this.cap.admit(batch);
      const stored = admitted.length ? await this.store.store(admitted, committing) : NOTHING_STORED;
      this.reachable();
      for (const item of batch) item.resolve();
      this.emit(stored);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return this.unreachable(batch, error);
      // Two transactions written at once may deadlock (a block-only contact is locked in id order, after the
      // upsert's key order); PostgreSQL ended one of them, which runs once more as it was.
      if (isTransient(error) && !retried) return this.flush(batch, undefined, true);
      if (batch.length > 1) {
        // One bad update must not fail its neighbours: halve until it stands alone.
        const half = Math.ceil(batch.length / 2);
        await this.flush(batch.slice(0, half));
        await this.flush(batch.slice(half));
        return;
      }
      const [item] = batch;
      // Statements alongside are the caller's own work (a broadcast's bookkeeping): their failure is the caller's to handle.
      if (isDataError(error) && !item.alongside?.length) {
        this.losses.poison(item.facts.length, error);
        item.resolve();
        return;
      }
      this.logger.error(`Storing facts failed: ${describeError(error)}`);
      item.reject(error);
    }
  }

  /** PostgreSQL could not be reached: hold the patient facts, fail the waiting callers, pause the next try. */
  private unreachable(batch: Pending[], cause: unknown): void {
    if (this.outage.failed(cause)) {
      this.logger.warn(
        `PostgreSQL cannot be reached (${describeError(cause)}): the mirror's facts are held (${this.bufferFacts} in memory` +
          `${this.journal.enabled ? ', then in the journal on disk' : ''}) and retried, the proxy receiver answers 503 so platforms deliver again`,
      );
    }
    const held = batch.filter((item) => item.patient);
    for (const item of batch) if (!item.patient) item.reject(new DatabaseUnavailableError(cause));
    this.pending = held.concat(this.pending);
    this.queuedFacts += held.reduce((sum, item) => sum + item.facts.length, 0);
    // With a journal, every patient fact goes to disk for the outage, in order; without, they wait in memory.
    if (this.closing || this.journal.enabled) this.dropPatient(Infinity, 'database_unavailable');
    else if (this.queuedFacts > this.bufferFacts)
      this.dropPatient(this.queuedFacts - this.bufferFacts, 'database_unavailable');
  }

  private reachable(): void {
    const seconds = this.outage.ended();
    if (seconds !== null) {
      const journal = this.journal.holding ? `, the journal's ${this.journal.bytes} bytes are replayed` : '';
      this.logger.warn(`PostgreSQL is reachable again after ${seconds.toFixed(1)} s: recording resumed${journal}`);
    }
    this.replaySoon();
  }

  private emit(stored: StoredFacts): void {
    for (const contact of stored.contacts) this.emitOne(FactEvents.contactCreated, contact);
    for (const message of stored.messages) {
      this.emitOne(message.direction === 'in' ? FactEvents.messageCreated : FactEvents.messageOutbound, message);
    }
    for (const press of stored.presses) this.emitOne(FactEvents.buttonPressed, press);
    for (const payment of stored.payments) this.emitOne(FactEvents.paymentSucceeded, payment);
    for (const payment of stored.refunds) this.emitOne(FactEvents.paymentRefunded, payment);
  }

  private emitOne(event: string, payload: unknown): void {
    // emitAsync only while closing: its promises cost the hot path otherwise.
    if (this.consumers) this.consumers.push(this.events.emitAsync(event, payload));
    else this.events.emit(event, payload);
  }
}
