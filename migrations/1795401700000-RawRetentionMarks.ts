import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far back each bot's messages have had their raw copies cleared (RAW_RETENTION_DAYS), so each
 * cleanup run walks only the messages that aged past the limit since the last one, not the whole history.
 */
export class RawRetentionMarks1795401700000 implements MigrationInterface {
  name = 'RawRetentionMarks1795401700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE raw_retention_marks (
        bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
        cleared_before timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE raw_retention_marks`);
  }
}
