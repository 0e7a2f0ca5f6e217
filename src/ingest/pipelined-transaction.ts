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
 * One transaction on a pipelining connection (node-postgres `pipeline: true`): each statement goes out
 * without waiting for the answers to those before it, and PostgreSQL runs them in order. Statements
 * whose rows the batch needs are awaited; the rest are only sent, and COMMIT is sent right behind
 * them. If any of those fails, PostgreSQL answers that COMMIT with ROLLBACK (the transaction was
 * aborted), and commit() rejects with the failure: nothing is ever half committed.
 */
export class PipelinedTransaction {
  private failure: { error: unknown } | null = null;

  constructor(private readonly client: PoolClient) {
    this.send({ text: 'BEGIN' });
  }

  /** Sends a statement and resolves with its rows. */
  async rows<T>(statement: QueryConfig): Promise<T[]> {
    const result = await this.client.query(statement);
    return result.rows as T[];
  }

  /** A statement whose rows are awaited, answered as node-postgres answers, for code that takes a client. */
  query<R extends QueryResultRow>(text: string, values: unknown[]): Promise<QueryResult<R>> {
    return this.client.query<R>({ text, values });
  }

  /** Sends a statement whose answer matters only if it fails (commit() then rejects). */
  send(statement: QueryConfig): void {
    this.client.query(statement).catch((error: unknown) => {
      this.failure ??= { error };
    });
  }

  /** Resolves once everything sent is committed (durably: synchronous_commit is left on). */
  async commit(): Promise<void> {
    const result = await this.client.query('COMMIT');
    if (this.failure) throw this.failure.error;
    if (result.command !== 'COMMIT') throw new Error(`The ingest transaction ended with ${result.command}`);
  }

  /** Ends the transaction after a failure; harmless (a warning) when COMMIT already ended it. */
  async rollback(): Promise<void> {
    await this.client.query('ROLLBACK');
  }
}
