import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lease on each running broadcast, kept in PostgreSQL: the BullMQ job's lock lives in Redis, and a
 * Redis that restarts empty takes the lock with it while the run may still be going. The periodic
 * recovery re-queues only broadcasts nobody holds, and a run only starts under a lease of its own, so a
 * re-queued broadcast never runs twice at once (src/broadcasts/broadcast-lease.ts).
 */
export class BroadcastLeases1795401500000 implements MigrationInterface {
  name = 'BroadcastLeases1795401500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE broadcasts ADD COLUMN lease_owner text, ADD COLUMN lease_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE broadcasts DROP COLUMN lease_owner, DROP COLUMN lease_until`);
  }
}
