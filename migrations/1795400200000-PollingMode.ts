import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Updates held for bots in polling mode (`target_url = polling`, contract §5): the proxy receiver
 * stores each pushed update here, and the bot's getUpdates / GET /updates through the mirror reads
 * and confirms them. Confirmed rows are deleted; a sweeper keeps at most 24 h and 100,000 per bot.
 */
export class PollingMode1795400200000 implements MigrationInterface {
  name = 'PollingMode1795400200000';

  async up(q: QueryRunner): Promise<void> {
    // One row per polling bot. `last_seq` is taken under the row lock in the same statement that
    // inserts the update, so updates become visible in seq order and a reader never skips one that
    // commits late. `served_seq` is the highest seq handed to the bot (Telegram offsets confirm up to it).
    await q.query(`
      CREATE TABLE held_update_cursors (
        bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
        last_seq bigint NOT NULL,
        served_seq bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE held_updates (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        seq bigint NOT NULL,
        update_id bigint,
        update_type text NOT NULL,
        dedupe_key text NOT NULL,
        body text NOT NULL,
        held_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bot_id, seq)
      )`);
    // A platform's redelivery of the same update is held once.
    await q.query(`CREATE UNIQUE INDEX held_updates_dedupe ON held_updates (bot_id, dedupe_key)`);
    await q.query(`CREATE INDEX held_updates_by_age ON held_updates (held_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE held_updates, held_update_cursors`);
  }
}
