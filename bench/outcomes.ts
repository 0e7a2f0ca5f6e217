/**
 * Broadcast outcomes (issue 28): what a list of broadcasts pays for their outcomes. Seeds a database of its own
 * (dropped after, unless BENCH_OUTCOMES_KEEP=1): one bot with 20,000 contacts (5% blocked), 300,000 inbound messages
 * over 30 days, 50 broadcasts of 5,000 recipients each (95% sent), a link per broadcast clicked by 10% of its
 * recipients, and 2,000 payments. Then times, each a median of BENCH_RUNS runs: the outcomes of one broadcast and of
 * all 50 (`BroadcastOutcomesQueries`), the replies counted the old way (a probe of messages per delivered
 * recipient, the rule `replied_at` records), and the migration that fills `replied_at` for existing rows; and checks
 * that both ways count the same replies. `npx ts-node bench/outcomes.ts`, under `flock -x /tmp/bench.lock`.
 * BENCH_OUTCOMES_QUERIES names another build's broadcast-outcomes.queries.ts to time on the same seed (an older
 * build's copy, e.g. `git show <commit>:src/broadcasts/broadcast-outcomes.queries.ts`, with TS_NODE_TRANSPILE_ONLY=1).
 */
import { Client } from 'pg';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { RecipientOutcomes1795402450000 } from '../migrations/1795402450000-RecipientOutcomes';
import type { BroadcastOutcomesQueries } from '../src/broadcasts/broadcast-outcomes.queries';
import { migrateDatabase } from '../src/database/prepare-database';
import { dropDatabase } from '../test/e2e/support/stores';

const BASE = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const URL = `${BASE}/botlens_bench_outcomes_${randomBytes(4).toString('hex')}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CONTACTS = 20_000;
const MESSAGES = 300_000;
const BROADCASTS = 50;
const RECIPIENTS = 5_000;

async function seed(db: Client): Promise<{ botId: string; broadcastIds: string[] }> {
  const {
    rows: [user],
  } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, email_confirmed_at, tariff)
     VALUES ('bench-outcomes@botlens.local', 'bench: no sign-in', now(), 'business') RETURNING id`,
  );
  const {
    rows: [bot],
  } = await db.query<{ id: string }>(
    `INSERT INTO bots (user_id, platform, name, proxy_secret) VALUES ($1, 'telegram', 'Outcomes bench', 'bench-secret')
     RETURNING id`,
    [user.id],
  );
  await db.query(
    `INSERT INTO contacts (bot_id, external_user_id, first_seen_at, blocked_at)
     SELECT $1, 'u' || i, now() - interval '40 days',
            CASE WHEN i % 20 = 0 THEN now() - random() * interval '30 days' END
       FROM generate_series(1, $2) i`,
    [bot.id, CONTACTS],
  );
  await db.query(
    `INSERT INTO messages (bot_id, contact_id, external_user_id, direction, text, dedupe_key, created_at, stored_at)
     SELECT $1, c.id, c.external_user_id, 'in', 'hello', 'm' || m.i, m.at, m.at + interval '2 seconds'
       FROM (SELECT i, 1 + (i::bigint * 7919) % $2 AS n, now() - random() * interval '30 days' AS at
               FROM generate_series(1, $3) i) m
       JOIN contacts c ON c.bot_id = $1 AND c.external_user_id = 'u' || m.n`,
    [bot.id, CONTACTS, MESSAGES],
  );
  const { rows: broadcasts } = await db.query<{ id: string }>(
    `INSERT INTO broadcasts (bot_id, origin, text, status, started_at)
     SELECT $1, 'cabinet', 'Sale!', 'done', now() - (i * interval '14 hours') FROM generate_series(1, $2) i
     RETURNING id`,
    [bot.id, BROADCASTS],
  );
  await db.query(
    `INSERT INTO links (bot_id, code, url)
     SELECT $1, 'l' || b.n, 'https://shop.example/' || b.n
       FROM unnest($2::uuid[]) WITH ORDINALITY AS b(id, n)`,
    [bot.id, broadcasts.map((b) => b.id)],
  );
  await db.query(
    `UPDATE broadcasts b SET link_ids = ARRAY[l.id]
       FROM links l WHERE l.bot_id = b.bot_id AND l.url = 'https://shop.example/' || (
         SELECT n FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n) WHERE x.id = b.id)`,
    [broadcasts.map((b) => b.id)],
  );
  await db.query(
    `INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id, status, error, updated_at)
     SELECT b.id, p, c.id, c.external_user_id,
            CASE WHEN p % 20 = 0 THEN 'failed' ELSE 'sent' END,
            CASE WHEN p % 40 = 0 THEN '403 Forbidden: bot was blocked by the user' WHEN p % 20 = 0 THEN '400 Bad Request' END,
            b.started_at + p * interval '20 milliseconds'
       FROM broadcasts b
       CROSS JOIN generate_series(1, $2) p
       JOIN contacts c ON c.bot_id = b.bot_id
                      AND c.external_user_id = 'u' || (1 + (p * 3 + hashtext(b.id::text) % 1000 + 1000) % $3)
      WHERE b.bot_id = $1`,
    [bot.id, RECIPIENTS, CONTACTS],
  );
  await db.query(
    `INSERT INTO clicks (link_id, bot_id, contact_id, agent, clicked_at)
     SELECT b.link_ids[1], b.bot_id, r.contact_id, 'Firefox', r.updated_at + interval '5 minutes'
       FROM broadcasts b JOIN broadcast_recipients r ON r.broadcast_id = b.id
      WHERE b.bot_id = $1 AND r.status = 'sent' AND r.position % 10 = 3`,
    [bot.id],
  );
  await db.query(
    `INSERT INTO payments (bot_id, contact_id, external_user_id, amount, currency, charge_id, paid_at, origin)
     SELECT c.bot_id, c.id, c.external_user_id, 100 + i % 500, 'XTR', 'charge-' || i,
            now() - random() * interval '30 days', 'platform'
       FROM generate_series(1, 2000) i
       JOIN contacts c ON c.bot_id = $1 AND c.external_user_id = 'u' || (1 + (i * 37) % $2)`,
    [bot.id, CONTACTS],
  );
  await db.query(`ANALYZE`);
  return { botId: bot.id, broadcastIds: broadcasts.map((b) => b.id) };
}

async function median(runs: number, run: () => Promise<unknown>): Promise<{ ms: number; all: number[] }> {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    all.push(Math.round((performance.now() - started) * 10) / 10);
  }
  const sorted = [...all].sort((a, b) => a - b);
  return { ms: sorted[Math.floor(sorted.length / 2)], all };
}

/** Replies per broadcast by the rule the ingest records: an inbound message probed per delivered recipient. */
const REPLIES_BY_PROBE = `
  SELECT r.broadcast_id, count(*) FILTER (WHERE EXISTS (
           SELECT 1 FROM messages m
            WHERE m.bot_id = b.bot_id AND m.external_user_id = r.external_user_id AND m.direction = 'in'
              AND m.created_at >= date_trunc('second', r.updated_at) AND m.stored_at > r.updated_at
              AND m.created_at <= r.updated_at + interval '24 hours'))::int AS replied
    FROM broadcasts b JOIN broadcast_recipients r ON r.broadcast_id = b.id AND r.status = 'sent'
   WHERE b.id = ANY($1::uuid[])
   GROUP BY r.broadcast_id`;

async function main(): Promise<void> {
  await migrateDatabase({ databaseUrl: URL });
  const db = new Client({ connectionString: URL });
  await db.connect();
  try {
    const started = performance.now();
    const { botId, broadcastIds } = await seed(db);
    console.log(`seeded in ${Math.round(performance.now() - started)} ms`);

    // The migration on the seeded rows: its backfill (down, then up again).
    const runner = { query: (sql: string) => db.query(sql) } as never;
    const migration = new RecipientOutcomes1795402450000();
    await migration.down(runner);
    const migrated = performance.now();
    await migration.up(runner);
    console.log(
      `migration (column, backfill of ${BROADCASTS * RECIPIENTS} recipients, index): ${Math.round(performance.now() - migrated)} ms`,
    );
    await db.query(`ANALYZE broadcast_recipients`);

    const { BroadcastOutcomesQueries: Queries } = (await import(
      process.env.BENCH_OUTCOMES_QUERIES ?? '../src/broadcasts/broadcast-outcomes.queries'
    )) as { BroadcastOutcomesQueries: typeof BroadcastOutcomesQueries };
    const queries = new Queries({
      query: async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows,
    } as unknown as DataSource);
    const one = [broadcastIds[7]];
    const outcomes = await queries.of(botId, broadcastIds);
    const { rows: probed } = await db.query<{ broadcast_id: string; replied: number }>(REPLIES_BY_PROBE, [
      broadcastIds,
    ]);
    const differing = probed.filter((row) => outcomes.get(row.broadcast_id)?.all.replied !== row.replied);
    const replied = probed.reduce((sum, row) => sum + row.replied, 0);
    console.log(
      `replies: ${replied} in all; recorded = probed for ${probed.length - differing.length} of ${probed.length} broadcasts`,
    );
    const sample = outcomes.get(one[0])!.all;
    console.log(`one broadcast's outcomes: ${JSON.stringify(sample)}`);

    for (const [name, ids] of [
      ['outcomes, 1 broadcast', one],
      ['outcomes, 50 broadcasts', broadcastIds],
    ] as const) {
      await queries.of(botId, ids);
      const { ms, all } = await median(RUNS, () => queries.of(botId, ids));
      console.log(`${name}: median ${ms} ms (${all.join(', ')})`);
    }
    for (const [name, ids] of [
      ['replies by probe (before), 1 broadcast', one],
      ['replies by probe (before), 50 broadcasts', broadcastIds],
    ] as const) {
      const { ms, all } = await median(Math.min(RUNS, 3), () => db.query(REPLIES_BY_PROBE, [ids]));
      console.log(`${name}: median ${ms} ms (${all.join(', ')})`);
    }
    if (differing.length) process.exitCode = 1;
  } finally {
    await db.end();
    if (process.env.BENCH_OUTCOMES_KEEP === '1') console.log(`kept ${URL}`);
    else await dropDatabase(URL);
  }
}

void main();
