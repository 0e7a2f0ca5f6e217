import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HeldUpdateKey } from './held-update-key';

/** An update held for a polling bot: its place in the bot's queue and the bytes the platform pushed. */
export interface HeldUpdate {
  seq: number;
  body: string;
}

/** What a bot in polling mode may hold (like Telegram, which keeps undelivered updates ≤ 24 h). */
export const HELD_UPDATES_MAX_AGE_HOURS = 24;
export const HELD_UPDATES_MAX_PER_BOT = 100_000;

interface SeqRow {
  seq: string;
  body: string;
}

/**
 * The queue of updates held for bots in polling mode (table `held_updates`). A bot's updates are
 * numbered by `seq` under a per-bot row lock, so they become visible strictly in seq order:
 * a reader that sees seq n has seen every seq below it, and a marker never skips a late commit.
 */
@Injectable()
export class HeldUpdatesStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Holds one update in its own committed statement; a repeated delivery is held once. */
  async hold(botId: string, key: HeldUpdateKey, body: string): Promise<void> {
    await this.dataSource.query(
      `WITH next AS (
         INSERT INTO held_update_cursors AS c (bot_id, last_seq) VALUES ($1, 1)
         ON CONFLICT (bot_id) DO UPDATE SET last_seq = c.last_seq + 1
         RETURNING last_seq
       )
       INSERT INTO held_updates (bot_id, seq, update_id, update_type, dedupe_key, body)
       SELECT $1, last_seq, $2, $3, $4, $5 FROM next
       ON CONFLICT (bot_id, dedupe_key) DO NOTHING`,
      [botId, key.updateId, key.updateType, key.dedupeKey, body],
    );
  }

  /**
   * Up to `limit` held updates in queue order (only `types`, when given), recording the highest
   * seq handed out so a later Telegram offset can confirm exactly what the bot was given.
   */
  async take(botId: string, limit: number, types: string[] | null = null): Promise<HeldUpdate[]> {
    const rows: SeqRow[] = await this.dataSource.query(
      `WITH taken AS (
         SELECT seq, body FROM held_updates
         WHERE bot_id = $1 AND ($3::text[] IS NULL OR update_type = ANY($3))
         ORDER BY seq LIMIT $2
       ), served AS (
         UPDATE held_update_cursors SET served_seq = GREATEST(served_seq, (SELECT max(seq) FROM taken))
         WHERE bot_id = $1 AND EXISTS (SELECT 1 FROM taken)
       )
       SELECT seq, body FROM taken ORDER BY seq`,
      [botId, limit, types],
    );
    return rows.map((row) => ({ seq: Number(row.seq), body: row.body }));
  }

  /**
   * Telegram `offset` > 0: the bot confirms every update_id below it. Only updates already handed
   * out count, so one that committed late (a lower update_id after a higher one) is still delivered.
   */
  async confirmTelegramOffset(botId: string, offset: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM held_updates
       WHERE bot_id = $1 AND (update_id < $2 OR update_id IS NULL)
         AND seq <= (SELECT served_seq FROM held_update_cursors WHERE bot_id = $1)`,
      [botId, offset],
    );
  }

  /** Telegram negative `offset`: only the newest `keep` updates stay; all earlier ones are forgotten. */
  async keepNewest(botId: string, keep: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM held_updates
       WHERE bot_id = $1
         AND seq < (SELECT seq FROM held_updates WHERE bot_id = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`,
      [botId, keep - 1],
    );
  }

  /** MAX `marker`: every update before it counts as read. */
  async confirmBefore(botId: string, seq: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM held_updates WHERE bot_id = $1 AND seq < $2`, [botId, seq]);
  }

  /** The last seq given to a committed update of the bot (0 before the first). */
  async lastSeq(botId: string): Promise<number> {
    const rows: Array<{ last_seq: string }> = await this.dataSource.query(
      `SELECT last_seq FROM held_update_cursors WHERE bot_id = $1`,
      [botId],
    );
    return rows.length ? Number(rows[0].last_seq) : 0;
  }

  async count(botId: string): Promise<number> {
    const rows: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM held_updates WHERE bot_id = $1`,
      [botId],
    );
    return rows[0].count;
  }

  async dropAll(botId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM held_updates WHERE bot_id = $1`, [botId]);
  }

  /** Enforces the caps: nothing older than 24 h, at most the newest 100,000 per bot. */
  async prune(): Promise<void> {
    await this.dataSource.query(`DELETE FROM held_updates WHERE held_at < now() - make_interval(hours => $1)`, [
      HELD_UPDATES_MAX_AGE_HOURS,
    ]);
    // seq is dense per bot (gaps only from duplicates), so last_seq - min(seq) bounds the count and
    // lets bots far below the cap skip the offset scan. MATERIALIZED computes each cut once: inlined,
    // the planner may re-run the offset scan for every row it deletes.
    await this.dataSource.query(
      `WITH over_cap AS MATERIALIZED (
         SELECT c.bot_id,
                (SELECT seq FROM held_updates x WHERE x.bot_id = c.bot_id ORDER BY seq DESC OFFSET $1 LIMIT 1) AS cut
         FROM held_update_cursors c
         WHERE c.last_seq - (SELECT min(seq) FROM held_updates m WHERE m.bot_id = c.bot_id) >= $1
       )
       DELETE FROM held_updates h USING over_cap
       WHERE h.bot_id = over_cap.bot_id AND h.seq <= over_cap.cut`,
      [HELD_UPDATES_MAX_PER_BOT],
    );
  }
}
