import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The buttons report's partial edge days without a lookup per contact (issue 17). A window given as
 * timestamps reads its first and last day's presses raw, and a contact pressing there counts unless it
 * also pressed within the whole days between. That was one index probe per edge contact (10,000 probes,
 * ~90 ms at 1.33M presses). Each contact day now carries the contact's previous press day of that data
 * value (as button_day_contacts counts them), so both checks read one day's rows in key order:
 * - the last day's contacts pressed within the whole days iff that day's row has previous_day ≥ the first
 *   whole day (button_contact_days_by_day);
 * - the first day's contacts did iff a row with that previous_day lies within the whole days: the contact's
 *   next day (button_contact_days_by_previous).
 * The ingest writes previous_day with each new day and moves it when a day arrives before a known one.
 */
export class ButtonPreviousDays1795402060000 implements MigrationInterface {
  name = 'ButtonPreviousDays1795402060000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE button_contact_days ADD COLUMN previous_day date`);
    await q.query(`
      UPDATE button_contact_days d SET previous_day = p.previous_day
        FROM (SELECT bot_id, contact_id, data, day,
                     coalesce(lag(day) OVER (PARTITION BY bot_id, contact_id, data ORDER BY day), '-infinity') AS previous_day
                FROM button_contact_days) AS p
       WHERE d.bot_id = p.bot_id AND d.contact_id = p.contact_id AND d.data = p.data AND d.day = p.day`);
    // -infinity for a contact's first day of the data value, as in button_day_contacts.
    await q.query(`ALTER TABLE button_contact_days ALTER COLUMN previous_day SET NOT NULL`);
    await q.query(`
      CREATE INDEX button_contact_days_by_day ON button_contact_days (bot_id, day) INCLUDE (data, contact_id, previous_day)`);
    await q.query(`
      CREATE INDEX button_contact_days_by_previous ON button_contact_days (bot_id, previous_day)
        INCLUDE (data, contact_id, day)`);
    await q.query(`ANALYZE button_contact_days`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX button_contact_days_by_previous`);
    await q.query(`DROP INDEX button_contact_days_by_day`);
    await q.query(`ALTER TABLE button_contact_days DROP COLUMN previous_day`);
  }
}

/**
 * The buttons rollup built from button_presses as the ingest keeps it today (the reports benchmark's fixture
 * fills it this way; ButtonRollup's backfill is the table as it was before previous_day).
 */
export async function backfillButtonRollupWithPreviousDays(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    INSERT INTO button_day_presses (bot_id, day, data, presses)
    SELECT bot_id, (created_at AT TIME ZONE 'UTC')::date, data, count(*)
      FROM button_presses GROUP BY 1, 2, 3`);
  await q.query(`
    INSERT INTO button_contact_days (bot_id, contact_id, data, day, previous_day)
    SELECT bot_id, contact_id, data, day,
           coalesce(lag(day) OVER (PARTITION BY bot_id, contact_id, data ORDER BY day), '-infinity')
      FROM (SELECT DISTINCT bot_id, contact_id, data, (created_at AT TIME ZONE 'UTC')::date AS day
              FROM button_presses) AS d`);
  await q.query(`
    INSERT INTO button_day_contacts (bot_id, day, data, previous_day, contacts)
    SELECT bot_id, day, data, previous_day, count(*) FROM button_contact_days GROUP BY 1, 2, 3, 4`);
  await q.query(`VACUUM ANALYZE button_presses, button_day_presses, button_contact_days, button_day_contacts`);
}
