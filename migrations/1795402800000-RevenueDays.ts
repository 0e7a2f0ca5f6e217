import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revenue report's sums from a rollup (issue 26, "p95 ≤ 25 ms"): `revenue_days` holds, per bot, UTC day of
 * payment, currency, the payer's raw source and campaign and the payload, what the payments paid that day add up
 * to — gross, the refunded amount, payments and refunded payments. A refund counts against its payment's paid day
 * (the report's `refunds` are of the window's payments), so it updates the row of that day. Kept by the ingest in
 * the payments' own transaction (src/ingest/revenue-days.ts): new payments and refunds add to their rows, a contact
 * attributed after paying moves its payments' counts to its source, erasing a contact takes its payments out.
 * Sources, campaigns and payloads are raw and may be null (`NULLS NOT DISTINCT`): the report maps them on the way
 * out as before. A 30-day report reads a few thousand rows instead of every payment of the window.
 */
export class RevenueDays1795402800000 implements MigrationInterface {
  name = 'RevenueDays1795402800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE revenue_days (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        currency text NOT NULL,
        source_value text,
        campaign_name text,
        payload text,
        gross bigint NOT NULL,
        refunds bigint NOT NULL,
        payments int NOT NULL,
        refunded int NOT NULL
      )`);
    // The ingest's upsert key, and the report's range of a bot's days read from the index alone.
    await q.query(`
      CREATE UNIQUE INDEX revenue_days_key ON revenue_days (bot_id, day, currency, source_value, campaign_name, payload)
        INCLUDE (gross, refunds, payments, refunded) NULLS NOT DISTINCT`);
    await backfillRevenueDays(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revenue_days`);
  }
}

/** Every payment summed into its row, as the ingest keeps them (also the reports bench seed). Set-based. */
export async function backfillRevenueDays(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    INSERT INTO revenue_days (bot_id, day, currency, source_value, campaign_name, payload, gross, refunds, payments,
                              refunded)
    SELECT bot_id, (paid_at AT TIME ZONE 'UTC')::date, currency, source_value, campaign_name, payload, sum(amount),
           coalesce(sum(amount) FILTER (WHERE refunded_at IS NOT NULL), 0), count(*), count(refunded_at)
      FROM payments
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6`);
}
