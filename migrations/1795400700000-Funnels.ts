import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What JavaScript's String.prototype.trim() removes (WhiteSpace and LineTerminator), so a stage value
 * trimmed in the API and a message trimmed in SQL agree.
 */
const TRIMMED = String.raw`E' \t\n\r\f\u000B\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'`;

/**
 * Funnels (spec: Funnel). The configured stages, and for each distinct stage condition ("stage key")
 * the contacts that reached it and how many did per raw source, so reading a funnel touches a few
 * counter rows however many contacts and messages the bot has (docs/api.md: Funnels).
 */
export class Funnels1795400700000 implements MigrationInterface {
  name = 'Funnels1795400700000';

  async up(q: QueryRunner): Promise<void> {
    // How text stages compare: case-folded (ICU's Unicode lower-casing when the server has ICU, the
    // same mapping JavaScript uses) and trimmed. One function, so backfill and live matching agree.
    const icu = (await q.query(`SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'`)).length > 0;
    await q.query(`
      CREATE FUNCTION funnel_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT lower(btrim(t, ${TRIMMED})${icu ? ' COLLATE "und-x-icu"' : ''}) $$`);

    // The configuration as the user wrote it, in order. Several stages may share one condition.
    await q.query(`
      CREATE TABLE funnel_stages (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('text', 'command', 'intent')),
        match text CHECK (match IN ('exact', 'contains')),
        value text NOT NULL,
        stage_key bigint NOT NULL,
        PRIMARY KEY (bot_id, position)
      )`);

    // One row per distinct condition in use. stage_key hashes the condition, so a stage that survives
    // a config edit keeps its reach rows. computing = its history is still being backfilled; revision
    // grows when a finished key must be counted again (its intents changed), so a backfill that was
    // already running does not mark it done.
    await q.query(`
      CREATE TABLE funnel_stage_keys (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        stage_key bigint NOT NULL,
        type text NOT NULL,
        match text,
        value text NOT NULL,
        folded text NOT NULL,
        computing boolean NOT NULL DEFAULT true,
        revision integer NOT NULL DEFAULT 0,
        PRIMARY KEY (bot_id, stage_key)
      )`);

    // Who reached which condition, once per contact, at its first matching inbound message. The raw
    // source of the contact rides along so the per-source counters can be kept without a join.
    // No foreign key to contacts: its cascade would need another index on a table this large, and
    // contacts only go away with their bot.
    await q.query(`
      CREATE TABLE funnel_reach (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        stage_key bigint NOT NULL,
        contact_id uuid NOT NULL,
        source_value text NOT NULL,
        reached_at timestamptz NOT NULL,
        PRIMARY KEY (bot_id, stage_key, contact_id)
      )`);
    // Contacts that get attributed after they reached a stage (a plain message first, a /start link
    // later) are moved to their source; only unattributed rows are ever looked up by contact.
    await q.query(`CREATE INDEX funnel_reach_unattributed ON funnel_reach (contact_id) WHERE source_value = ''`);

    // reached = rows of funnel_reach per (stage key, raw source; '' = none). The report sums these.
    await q.query(`
      CREATE TABLE funnel_stage_counts (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        stage_key bigint NOT NULL,
        source_value text NOT NULL,
        reached integer NOT NULL,
        PRIMARY KEY (bot_id, stage_key, source_value)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE funnel_stage_counts, funnel_reach, funnel_stage_keys, funnel_stages`);
    await q.query(`DROP FUNCTION funnel_fold(text)`);
  }
}
