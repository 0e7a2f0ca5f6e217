import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revenue report (issue 26, "p95 ≤ 25 ms") without reading every payment and every new contact of its window
 * twice. At 200,000 payments a 30-day window held 32,000 payments and 80,000 new contacts: the sums grouped them
 * (19 ms), the payers grouped them by contact and joined the new payers (27 ms), the new contacts grouped them by
 * source (15 ms), side by side on two cores. Now:
 *
 * - `revenue_days`: per bot, UTC day of payment, currency and the payer's raw source and campaign, what the
 *   payments paid that day add up to (gross, the refunded amount, payments, refunded payments); `revenue_payload_days`
 *   the same per raw source and payload (the source filter is on the raw source alone), for the products. One table
 *   with both keys held 12,000 rows for the 30 days (4,300 and 4,900 apart) and grouped them twice as slowly. A
 *   refund counts against its payment's paid day (the report's `refunds` are of the window's payments), so it
 *   updates the rows of that day. Sources, campaigns and payloads are raw and may be null (`NULLS NOT DISTINCT`); the
 *   report maps them on the way out as before. Kept by the ingest in the payments' transaction
 *   (src/ingest/revenue-days.ts).
 * - The payers of a window are counted without grouping by contact: each payment not refunded carries the payer's
 *   previous payment not refunded in its currency (`previous_paid_at`), so a payer of the window is the one payment
 *   of the window whose previous one is before it (or none), and `contact_first_paid_at` (the payer's first payment
 *   ever, any currency, refunded or not) tells a new payer. Kept beside the payer's other columns
 *   (src/ingest/payment-contacts.ts); read from `payments_payers` alone. The LTV cohorts' payers are the payments
 *   not refunded without a previous one (one per payer and currency, `payments_cohort_payers`); the bot's payers
 *   (the contact list's `payer=true` total) its payers' first payments not refunded (`first_kept_of_contact`, one per
 *   payer, `payments_payer_contacts`), where they were its first payments less the contacts refunded everything.
 * - `revenue_cohorts`: the LTV cohorts' net (payments not refunded) per bot, currency, period kind (`day`, `week`),
 *   the payer's cohort (period of its first appearance), the period of payment and the raw source. 12 weeks of
 *   cohorts held 31,000 payments in Stars on the bench, and 1,100 cells; kept with `revenue_days`.
 * - `source_days`: the contacts attributed to a raw (source, campaign) per UTC day of first appearance (`''`: no
 *   campaign), as `source_rollups` counts them in all; the new contacts without a source are the day's
 *   `daily_stats.new_contacts` less these, as the sources report counts them.
 */
export class RevenueRollups1795402800000 implements MigrationInterface {
  name = 'RevenueRollups1795402800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE revenue_days (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        currency text NOT NULL,
        source_value text,
        campaign_name text,
        gross bigint NOT NULL,
        refunds bigint NOT NULL,
        payments int NOT NULL,
        refunded int NOT NULL
      )`);
    // The ingest's upsert key, and the report's range of a bot's days read from the index alone.
    await q.query(`
      CREATE UNIQUE INDEX revenue_days_key ON revenue_days (bot_id, day, currency, source_value, campaign_name)
        INCLUDE (gross, refunds, payments, refunded) NULLS NOT DISTINCT`);
    await q.query(`
      CREATE TABLE revenue_payload_days (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        currency text NOT NULL,
        source_value text,
        payload text,
        gross bigint NOT NULL,
        refunds bigint NOT NULL,
        payments int NOT NULL
      )`);
    await q.query(`
      CREATE UNIQUE INDEX revenue_payload_days_key ON revenue_payload_days (bot_id, day, currency, source_value, payload)
        INCLUDE (gross, refunds, payments) NULLS NOT DISTINCT`);

    await q.query(`
      CREATE TABLE revenue_cohorts (
        bot_id uuid NOT NULL,
        currency text NOT NULL,
        period text NOT NULL CHECK (period IN ('day', 'week')),
        cohort_start date NOT NULL,
        paid_start date NOT NULL,
        source_value text,
        net bigint NOT NULL
      )`);
    await q.query(`
      CREATE UNIQUE INDEX revenue_cohorts_key
        ON revenue_cohorts (bot_id, currency, period, cohort_start, paid_start, source_value) INCLUDE (net)
        NULLS NOT DISTINCT`);

    await q.query(`
      ALTER TABLE payments ADD COLUMN previous_paid_at timestamptz, ADD COLUMN contact_first_paid_at timestamptz,
        ADD COLUMN first_kept_of_contact boolean NOT NULL DEFAULT false`);

    await q.query(`
      CREATE TABLE source_days (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        source_value text NOT NULL,
        campaign_name text NOT NULL,
        contacts int NOT NULL,
        PRIMARY KEY (bot_id, day, source_value, campaign_name) INCLUDE (contacts)
      )`);
    await backfillSourceDays(q);

    await backfillRevenueRollups(q);
    await q.query(`
      CREATE INDEX payments_payers ON payments (bot_id, paid_at)
        INCLUDE (currency, source_value, campaign_name, previous_paid_at, contact_first_paid_at)
        WHERE refunded_at IS NULL`);
    // A payer's first payment not refunded, one per payer: the bot's payers counted from the index alone. The two
    // indexes they were counted from before (first payments less contacts refunded everything) have no reader left.
    await q.query(`CREATE INDEX payments_payer_contacts ON payments (bot_id) WHERE first_kept_of_contact`);
    await q.query(`DROP INDEX payments_firsts, payments_refunded`);
    // A payer's one payment per currency without a previous one: the LTV cohorts' payers, by cohort.
    await q.query(`
      CREATE INDEX payments_cohort_payers ON payments (bot_id, currency, contact_first_seen_at) INCLUDE (source_value)
        WHERE refunded_at IS NULL AND previous_paid_at IS NULL`);
    // Statistics for the tables just filled, so the first reports after the upgrade are planned on them, not on
    // an empty table's guesses (autovacuum would come to them later).
    await q.query(`ANALYZE payments, source_days, revenue_days, revenue_payload_days, revenue_cohorts`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments_payers, payments_cohort_payers, payments_payer_contacts`);
    await q.query(`CREATE INDEX payments_firsts ON payments (bot_id) INCLUDE (contact_id) WHERE first_of_contact`);
    await q.query(
      `CREATE INDEX payments_refunded ON payments (bot_id) INCLUDE (contact_id) WHERE refunded_at IS NOT NULL`,
    );
    await q.query(`DROP TABLE source_days`);
    await q.query(
      `ALTER TABLE payments DROP COLUMN previous_paid_at, DROP COLUMN contact_first_paid_at, DROP COLUMN first_kept_of_contact`,
    );
    await q.query(`DROP TABLE revenue_days, revenue_payload_days, revenue_cohorts`);
  }
}

/**
 * The payments' new columns, `revenue_days`, `revenue_payload_days` and `revenue_cohorts`, as the ingest keeps them,
 * from the payments (set-based; also the reports bench seed, after its payments are stored). The tables must be empty.
 */
export async function backfillRevenueRollups(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    UPDATE payments p SET previous_paid_at = r.previous_paid_at, contact_first_paid_at = r.contact_first_paid_at,
                          first_kept_of_contact = r.first_kept_of_contact
      FROM (SELECT id, first_value(paid_at) OVER (PARTITION BY contact_id ORDER BY paid_at, id) AS contact_first_paid_at,
                   refunded_at IS NULL AND id = first_value(id) OVER (
                     PARTITION BY contact_id, refunded_at IS NULL ORDER BY paid_at, id) AS first_kept_of_contact,
                   CASE WHEN refunded_at IS NULL
                        THEN lag(paid_at) OVER (PARTITION BY contact_id, currency, refunded_at IS NULL ORDER BY paid_at, id)
                   END AS previous_paid_at
              FROM payments) r
     WHERE p.id = r.id`);
  await q.query(`
    INSERT INTO revenue_days (bot_id, day, currency, source_value, campaign_name, gross, refunds, payments, refunded)
    SELECT bot_id, (paid_at AT TIME ZONE 'UTC')::date, currency, source_value, campaign_name, sum(amount),
           coalesce(sum(amount) FILTER (WHERE refunded_at IS NOT NULL), 0), count(*), count(refunded_at)
      FROM payments
     GROUP BY 1, 2, 3, 4, 5`);
  await q.query(`
    INSERT INTO revenue_cohorts (bot_id, currency, period, cohort_start, paid_start, source_value, net)
    SELECT p.bot_id, p.currency, k.period, date_trunc(k.period, p.contact_first_seen_at AT TIME ZONE 'UTC')::date,
           date_trunc(k.period, p.paid_at AT TIME ZONE 'UTC')::date, p.source_value, sum(p.amount)
      FROM payments p CROSS JOIN (VALUES ('day'), ('week')) AS k(period)
     WHERE p.refunded_at IS NULL
     GROUP BY 1, 2, 3, 4, 5, 6`);
  await q.query(`
    INSERT INTO revenue_payload_days (bot_id, day, currency, source_value, payload, gross, refunds, payments)
    SELECT bot_id, (paid_at AT TIME ZONE 'UTC')::date, currency, source_value, payload, sum(amount),
           coalesce(sum(amount) FILTER (WHERE refunded_at IS NOT NULL), 0), count(*)
      FROM payments
     GROUP BY 1, 2, 3, 4, 5`);
}

/** `source_days` from the contacts, as the ingest keeps it (also the reports bench seed). Must be empty. */
export async function backfillSourceDays(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    INSERT INTO source_days (bot_id, day, source_value, campaign_name, contacts)
    SELECT bot_id, (first_seen_at AT TIME ZONE 'UTC')::date, source_value, coalesce(campaign_name, ''), count(*)
      FROM contacts
     WHERE source_value IS NOT NULL
     GROUP BY 1, 2, 3, 4`);
}
