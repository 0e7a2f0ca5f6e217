import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The health report's reply times from the index alone (issue 27): `message_replies_by_time` carries `latency_ms`, so
 * a window's percentiles are an index-only range instead of a heap page per reply (100,000 replies in 7 days of a
 * busy bot). The same keys as before: the ingest still writes one index entry per reply, 4 bytes wider.
 */
export class ReplyTimesIndexOnly1795402600000 implements MigrationInterface {
  name = 'ReplyTimesIndexOnly1795402600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX message_replies_by_time`);
    await q.query(`CREATE INDEX message_replies_by_time ON message_replies (bot_id, inbound_at) INCLUDE (latency_ms)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX message_replies_by_time`);
    await q.query(`CREATE INDEX message_replies_by_time ON message_replies (bot_id, inbound_at)`);
  }
}
