import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The retention report without a source filter (issue 17): retention_totals holds per cohort and active
 * period the contacts counted, all sources together, kept by the ingest beside retention_counts in the
 * same statement. A 90-day report then reads 4,095 counters instead of summing ~52,000 per-source ones
 * (13 raw sources on the bench). Attribution moves a contact between sources, never in or out of a cell,
 * so only new activity and erasure change these.
 */
export class RetentionTotals1795402050000 implements MigrationInterface {
  name = 'RetentionTotals1795402050000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE retention_totals (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        period text NOT NULL CHECK (period IN ('day', 'week')),
        cohort_start date NOT NULL,
        active_start date NOT NULL,
        contacts integer NOT NULL,
        -- Covering, as retention_counts: the report is an index-only scan of one bot's period kind.
        PRIMARY KEY (bot_id, period, cohort_start, active_start) INCLUDE (contacts)
      )`);
    await backfillRetentionTotals(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE retention_totals`);
  }
}

/** Sums retention_counts over the sources, as the ingest would have kept them (also the reports bench seed). */
export async function backfillRetentionTotals(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    INSERT INTO retention_totals (bot_id, period, cohort_start, active_start, contacts)
    SELECT bot_id, period, cohort_start, active_start, sum(contacts)
      FROM retention_counts
     GROUP BY 1, 2, 3, 4`);
  await q.query(`ANALYZE retention_totals`);
}
