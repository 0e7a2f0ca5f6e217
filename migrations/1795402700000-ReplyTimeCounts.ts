import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The health report's reply times from a rollup (issue 27): `reply_time_counts` holds per bot, UTC day of the inbound
 * message and latency bucket how many replies took that long, kept by the ingest in the transaction that writes
 * `message_replies` (src/ingest/reply-statements.ts). A window's percentiles are read from a few thousand counters
 * instead of every reply of the window (234,000 in 7 days of the reports bench's bot).
 *
 * `reply_time_bucket` is the bucketing, here beside the data it shaped: the latency rounded up, exact below 1 s, to
 * 10 ms below 10 s, to 100 ms below 100 s, to whole seconds up to a day, to 100 s above. Every bucket is at most 1%
 * (and, up to a day, at most 1 s) above the latencies it holds, and whole seconds are exact up to a day, so the
 * longest reply window (86,400 s) splits no bucket: replies within a window are counted exactly from the buckets.
 *
 * No key to bots, as `message_replies` (see MessagesWithoutBotKey): the rows are only written from replies of a
 * bot's messages, and the final cleanup deletes them (src/cleanup/bot-data.ts).
 */
export class ReplyTimeCounts1795402700000 implements MigrationInterface {
  name = 'ReplyTimeCounts1795402700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION reply_time_bucket(latency_ms integer) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT CASE
            WHEN latency_ms < 1000 THEN latency_ms
            WHEN latency_ms < 10000 THEN (latency_ms + 9) / 10 * 10
            WHEN latency_ms < 100000 THEN (latency_ms + 99) / 100 * 100
            WHEN latency_ms <= 86400000 THEN (latency_ms + 999) / 1000 * 1000
            ELSE LEAST(2147483647, (latency_ms::bigint + 99999) / 100000 * 100000)::integer
          END
        $$`);
    await q.query(`
      CREATE TABLE reply_time_counts (
        bot_id uuid NOT NULL,
        day date NOT NULL,
        bucket_ms integer NOT NULL,
        replies integer NOT NULL,
        PRIMARY KEY (bot_id, day, bucket_ms) INCLUDE (replies)
      )`);
    await backfillReplyTimeCounts(q);
    await q.query(`ANALYZE reply_time_counts`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reply_time_counts`);
    await q.query(`DROP FUNCTION reply_time_bucket(integer)`);
  }
}

/** Counts the stored replies of every bot (`botId`: of one) as the ingest would have (also the reports bench seed). */
export async function backfillReplyTimeCounts(
  q: { query(sql: string, params?: unknown[]): Promise<unknown> },
  botId?: string,
): Promise<void> {
  await q.query(
    `INSERT INTO reply_time_counts (bot_id, day, bucket_ms, replies)
     SELECT bot_id, (inbound_at AT TIME ZONE 'UTC')::date, reply_time_bucket(latency_ms), count(*)
       FROM message_replies WHERE $1::uuid IS NULL OR bot_id = $1 GROUP BY 1, 2, 3`,
    [botId ?? null],
  );
}
