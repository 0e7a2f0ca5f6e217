import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the open-API reports need beyond the capture schema (plans in bench/README.md, Reports).
 */
export class Reports1795400300000 implements MigrationInterface {
  name = 'Reports1795400300000';

  async up(q: QueryRunner): Promise<void> {
    // Stats count the contacts active within 7 days whose first message is older. With first_seen_at
    // carried in the index that count is an index-only scan; without it, it visits the row of every
    // active contact (about the whole table for a big bot). Same key, so it still serves the contact list.
    await q.query(`DROP INDEX contacts_by_last_seen`);
    await q.query(
      `CREATE INDEX contacts_by_last_seen ON contacts (bot_id, last_seen_at DESC NULLS LAST, id) INCLUDE (first_seen_at)`,
    );

    // Index-only scans skip the table only for pages the visibility map marks all-visible. The rows the
    // stats count are the recently changed ones, so vacuum these two tables more often than the default
    // 20% of the table (contacts change with every message; messages are only inserted).
    await q.query(`ALTER TABLE contacts SET (autovacuum_vacuum_scale_factor = 0.02)`);
    await q.query(`ALTER TABLE messages SET (autovacuum_vacuum_insert_scale_factor = 0.02)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages RESET (autovacuum_vacuum_insert_scale_factor)`);
    await q.query(`ALTER TABLE contacts RESET (autovacuum_vacuum_scale_factor)`);
    await q.query(`DROP INDEX contacts_by_last_seen`);
    await q.query(`CREATE INDEX contacts_by_last_seen ON contacts (bot_id, last_seen_at DESC NULLS LAST, id)`);
  }
}
