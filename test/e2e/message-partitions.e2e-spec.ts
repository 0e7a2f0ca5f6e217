import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../migrations';
import { MessagePartitions } from '../../src/cleanup/message-partitions';
import { migrateDatabase } from '../../src/database/prepare-database';
import type { Metrics } from '../../src/metrics/metrics';
import { dropDatabase, onServer } from '../support/template-database';

const SEEDED = 300_000;
const BOT = '00000000-0000-4000-8000-000000000001';
const CONTACT = '00000000-0000-4000-8000-000000000002';
/** Seeded dialogs: erasures and raw-copy clearing during the copy pick among them. */
const USERS = 3000;

/**
 * The one statement each writer sends, as the ingest of the previous release and of this one both can: without a
 * conflict target, so it runs on the plain table, through the copy and on the partitioned one. What it stores it
 * also writes to `expected`, in the same statement, which is what `messages` must hold at the end.
 */
const WRITE = `
  WITH stored AS (
    INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw_json, created_at)
    SELECT gen_random_uuid(), $1, $2, 'writer-' || $3, 'in', 'text ' || g, NULL, 'w:' || $3 || ':' || $4 || ':' || g,
           '{"update_id": 1}', $5::timestamptz + g * interval '1 second'
      FROM generate_series(1, 50) g
    ON CONFLICT DO NOTHING
    RETURNING *)
  INSERT INTO expected SELECT * FROM stored`;

/** The rows of a table in id order, as one checksum (an md5 per row, so the string stays small). */
const checksum = (table: string) =>
  `SELECT count(*)::int AS rows, md5(string_agg(md5(t::text), '' ORDER BY t.id)) AS md5 FROM ${table} t`;

describe('Messages partitioned by month: converting a database with messages while the ingest writes', () => {
  const url = `postgres://postgres@127.0.0.1:5432/botlens_test_parts_${randomBytes(4).toString('hex')}`;
  let db: Client;

  beforeAll(async () => {
    await onServer(url, `CREATE DATABASE "${new URL(url).pathname.slice(1)}"`);
    // The database as the release before this one left it.
    const before = new DataSource({ type: 'postgres', url, migrations: migrations.slice(0, -1), synchronize: false });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    await before.destroy();
    db = new Client({ connectionString: url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await dropDatabase(url);
  });

  it('keeps every row exactly once (counts and checksums), dedupes redeliveries throughout, and stops no write for a second', async () => {
    // A year of history: 300,000 messages over 13 months, a raw copy on the inbound ones.
    await db.query(
      `INSERT INTO messages (bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw_json, created_at, stored_at)
       SELECT $1, $2, (g % ${USERS})::text, CASE WHEN g % 3 = 0 THEN 'out' ELSE 'in' END, 'message ' || g, g::text,
              'seed:' || g, CASE WHEN g % 3 = 0 THEN NULL ELSE jsonb_build_object('update_id', g) END,
              now() - (g * interval '105 seconds'), now() - (g * interval '105 seconds') + interval '1 second'
         FROM generate_series(1, ${SEEDED}) g`,
      [BOT, CONTACT],
    );
    expect((await db.query(`SELECT relkind FROM pg_class WHERE relname = 'messages'`)).rows).toEqual([
      { relkind: 'r' },
    ]);
    await db.query(`CREATE TABLE expected AS SELECT * FROM messages`);
    await db.query(`ALTER TABLE expected ADD PRIMARY KEY (id)`);
    const seeded = (await db.query(checksum('messages'))).rows[0];
    expect(seeded.rows).toBe(SEEDED);
    expect((await db.query(checksum('expected'))).rows[0]).toEqual(seeded);

    let writing = true;
    const latencies: number[] = [];
    let redelivered = 0;
    let redeliveredStored = 0;
    // Three ingest connections, each with the statement prepared once (as the fact store does): new messages now,
    // in an old month and in a month no partition holds (the default one), and every third batch delivered twice.
    const writer = async (n: number) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      for (let batch = 0; writing; batch += 1) {
        // Years ahead, a day further each time: months the migration found no row of when it made the partitions.
        const ago = ['0 days', '200 days', `-${1500 + (batch % 600)} days`][batch % 3];
        const at = (await client.query(`SELECT now() - $1::interval AS at`, [ago])).rows[0].at as Date;
        const values = [BOT, CONTACT, n, batch, at.toISOString()];
        for (const delivery of batch % 3 === 0 ? [1, 2] : [1]) {
          const started = performance.now();
          const result = await client.query({ name: 'write', text: WRITE, values });
          latencies.push(performance.now() - started);
          if (delivery === 2) {
            redelivered += 1;
            redeliveredStored += result.rowCount ?? 0;
          }
        }
      }
      await client.end();
    };
    // Erasures and raw-copy clearing of seeded dialogs, as the API and the cleanup job do them.
    const eraser = async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      for (let i = 0; writing; i += 1) {
        const user = String((i * 7919) % USERS);
        await client.query(
          i % 2
            ? `WITH gone AS (DELETE FROM messages WHERE bot_id = $1 AND external_user_id = $2 RETURNING id)
               DELETE FROM expected e USING gone WHERE e.id = gone.id`
            : `WITH cleared AS (UPDATE messages SET raw_json = NULL WHERE bot_id = $1 AND external_user_id = $2 AND raw_json IS NOT NULL RETURNING id)
               UPDATE expected e SET raw_json = NULL FROM cleared WHERE e.id = cleared.id`,
          [BOT, user],
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.end();
    };
    const traffic = Promise.all([writer(1), writer(2), writer(3), eraser()]);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const started = Date.now();
    expect(await migrateDatabase({ databaseUrl: url })).toEqual(['MessagePartitions1795402900000']);
    const migrationMs = Date.now() - started;
    // A little traffic on the partitioned table too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writing = false;
    await traffic;

    expect((await db.query(`SELECT relkind FROM pg_class WHERE relname = 'messages'`)).rows).toEqual([
      { relkind: 'p' },
    ]);
    const after = (await db.query(checksum('messages'))).rows[0];
    expect(after).toEqual((await db.query(checksum('expected'))).rows[0]);
    expect(after.rows).toBeGreaterThan(SEEDED * 0.9);
    // The redeliveries stored nothing, before, during and after the copy, and no key is stored twice.
    expect(redelivered).toBeGreaterThan(0);
    expect(redeliveredStored).toBe(0);
    expect(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM (SELECT 1 FROM messages GROUP BY bot_id, dedupe_key HAVING count(*) > 1) d`,
        )
      ).rows[0].n,
    ).toBe(0);
    // Each seeded month has a partition of its own; the writes in a month without one are in the default partition.
    const months = await db.query(`SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'messages'::regclass`);
    expect(months.rows[0].n).toBeGreaterThanOrEqual(14);
    const stray = (await db.query(`SELECT count(*)::int AS n FROM messages_default`)).rows[0].n as number;
    expect(stray).toBeGreaterThan(0);

    // The cleanup job moves them into a month of their own, keeping every row.
    const dataSource = new DataSource({ type: 'postgres', url });
    await dataSource.initialize();
    const metrics = { countDefaultPartitionRowsWith: () => undefined } as unknown as Metrics;
    const partitions = new MessagePartitions(dataSource, metrics);
    const maintained = await partitions.runOnce();
    expect(maintained.moved).toBe(stray);
    expect(await partitions.defaultRows()).toBe(0);
    expect(await partitions.runOnce()).toEqual({ created: [], moved: 0 });
    await dataSource.destroy();
    expect((await db.query(checksum('messages'))).rows[0]).toEqual(after);

    const slowest = Math.max(...latencies);
    process.stdout.write(
      `message partitions: ${SEEDED} seeded rows converted in ${migrationMs} ms under ${latencies.length} writes ` +
        `(${after.rows} rows at the end); ` +
        `slowest write ${slowest.toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms\n`,
    );
    expect(slowest).toBeLessThan(1000);
  }, 600_000);
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
