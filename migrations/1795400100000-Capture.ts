import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Facts captured from bot traffic (contract §6) and the rollups that keep reports fast:
 * contacts carry their own counters and last message (the dialog list), daily_stats feeds
 * stats and the timeline, source_rollups feeds the sources report. All are kept up to date
 * by the ingest transaction that stores the facts.
 */
export class Capture1795400100000 implements MigrationInterface {
  name = 'Capture1795400100000';

  async up(q: QueryRunner): Promise<void> {
    // Secret set on the platform by POST /api/bots/:id/webhook and checked by the proxy receiver.
    await q.query(`ALTER TABLE bots ADD COLUMN webhook_secret text`);

    await q.query(`
      CREATE TABLE contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        external_user_id text NOT NULL,
        username text,
        first_name text,
        last_name text,
        is_premium boolean NOT NULL DEFAULT false,
        language_code text,
        phone text,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz,
        source_value text,
        campaign_name text,
        first_touch_at timestamptz,
        last_touch_at timestamptz,
        touches integer NOT NULL DEFAULT 0,
        messages_in integer NOT NULL DEFAULT 0,
        messages_out integer NOT NULL DEFAULT 0,
        first_message_at timestamptz,
        last_text text,
        last_direction text,
        last_at timestamptz,
        blocked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contacts_bot_user UNIQUE (bot_id, external_user_id)
      )`);
    await q.query(`CREATE INDEX contacts_by_last_seen ON contacts (bot_id, last_seen_at DESC NULLS LAST, id)`);
    await q.query(`CREATE INDEX contacts_by_last_message ON contacts (bot_id, last_at DESC NULLS LAST, id)`);
    await q.query(`CREATE INDEX contacts_by_first_seen ON contacts (bot_id, first_seen_at)`);

    await q.query(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        external_user_id text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('in', 'out')),
        text text,
        platform_message_id text,
        dedupe_key text NOT NULL,
        raw_json jsonb,
        created_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The same update (or sent message) seen twice is stored once.
    await q.query(`CREATE UNIQUE INDEX messages_dedupe ON messages (bot_id, dedupe_key)`);
    await q.query(`CREATE INDEX messages_by_time ON messages (bot_id, created_at DESC)`);
    await q.query(`CREATE INDEX messages_by_user_time ON messages (bot_id, external_user_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE touches (
        id bigserial PRIMARY KEY,
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        parameter text,
        source_value text,
        campaign_name text,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX touches_by_contact ON touches (contact_id, created_at)`);

    // '' stands for "none" so the key stays a plain primary key.
    await q.query(`
      CREATE TABLE source_rollups (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        source_value text NOT NULL,
        campaign_name text NOT NULL,
        contacts_count integer NOT NULL DEFAULT 0,
        touches integer NOT NULL DEFAULT 0,
        PRIMARY KEY (bot_id, source_value, campaign_name)
      )`);

    await q.query(`
      CREATE TABLE daily_stats (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        day date NOT NULL,
        messages_in integer NOT NULL DEFAULT 0,
        messages_out integer NOT NULL DEFAULT 0,
        new_contacts integer NOT NULL DEFAULT 0,
        PRIMARY KEY (bot_id, day)
      )`);

    await q.query(`
      CREATE TABLE source_mappings (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        raw text NOT NULL,
        source_value text NOT NULL,
        campaign_name text,
        PRIMARY KEY (bot_id, raw)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE source_mappings, daily_stats, source_rollups, touches, messages, contacts`);
    await q.query(`ALTER TABLE bots DROP COLUMN webhook_secret`);
  }
}
