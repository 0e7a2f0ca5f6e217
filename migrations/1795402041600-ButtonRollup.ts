import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The buttons report's rollup (issue 16), kept by the ingest with the presses (ButtonPresses owns it):
 * - button_day_presses: presses per bot, UTC day and data;
 * - button_contact_days: the UTC days on which a contact pressed a data value, one row each;
 * - button_day_contacts: those days counted by (day, the contact's previous press day of that data, or
 *   -infinity for its first). The contacts who pressed a data value within whole days [d1, d2] are the
 *   rows with d1 ≤ day ≤ d2 whose previous day is before d1: each contact once, at its first day in the
 *   window. So any window of whole days is a sum over a few thousand counters, exactly.
 * Like button_presses, no foreign key to bots: its per-row check cost the ingest ~0.1 ms per new contact
 * day (EXPLAIN ANALYZE of a 100-press batch); the bot cleanup empties the tables (src/cleanup/bot-data.ts).
 */
export class ButtonRollup1795402041600 implements MigrationInterface {
  name = 'ButtonRollup1795402041600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE button_day_presses (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        data text NOT NULL,
        presses integer NOT NULL,
        PRIMARY KEY (bot_id, day, data) INCLUDE (presses)
      )`);
    // Keyed by contact first: the ingest reads a contact's days of a data value, erasure all of its rows.
    await q.query(`
      CREATE TABLE button_contact_days (
        bot_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        data text NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (bot_id, contact_id, data, day)
      )`);
    await q.query(`
      CREATE TABLE button_day_contacts (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        data text NOT NULL,
        -- -infinity for a contact's first day of the data value (a key column cannot be NULL).
        previous_day date NOT NULL,
        contacts integer NOT NULL,
        PRIMARY KEY (bot_id, day, data, previous_day) INCLUDE (contacts)
      )`);
    await backfillButtonRollup(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE button_day_contacts`);
    await q.query(`DROP TABLE button_contact_days`);
    await q.query(`DROP TABLE button_day_presses`);
  }
}

/**
 * Fills the three tables from button_presses, as the ingest would have; existing deployments get their
 * history this way, and the reports benchmark's fixture fills the rollup of the presses it inserts.
 */
export async function backfillButtonRollup(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    INSERT INTO button_day_presses (bot_id, day, data, presses)
    SELECT bot_id, (created_at AT TIME ZONE 'UTC')::date, data, count(*)
      FROM button_presses GROUP BY 1, 2, 3`);
  await q.query(`
    INSERT INTO button_contact_days (bot_id, contact_id, data, day)
    SELECT DISTINCT bot_id, contact_id, data, (created_at AT TIME ZONE 'UTC')::date FROM button_presses`);
  await q.query(`
    INSERT INTO button_day_contacts (bot_id, day, data, previous_day, contacts)
    SELECT bot_id, day, data, previous_day, count(*)
      FROM (SELECT bot_id, day, data,
                   coalesce(lag(day) OVER (PARTITION BY bot_id, contact_id, data ORDER BY day), '-infinity') AS previous_day
              FROM button_contact_days) AS d
     GROUP BY 1, 2, 3, 4`);
  await q.query(`ANALYZE button_day_presses, button_contact_days, button_day_contacts`);
}
