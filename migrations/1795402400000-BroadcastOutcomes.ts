import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Broadcast outcomes and A/B variants (issue 28). A broadcast may track its links (`track_links`; the links it
 * made, one per distinct URL, in `link_ids`, so its clicks are read through them) and carry 2–4 `variants`
 * (`[{ text, file }]`) instead of one text. A recipient gets a `variant` when the audience is chosen; with a
 * `test_share` below 1 the rest wait as `held` until the winner is chosen (`winner`, `winner_chosen_at`), once:
 * `winner_after_minutes` after the test share's last send (`test_finished_at`).
 */
export class BroadcastOutcomes1795402400000 implements MigrationInterface {
  name = 'BroadcastOutcomes1795402400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE broadcasts
        ADD COLUMN track_links boolean NOT NULL DEFAULT false,
        ADD COLUMN link_ids uuid[] NOT NULL DEFAULT '{}',
        ADD COLUMN variants jsonb,
        ADD COLUMN test_share double precision NOT NULL DEFAULT 1,
        ADD COLUMN winner_after_minutes integer,
        ADD COLUMN winner_metric text CHECK (winner_metric IN ('clicked', 'replied', 'revenue')),
        ADD COLUMN test_finished_at timestamptz,
        ADD COLUMN winner smallint,
        ADD COLUMN winner_chosen_at timestamptz`);
    await q.query(`ALTER TABLE broadcast_recipients ADD COLUMN variant smallint`);
    // The outcomes' blocked_after reads the bot's blocked contacts: few rows, and only they are indexed.
    await q.query(
      `CREATE INDEX contacts_blocked ON contacts (bot_id) INCLUDE (blocked_at) WHERE blocked_at IS NOT NULL`,
    );
    await q.query(`ALTER TABLE broadcast_recipients DROP CONSTRAINT broadcast_recipients_status_check`);
    await q.query(`
      ALTER TABLE broadcast_recipients ADD CONSTRAINT broadcast_recipients_status_check
        CHECK (status IN ('held', 'pending', 'sending', 'sent', 'failed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM broadcast_recipients WHERE status = 'held'`);
    await q.query(`ALTER TABLE broadcast_recipients DROP CONSTRAINT broadcast_recipients_status_check`);
    await q.query(`
      ALTER TABLE broadcast_recipients ADD CONSTRAINT broadcast_recipients_status_check
        CHECK (status IN ('pending', 'sending', 'sent', 'failed'))`);
    await q.query(`DROP INDEX contacts_blocked`);
    await q.query(`ALTER TABLE broadcast_recipients DROP COLUMN variant`);
    await q.query(`
      ALTER TABLE broadcasts DROP COLUMN track_links, DROP COLUMN link_ids, DROP COLUMN variants,
        DROP COLUMN test_share, DROP COLUMN winner_after_minutes, DROP COLUMN winner_metric,
        DROP COLUMN test_finished_at, DROP COLUMN winner, DROP COLUMN winner_chosen_at`);
  }
}
