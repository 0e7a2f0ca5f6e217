import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Button presses of contacts (Telegram `callback_query`, MAX `message_callback` in private chats): kept
 * apart from messages because they are no messages (no counters, no text), stored once per dedupe key.
 * Like messages, no foreign key to bots (its per-row check locks the bot's row on every insert): each
 * press is inserted joined to a contact of its bot and cascades with it.
 */
export class ButtonPresses1795401900000 implements MigrationInterface {
  name = 'ButtonPresses1795401900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE button_presses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL,
        contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        external_user_id text NOT NULL,
        data text NOT NULL,
        dedupe_key text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    // The same callback seen twice (proxy retry, mirror and proxy both) is stored once.
    await q.query(`CREATE UNIQUE INDEX button_presses_dedupe ON button_presses (bot_id, dedupe_key)`);
    // The /buttons report reads a time window of a bot from the index alone.
    await q.query(
      `CREATE INDEX button_presses_by_time ON button_presses (bot_id, created_at) INCLUDE (data, contact_id)`,
    );
    // A dialog's presses, the contact cascade and erasure.
    await q.query(`CREATE INDEX button_presses_by_contact ON button_presses (contact_id, created_at)`);
    // Funnel stages of type button: a condition on the presses' data.
    await q.query(`
      ALTER TABLE funnel_stages DROP CONSTRAINT funnel_stages_type_check,
        ADD CONSTRAINT funnel_stages_type_check CHECK (type IN ('text', 'command', 'intent', 'button'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM funnel_stages WHERE type = 'button'`);
    await q.query(`DELETE FROM funnel_stage_keys WHERE type = 'button'`);
    await q.query(`
      ALTER TABLE funnel_stages DROP CONSTRAINT funnel_stages_type_check,
        ADD CONSTRAINT funnel_stages_type_check CHECK (type IN ('text', 'command', 'intent'))`);
    await q.query(`DROP TABLE button_presses`);
  }
}
