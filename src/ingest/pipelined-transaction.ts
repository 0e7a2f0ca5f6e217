import { createHash } from 'node:crypto';
import type { PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { withArrayLiterals } from './postgres-array';

const statementNames = new Map<string, string>();

/** A statement PostgreSQL parses and plans once per connection (a named prepared statement). */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `facts_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return { name, text, values: withArrayLiterals(values) };
}

/**
 * Planner settings of the ingest's connections (libpq `options`). Every statement there reaches a few rows
 * by key, so a sequential scan, hash or merge join is never the right plan; pricing them out keeps a
 * prepared statement's generic plan on index probes even when it was made while the tables were young (no
 * statistics, a scan was cheapest then) and is kept as they grow.
 */
export const KEYED_PLANS = '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off';

/**
 * A statement that joins the batch to `contacts` on (bot_id, external_user_id), planned afresh on every
 * run. A generic plan made on a young database (no statistics, a few rows) may probe
 * `contacts_by_last_seen` on bot_id alone instead of the unique key: the two cost the same there, and
 * the first reads every contact of the bot per row once the table has grown. Planning costs ~0.1–0.3 ms.
 * Statements that reach contacts by id (only its primary key can) are `prepared`.
 */
export function planned(text: string, values: unknown[]): QueryConfig {
  return { text, values: withArrayLiterals(values) };
}

interface Queued {
  statement: QueryConfig;
  /** Present when the caller awaits the answer; otherwise only a failure matters. */
  answer?: { resolve: (result: QueryResult) => void; reject: (error: unknown) => void };
  /** Called once the statement sent before this one has been answered. */
  afterPrevious?: () => void;
}

/**
 * One transaction on a pipelining connection (node-postgres `pipeline: true`). Statements are queued
 * and go out together, in order, in one write once an awaited one is queued (a microtask later, so
 * awaited statements issued together share it): what a batch issues before waiting on answers costs
 * one write and one wake-up of the backend, a round trip, instead of one per statement. Statements
 * whose rows are not needed are only queued; if one fails, PostgreSQL answers the COMMIT sent behind
 * it with ROLLBACK (the transaction was aborted) and commit() rejects with that failure: nothing is
 * ever half committed.
 */
export class PipelinedTransaction {
  private queued: Queued[] = [{ statement: { text: 'BEGIN' } }];
  private flushScheduled = false;
  private failure: { error: unknown } | null = null;
  /** Settles once the last statement sent so far has been answered. */
  private lastAnswered: Promise<unknown> = Promise.resolve();

  constructor(private readonly client: PoolClient) {}

  /** Queues a statement whose answer matters only if it fails (commit() then rejects); it goes out with the next awaited one. */
  send(statement: QueryConfig): void {
    this.queued.push({ statement });
  }

  /** Queues a statement and resolves with its rows. */
  async rows<T>(statement: QueryConfig): Promise<T[]> {
    const result = await this.answer(statement);
    return result.rows as T[];
  }

  /**
   * Queues a statement and resolves with its rows, without sending it now: it goes out with the next awaited
   * one (COMMIT at the latest), so it adds no round trip. Its rejection is the caller's to handle.
   */
  rowsWithNext<T>(statement: QueryConfig): Promise<T[]> {
    return new Promise<QueryResult>((resolve, reject) => {
      this.queued.push({ statement, answer: { resolve, reject } });
    }).then((result) => result.rows as T[]);
  }

  /** Sends what is queued now, for a caller that needs a queued statement's answer before the COMMIT. */
  sendQueued(): void {
    this.flushSoon();
  }

  /** Queues a statement, answered as node-postgres answers, for code that takes a client. */
  query<R extends QueryResultRow>(text: string, values: unknown[]): Promise<QueryResult<R>> {
    return this.answer({ text, values }) as Promise<QueryResult<R>>;
  }

  /**
   * Queues COMMIT; calls `flushing` once PostgreSQL has run everything before it (what is left is the
   * WAL flush), and resolves once all of it is committed (synchronous_commit stays on).
   */
  async commit(flushing?: () => void): Promise<void> {
    const result = await this.answer({ text: 'COMMIT' }, flushing);
    if (this.failure) throw this.failure.error;
    if (result.command !== 'COMMIT') throw new Error(`The ingest transaction ended with ${result.command}`);
  }

  /** Ends the transaction after a failure; harmless (a warning) when COMMIT already ended it. */
  async rollback(): Promise<void> {
    this.queued = [];
    await this.client.query('ROLLBACK');
  }

  private answer(statement: QueryConfig, afterPrevious?: () => void): Promise<QueryResult> {
    return new Promise((resolve, reject) => {
      this.queued.push({ statement, answer: { resolve, reject }, afterPrevious });
      this.flushSoon();
    });
  }

  private flushSoon(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    // In pipeline mode each query is written as it is issued; corking the socket makes them one write.
    const socket = this.client.connection.stream;
    socket.cork();
    try {
      for (const { statement, answer, afterPrevious } of this.queued.splice(0)) {
        if (afterPrevious) void this.lastAnswered.then(afterPrevious);
        const answered = this.client.query(statement);
        this.lastAnswered = answered.catch(() => undefined);
        answered.then(
          (result) => answer?.resolve(result),
          (error: unknown) => {
            this.failure ??= { error };
            // After one statement failed, every later one fails as "transaction is aborted": report the cause.
            answer?.reject(this.failure.error);
          },
        );
      }
    } finally {
      socket.uncork();
    }
  }
}

/** Rows of a statement PostgreSQL parses and plans once per connection. */
export function records<T = unknown>(tx: PipelinedTransaction, sql: string, params: unknown[]): Promise<T[]> {
  return tx.rows<T>(prepared(sql, params));
}

/** Rows of a statement joining the batch to contacts, planned on every run (see `planned`). */
export function plannedRecords<T = unknown>(tx: PipelinedTransaction, sql: string, params: unknown[]): Promise<T[]> {
  return tx.rows<T>(planned(sql, params));
}

/** Sends a prepared statement without waiting for its answer; a failure surfaces at commit. */
export function sendPrepared(tx: PipelinedTransaction, sql: string, params: unknown[]): void {
  tx.send(prepared(sql, params));
}
