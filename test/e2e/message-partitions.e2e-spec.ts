import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../migrations';
import { MessagePartitions } from '../../src/cleanup/message-partitions';
import { migrateDatabase } from '../../src/database/prepare-database';
import type { Metrics } from '../../src/metrics/metrics';
import { dropDatabase, onServer } from '../support/template-database';

const SEEDED = 150_000;
const BOT = '00000000-0000-4000-8000-000000000001';
const CONTACT = '00000000-0000-4000-8000-000000000002';
/** Seeded dialogs: erasures and raw-copy clearing during the copy pick among them. */
const USERS = 3000;
/**
 * Between a writer's batches, as the ingest gathers facts for 50 ms: three writers flat out wrote twice the seeded rows
 * again during the copy (PostgreSQL's CPU for this file alone was 120 s), which tests no more than steady writes do.
 */
const WRITER_PAUSE_MS = 50;

/** 50 new messages of a writer's batch, each with a raw copy. */
const BATCH = `
  SELECT gen_random_uuid() AS id, $1::uuid AS bot_id, $2::uuid AS contact_id, 'writer-' || $3 AS external_user_id,
         'in' AS direction, 'text ' || g AS text, NULL::text AS platform_message_id,
         'w:' || $3 || ':' || $4 || ':' || g AS dedupe_key, '{"update_id": 1}'::jsonb AS raw,
         $5::timestamptz + g * interval '1 second' AS created_at
    FROM generate_series(1, 50) g`;

/**
 * The statement the previous release's ingest writes with, and this release's (raw copies apart). Neither names a
 * conflict target, so the first runs on the plain table and through the copy, the second on the partitioned one.
 * What each stores it also writes to `expected`, in the same statement, in the previous release's shape: what
 * `messages` (with `message_raws`) must hold at the end.
 */
const WRITE_BEFORE = `
  WITH d AS (${BATCH}), stored AS (
    INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw_json, created_at)
    SELECT id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw, created_at FROM d
    ON CONFLICT DO NOTHING
    RETURNING *)
  INSERT INTO expected SELECT * FROM stored`;
const WRITE_AFTER = `
  WITH d AS (${BATCH}), stored AS (
    INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, created_at)
    SELECT id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, created_at FROM d
    ON CONFLICT DO NOTHING
    RETURNING id, stored_at),
  raws AS (INSERT INTO message_raws SELECT d.id, d.bot_id, d.created_at, d.raw FROM d JOIN stored USING (id))
  INSERT INTO expected
  SELECT d.id, d.bot_id, d.contact_id, d.external_user_id, d.direction, d.text, d.platform_message_id, d.dedupe_key, d.raw,
         d.created_at, stored.stored_at
    FROM d JOIN stored USING (id)`;

/** What the raw-copy clearing kept of a copy before this release: a MAX dialog's chat id, else nothing. */
const KEPT = (raw: string) =>
  `CASE WHEN coalesce(${raw} #>> '{message,recipient,chat_id}', ${raw} ->> 'chat_id') IS NULL THEN NULL
        ELSE jsonb_build_object('chat_id', coalesce(${raw} #>> '{message,recipient,chat_id}', ${raw} ->> 'chat_id')) END`;
const CLEAR_BEFORE = `
  WITH cleared AS (
    UPDATE messages SET raw_json = ${KEPT('raw_json')} WHERE bot_id = $1 AND external_user_id = $2 AND raw_json IS NOT NULL
    RETURNING id, raw_json)
  UPDATE expected e SET raw_json = cleared.raw_json FROM cleared WHERE e.id = cleared.id`;
const CLEAR_AFTER = `
  WITH cleared AS (
    DELETE FROM message_raws r USING messages m
     WHERE m.bot_id = $1 AND m.external_user_id = $2 AND r.message_id = m.id AND r.created_at = m.created_at
    RETURNING r.message_id)
  UPDATE expected e SET raw_json = ${KEPT('e.raw_json')} FROM cleared WHERE e.id = cleared.message_id`;
const ERASE = `
  WITH gone AS (DELETE FROM messages WHERE bot_id = $1 AND external_user_id = $2 RETURNING id)
  DELETE FROM expected e USING gone WHERE e.id = gone.id`;

const COLUMNS = 'id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key';
/** The rows in id order as one checksum (an md5 per row, so the string stays small), in the previous release's shape. */
const checksum = (rows: string) =>
  `SELECT count(*)::int AS rows, md5(string_agg(md5(t::text), '' ORDER BY t.id)) AS md5 FROM (${rows}) t`;
const EXPECTED = `SELECT ${COLUMNS}, raw_json, created_at, stored_at FROM expected`;
/** The partitioned messages with their raw copies, a cleared copy shown as the chat id it kept, as before. */
const STORED = `
  SELECT ${COLUMNS.replace(/(\w+)/g, 'm.$1')},
         coalesce(r.raw_json, CASE WHEN m.chat_id IS NOT NULL THEN jsonb_build_object('chat_id', m.chat_id) END) AS raw_json,
         m.created_at, m.stored_at
    FROM messages m LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at`;

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
    // A year of history: 150,000 messages over 13 months; raw copies on the inbound ones, some of MAX dialogs (a chat
    // id) and some already cleared to the chat id alone.
    await db.query(
      `INSERT INTO messages (bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw_json, created_at, stored_at)
       SELECT $1, $2, (g % ${USERS})::text, CASE WHEN g % 3 = 0 THEN 'out' ELSE 'in' END, 'message ' || g, g::text,
              'seed:' || g,
              CASE WHEN g % 3 = 0 THEN NULL
                   WHEN g % 10 = 1 THEN jsonb_build_object('update_id', g, 'message', jsonb_build_object('recipient', jsonb_build_object('chat_id', g)))
                   WHEN g % 10 = 2 THEN jsonb_build_object('chat_id', g::text)
                   ELSE jsonb_build_object('update_id', g) END,
              now() - (g * interval '210 seconds'), now() - (g * interval '210 seconds') + interval '1 second'
         FROM generate_series(1, ${SEEDED}) g`,
      [BOT, CONTACT],
    );
    expect((await db.query(`SELECT relkind FROM pg_class WHERE relname = 'messages'`)).rows).toEqual([
      { relkind: 'r' },
    ]);
    await db.query(`CREATE TABLE expected AS SELECT * FROM messages`);
    await db.query(`ALTER TABLE expected ADD PRIMARY KEY (id)`);
    const seeded = (await db.query(checksum('SELECT * FROM messages'))).rows[0];
    expect(seeded.rows).toBe(SEEDED);
    expect((await db.query(checksum(EXPECTED))).rows[0]).toEqual(seeded);

    let writing = true;
    const latencies: number[] = [];
    const writerPids: number[] = [];
    /**
     * What "stops no write for a second" is about: the longest any writer has waited on a lock, from pg_stat_activity
     * every 10 ms. A write's own time also holds its commit's wait for the disk, which the copy's WAL keeps busy (all
     * three writers stalled together for 0.2–0.4 s mid-copy, no lock involved; 1.05 s once on a loaded CI run).
     */
    let longestLockWaitMs = 0;
    const lockWatch = async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      while (writing) {
        const { rows } = await client.query(
          `SELECT coalesce(max(extract(epoch FROM clock_timestamp() - query_start) * 1000), 0)::float8 AS ms
             FROM pg_stat_activity WHERE pid = ANY($1::int[]) AND wait_event_type = 'Lock'`,
          [writerPids],
        );
        longestLockWaitMs = Math.max(longestLockWaitMs, rows[0].ms as number);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await client.end();
    };
    let redelivered = 0;
    let redeliveredStored = 0;
    let writtenAfter = 0;
    /** The previous release's statement until the swap, then this release's: instances replaced at the swap. */
    const statement = async (client: Client, before: string, after: string, values: unknown[], swapped: boolean) => {
      try {
        return {
          swapped,
          result: await client.query({ name: swapped ? 'after' : 'before', text: swapped ? after : before, values }),
        };
      } catch (error) {
        if (swapped || (error as { code?: string }).code !== '42703') throw error;
        return { swapped: true, result: await client.query({ name: 'after', text: after, values }) };
      }
    };
    // Three ingest connections, each with its statement prepared once (as the fact store does): new messages now,
    // in an old month and in months no partition holds (the default one), and every third batch delivered twice.
    const writer = async (n: number) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      writerPids.push((client as unknown as { processID: number }).processID);
      let swapped = false;
      for (let batch = 0; writing; batch += 1) {
        // Years ahead, a day further each time: months the migration found no row of when it made the partitions.
        const ago = ['0 days', '200 days', `-${1500 + (batch % 600)} days`][batch % 3];
        const at = (await client.query(`SELECT now() - $1::interval AS at`, [ago])).rows[0].at as Date;
        const values = [BOT, CONTACT, n, batch, at.toISOString()];
        for (const delivery of batch % 3 === 0 ? [1, 2] : [1]) {
          const started = performance.now();
          const written = await statement(client, WRITE_BEFORE, WRITE_AFTER, values, swapped);
          latencies.push(performance.now() - started);
          swapped = written.swapped;
          if (swapped) writtenAfter += 1;
          if (delivery === 2) {
            redelivered += 1;
            redeliveredStored += written.result.rowCount ?? 0;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, WRITER_PAUSE_MS));
      }
      await client.end();
    };
    // Erasures and raw-copy clearing of seeded dialogs, as the API and the cleanup job do them.
    const eraser = async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      let swapped = false;
      for (let i = 0; writing; i += 1) {
        const values = [BOT, String((i * 7919) % USERS)];
        if (i % 2) await client.query(ERASE, values);
        else swapped = (await statement(client, CLEAR_BEFORE, CLEAR_AFTER, values, swapped)).swapped;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.end();
    };
    const traffic = Promise.all([writer(1), writer(2), writer(3), eraser(), lockWatch()]);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const started = Date.now();
    expect(await migrateDatabase({ databaseUrl: url })).toEqual(['MessagePartitions1795402900000']);
    const migrationMs = Date.now() - started;
    // A little traffic on the partitioned tables too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    writing = false;
    await traffic;
    expect(writtenAfter).toBeGreaterThan(0);

    expect((await db.query(`SELECT relkind FROM pg_class WHERE relname IN ('messages', 'message_raws')`)).rows).toEqual(
      [{ relkind: 'p' }, { relkind: 'p' }],
    );
    const after = (await db.query(checksum(STORED))).rows[0];
    expect(after).toEqual((await db.query(checksum(EXPECTED))).rows[0]);
    expect(after.rows).toBeGreaterThan(SEEDED * 0.9);
    // A MAX dialog's chat id is on its message, with its raw copy or without it (a copy cleared before: not copied).
    const chats = (
      await db.query(
        `SELECT count(*) FILTER (WHERE r.message_id IS NOT NULL)::int AS with_copy, count(*) FILTER (WHERE r.message_id IS NULL)::int AS cleared
           FROM messages m LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at
          WHERE m.dedupe_key LIKE 'seed:%' AND m.chat_id IS NOT NULL`,
      )
    ).rows[0];
    expect(chats.with_copy).toBeGreaterThan(1000);
    expect(chats.cleared).toBeGreaterThan(1000);
    expect(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM message_raws WHERE raw_json = jsonb_build_object('chat_id', raw_json -> 'chat_id')`,
        )
      ).rows[0].n,
    ).toBe(0);
    // The redeliveries stored nothing, before, during and after the copy, and no key is stored twice.
    expect(redelivered).toBeGreaterThan(0);
    expect(redeliveredStored).toBe(0);
    const twice = `SELECT count(*)::int AS n FROM (SELECT 1 FROM messages GROUP BY bot_id, dedupe_key HAVING count(*) > 1) d`;
    expect((await db.query(twice)).rows[0].n).toBe(0);
    // Each seeded month has a partition of its own; the writes in a month without one are in the default partition.
    const months = await db.query(`SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'messages'::regclass`);
    expect(months.rows[0].n).toBeGreaterThanOrEqual(14);
    const stray = (await db.query(`SELECT count(*)::int AS n FROM messages_default`)).rows[0].n as number;
    expect(stray).toBeGreaterThan(0);
    expect((await db.query(`SELECT to_regclass('raw_retention_marks') AS marks`)).rows).toEqual([{ marks: null }]);

    // The cleanup job moves them into months of their own, keeping every row.
    const dataSource = new DataSource({ type: 'postgres', url });
    await dataSource.initialize();
    const metrics = { countDefaultPartitionRowsWith: () => undefined } as unknown as Metrics;
    const partitions = new MessagePartitions(dataSource, metrics);
    const rawStray = (await db.query(`SELECT count(*)::int AS n FROM message_raws_default`)).rows[0].n as number;
    const maintained = await partitions.runOnce();
    expect(maintained.moved).toBe(stray + rawStray);
    expect(await partitions.defaultRows()).toBe(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM message_raws_default`)).rows[0].n).toBe(0);
    expect(await partitions.runOnce()).toEqual({ created: [], moved: 0 });
    await dataSource.destroy();
    expect((await db.query(checksum(STORED))).rows[0]).toEqual(after);

    const slowest = Math.max(...latencies);
    process.stdout.write(
      `message partitions: ${SEEDED} seeded rows converted in ${migrationMs} ms under ${latencies.length} writes ` +
        `(${after.rows} rows at the end); slowest write ${slowest.toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 0.99).toFixed(0)} ms; longest lock wait ${longestLockWaitMs.toFixed(0)} ms\n`,
    );
    expect(writerPids.every((pid) => Number.isInteger(pid) && pid > 0)).toBe(true);
    expect(longestLockWaitMs).toBeLessThan(1000);
  }, 600_000);
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
