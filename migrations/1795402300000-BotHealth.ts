import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bot health (issue 27): reply times, waiting dialogs, platform and target errors, alerts.
 * - `message_replies`: one row per inbound message once the bot answered its dialog (the latency), written by the
 *   ingest in the batch that stored the answer; the messages table stays insert-only.
 * - `contacts.awaiting_since`: the oldest inbound message of the dialog still without an answer (null when answered),
 *   kept by the same batch; the dialog list's `unanswered=true` reads it.
 * - `platform_errors`, `target_failures`: calls the platform refused and updates the proxy target failed.
 * - `bot_polls`: when each bot last polled through the mirror (the `polling` alert).
 * - `bot_alerts`: opened and resolved alerts; at most one open per bot and kind.
 */
export class BotHealth1795402300000 implements MigrationInterface {
  name = 'BotHealth1795402300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bots ADD COLUMN reply_window_s integer NOT NULL DEFAULT 300`);
    await q.query(`ALTER TABLE bots ADD COLUMN alert_rules jsonb NOT NULL DEFAULT '{}'`);

    await q.query(`ALTER TABLE contacts ADD COLUMN awaiting_since timestamptz`);
    await q.query(
      `CREATE INDEX contacts_awaiting ON contacts (bot_id, awaiting_since, id) WHERE awaiting_since IS NOT NULL`,
    );

    // No key to bots (see MessagesWithoutBotKey): the message's own key removes the row with it.
    await q.query(`
      CREATE TABLE message_replies (
        message_id uuid PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
        bot_id uuid NOT NULL,
        inbound_at timestamptz NOT NULL,
        latency_ms integer NOT NULL
      )`);
    await q.query(`CREATE INDEX message_replies_by_time ON message_replies (bot_id, inbound_at)`);

    await q.query(`
      CREATE TABLE platform_errors (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        method text NOT NULL,
        error_code integer NOT NULL,
        description text NOT NULL,
        retry_after integer,
        is_send boolean NOT NULL
      )`);
    await q.query(`CREATE INDEX platform_errors_by_time ON platform_errors (bot_id, at)`);

    await q.query(`
      CREATE TABLE target_failures (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        error text NOT NULL,
        streak integer NOT NULL
      )`);
    await q.query(`CREATE INDEX target_failures_by_time ON target_failures (bot_id, at)`);

    await q.query(`
      CREATE TABLE bot_polls (
        bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
        last_poll_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE bot_alerts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('silence', 'errors', 'target', 'polling')),
        opened_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        details jsonb NOT NULL DEFAULT '{}'
      )`);
    // An alert opens once per bot and kind, whichever instance evaluates the rules.
    await q.query(`CREATE UNIQUE INDEX bot_alerts_open ON bot_alerts (bot_id, kind) WHERE resolved_at IS NULL`);
    await q.query(`CREATE INDEX bot_alerts_by_bot ON bot_alerts (bot_id, opened_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bot_alerts, bot_polls, target_failures, platform_errors, message_replies`);
    await q.query(`ALTER TABLE contacts DROP COLUMN awaiting_since`);
    await q.query(`ALTER TABLE bots DROP COLUMN alert_rules, DROP COLUMN reply_window_s`);
  }
}
