import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { modifiedRows, Queryable, selectOne, selectRows } from '../database/sql';

/**
 * What other modules ask of the `bots` table (BotsService and BotRegistry keep their entity CRUD):
 * counts and states per account.
 */
@Injectable()
export class BotsRepository {
  constructor(private readonly db: DataSource) {}

  async hasLiveBots(tx: Queryable, accountId: string): Promise<boolean> {
    const row = await selectOne(tx, `SELECT 1 FROM bots WHERE user_id = $1 AND deleted_at IS NULL LIMIT 1`, [
      accountId,
    ]);
    return row !== null;
  }

  /** Live (not deleted) bots per account; an account without any is left out. */
  async countLiveByAccount(accountIds: string[]): Promise<Map<string, number>> {
    if (!accountIds.length) return new Map();
    const rows = await selectRows<{ user_id: string; bots: number }>(
      this.db,
      `SELECT user_id, count(*)::int AS bots FROM bots
        WHERE user_id = ANY($1::uuid[]) AND deleted_at IS NULL GROUP BY user_id`,
      [accountIds],
    );
    return new Map(rows.map((row) => [row.user_id, row.bots]));
  }

  /**
   * Deactivates every live bot of the account; deleted_at stays null, so the mirror keeps knowing the
   * bots and answers them 403 "deactivated". Answers their ids.
   */
  async deactivateAllOf(tx: Queryable, accountId: string): Promise<string[]> {
    const rows = await modifiedRows<{ id: string }>(
      tx,
      `UPDATE bots SET active = false, updated_at = now() WHERE user_id = $1 AND deleted_at IS NULL RETURNING id`,
      [accountId],
    );
    return rows.map((row) => row.id);
  }
}
