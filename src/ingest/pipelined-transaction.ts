import { createHash } from 'node:crypto';
import type { PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';

const statementNames = new Map<string, string>();

/** A statement PostgreSQL parses and plans once per connection (a named prepared statement). */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `facts_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return { name, text, values };
}

/**
 * A statement that joins the batch to `contacts`, planned afresh on every run. A prepared statement
 * settles on one generic plan after five runs; on a young database that plan hash-joins a sequential
 * scan of contacts (cheapest while the table is small) and keeps doing so as it grows: bench/ingest
 * read 36M contact rows for 100k updates that way. Planning costs ~0.1 ms; the scan grew with the table.
 */
export function planned(text: string, values: unknown[]): QueryConfig {
  return { text, values };
}

/**
 * One transaction on a pipelining connection (node-postgres `pipeline: true`). Statements whose rows
 * are not needed are queued and go out, in order, in the same write as the next statement whose rows
 * are awaited (or as COMMIT), so a batch costs one write and one wake-up of the backend per round
 * trip instead of per statement. If a queued statement fails, PostgreSQL answers the COMMIT sent
 * behind it with ROLLBACK (the transaction was aborted) and commit() rejects with the failure:
 * nothing is ever half committed.
 */
export class PipelinedTransaction {
  private queued: QueryConfig[] = [{ text: 'BEGIN' }];
  private failure: { error: unknown } | null = null;

  constructor(private readonly client: PoolClient) {}

  /** Queues a statement whose answer matters only if it fails (commit() then rejects). */
  send(statement: QueryConfig): void {
    this.queued.push(statement);
  }

  /** Sends the queued statements and this one, and resolves with this one's rows. */
  async rows<T>(statement: QueryConfig): Promise<T[]> {
    const result = await this.sendQueued(statement).final;
    return result.rows as T[];
  }

  /** Sends the queued statements and this one, answered as node-postgres answers, for code that takes a client. */
  query<R extends QueryResultRow>(text: string, values: unknown[]): Promise<QueryResult<R>> {
    return this.sendQueued({ text, values }).final as Promise<QueryResult<R>>;
  }

  /**
   * Sends the queued statements and COMMIT; calls `flushing` once PostgreSQL has run all but the
   * COMMIT (what is left is the WAL flush), and resolves once all of it is committed
   * (synchronous_commit stays on).
   */
  async commit(flushing?: () => void): Promise<void> {
    const { last, final: committed } = this.sendQueued({ text: 'COMMIT' });
    void last.then(flushing, flushing);
    const result = await committed;
    if (this.failure) throw this.failure.error;
    if (result.command !== 'COMMIT') throw new Error(`The ingest transaction ended with ${result.command}`);
  }

  /** Ends the transaction after a failure; harmless (a warning) when COMMIT already ended it. */
  async rollback(): Promise<void> {
    this.queued = [];
    await this.client.query('ROLLBACK');
  }

  /** Sends the queued statements and `final` in one write; `last` settles when the last queued one is answered. */
  private sendQueued(final: QueryConfig): { last: Promise<unknown>; final: Promise<QueryResult> } {
    // In pipeline mode each query is written as it is issued; corking the socket makes them one write.
    const socket = this.client.connection.stream;
    socket.cork();
    try {
      let last: Promise<unknown> = Promise.resolve();
      for (const statement of this.queued.splice(0)) {
        last = this.client.query(statement).catch((error: unknown) => {
          this.failure ??= { error };
        });
      }
      // After a queued statement failed, every later one fails as "transaction is aborted": report the cause.
      const answered = this.client.query(final).catch((error: unknown) => {
        throw this.failure ? this.failure.error : error;
      });
      return { last, final: answered };
    } finally {
      socket.uncork();
    }
  }
}
