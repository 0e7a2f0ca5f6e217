import { Injectable } from '@nestjs/common';
import type { QueryResult, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { Queryable } from '../database/sql';

/** The first day of the current UTC month, as the `month` key of usage_months. */
export function currentMonth(now = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * SQL for the messages of an account's bots in daily_stats from a month on: what a usage_months row
 * starts from, so a plan capped mid-month counts what is already recorded. `account` and `month` are
 * SQL expressions (a column or a parameter).
 */
function recordedSinceSql(account: string, month: string): string {
  return `(SELECT COALESCE(sum(ds.messages_in + ds.messages_out), 0)::int
             FROM bots b JOIN daily_stats ds ON ds.bot_id = b.id AND ds.day >= ${month}::date
            WHERE b.user_id = ${account})`;
}

/** A transaction answered as node-postgres answers: the ingest's pipelined transaction, or a pg client. */
export interface PgTransaction {
  query<R extends QueryResultRow>(text: string, values: unknown[]): Promise<QueryResult<R>>;
}

export interface UsageRow {
  user_id: string;
  messages: number;
  cap_reached_at: Date | null;
}

export interface UsageChange {
  accountId: string;
  added: number;
  reachedNow: boolean;
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

/** usage_months: the capped plans' monthly counters of recorded messages, and the month's usage of any account. */
@Injectable()
export class UsageMonthsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Messages recorded this UTC month for each account: on a capped plan the usage_months counter the cap
   * keeps (exactly what it allowed), else the sum of the account's bots' daily_stats for the month.
   */
  async messagesThisMonth(accountIds: string[]): Promise<Map<string, number>> {
    if (!accountIds.length) return new Map();
    const rows: Array<{ user_id: string; messages: number }> = await this.db.query(
      `SELECT a.user_id,
              CASE WHEN t.capped AND um.messages IS NOT NULL THEN um.messages
                   ELSE ${recordedSinceSql('a.user_id', '$2')} END AS messages
         FROM unnest($1::uuid[]) AS a(user_id)
         LEFT JOIN users u ON u.id = a.user_id
         LEFT JOIN tariffs t ON t.code = u.tariff
         LEFT JOIN usage_months um ON um.user_id = a.user_id AND um.month = $2::date`,
      [accountIds, currentMonth()],
    );
    return new Map(rows.map((row) => [row.user_id, row.messages]));
  }

  /** Capped again in a month the cap already counted: what was recorded on the paid plan counts too. */
  async catchUpWithRecorded(tx: Queryable, accountId: string): Promise<void> {
    await tx.query(
      `UPDATE usage_months SET messages = GREATEST(messages, ${recordedSinceSql('$1', '$2')}) WHERE user_id = $1 AND month = $2::date`,
      [accountId, currentMonth()],
    );
  }

  /** In the ingest's transaction: creates and locks the month's rows of the accounts (see LOCK_USAGE_SQL). */
  async lock(tx: PgTransaction, accountIds: string[], month: string): Promise<UsageRow[]> {
    const { rows } = await tx.query<UsageRow>(LOCK_USAGE_SQL, [accountIds, month]);
    return rows;
  }

  /** Adds what was stored to rows locked by lock(); answers the addresses of the accounts that reached the cap now. */
  async add(
    tx: PgTransaction,
    changes: UsageChange[],
    month: string,
  ): Promise<Array<{ email: string; reachedNow: boolean }>> {
    const { rows } = await tx.query<{ email: string; reached_now: boolean }>(ADD_USAGE_SQL, [
      changes.map((c) => c.accountId),
      changes.map((c) => c.added),
      changes.map((c) => c.reachedNow),
      month,
    ]);
    return rows.map((row) => ({ email: row.email, reachedNow: row.reached_now }));
  }
}
