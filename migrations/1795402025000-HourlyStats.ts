import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stats report's rolling windows (issue 17). hourly_stats holds per bot and UTC hour the messages
 * created in it, the contacts first seen in it and the contacts whose last_seen_at falls in it, so the
 * last 24 hours or 7 days are ≤ 168 counters plus a range count over the one partial hour at the window's
 * start. Kept by the ingest (ingest/hourly-stats.ts).
 */
export class HourlyStats1795402025000 implements MigrationInterface {
  name = 'HourlyStats1795402025000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE hourly_stats (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        messages integer NOT NULL,
        new_contacts integer NOT NULL,
        -- Contacts whose last_seen_at is in this hour: a contact moves from one hour to the next as it writes.
        last_seen_contacts integer NOT NULL,
        PRIMARY KEY (bot_id, hour) INCLUDE (messages, new_contacts, last_seen_contacts)
      )`);
    // active_users_7d counts contacts seen within 7 days but first seen before: the hourly counters give both
    // sides, less the new contacts not seen since (never inbound, or seen only before their first fact), few and
    // found here.
    await q.query(`
      CREATE INDEX contacts_seen_before_first ON contacts (bot_id, first_seen_at) INCLUDE (last_seen_at)
       WHERE last_seen_at IS NULL OR last_seen_at < first_seen_at`);
    await backfillHourlyStats(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contacts_seen_before_first`);
    await q.query(`DROP TABLE hourly_stats`);
  }
}

/** Fills hourly_stats from the messages and contacts, as the ingest would have (also the reports bench seed). */
export async function backfillHourlyStats(q: { query(sql: string, params?: unknown[]): Promise<unknown> }) {
  await q.query(`
    INSERT INTO hourly_stats (bot_id, hour, messages, new_contacts, last_seen_contacts)
    SELECT bot_id, hour, sum(messages), sum(new_contacts), sum(last_seen_contacts)
      FROM (SELECT bot_id, date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS messages,
                   0 AS new_contacts, 0 AS last_seen_contacts
              FROM messages GROUP BY 1, 2
            UNION ALL
            SELECT bot_id, date_trunc('hour', first_seen_at, 'UTC'), 0, count(*), 0 FROM contacts GROUP BY 1, 2
            UNION ALL
            SELECT bot_id, date_trunc('hour', last_seen_at, 'UTC'), 0, 0, count(*)
              FROM contacts WHERE last_seen_at IS NOT NULL GROUP BY 1, 2) AS counts
     GROUP BY 1, 2`);
}
