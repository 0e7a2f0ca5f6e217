import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Bot } from './bot.entity';
import { modifiedRows, Queryable, selectOne, selectRows } from '../database/sql';

/**
 * What other modules ask of the `bots` table (BotsService and BotRegistry keep their entity CRUD):
 * a bot by id, counts and states per account, and the few columns the proxy writes.
 */
@Injectable()
export class BotsRepository {
  constructor(private readonly db: DataSource) {}

  /** A bot that is not deleted, whoever owns it: for callers that already proved the right to it. */
  findLive(id: string): Promise<Bot | null> {
    return this.db.getRepository(Bot).findOneBy({ id, deletedAt: IsNull() });
  }

  async setWebhookSecret(id: string, secret: string | null): Promise<void> {
    await this.db.getRepository(Bot).update({ id }, { webhookSecret: secret });
  }

  /** The last forward to the bot's target in proxy mode; `error` null for a success. */
  async setForwardStatus(id: string, error: string | null, at: Date): Promise<void> {
    await this.db.getRepository(Bot).update({ id }, { lastForwardError: error, lastForwardAt: at });
  }

  /** NO KEY UPDATE serialises changes of the bot's settings without blocking the ingest's foreign-key checks on it. */
  async lockSettings(tx: Queryable, id: string): Promise<void> {
    await tx.query(`SELECT 1 FROM bots WHERE id = $1 FOR NO KEY UPDATE`, [id]);
  }

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
