/**
 * Funnel benchmark (issue 4, "Intents and funnels"): `npx ts-node bench/funnel.ts [--requests=200]`.
 *
 * Reuses the reports benchmark's seed (bench/seed-reports.ts: one bot, 1,000,000 contacts,
 * 10,000,000 messages; seeded first if missing). Adds, once, an intent `delivery` with its stored
 * matches (every "Сколько стоит доставка?"), clears the bot's funnel, starts the real app in a
 * process of its own, PUTs a five-stage funnel (command, text exact, text contains, intent, text
 * exact) and times the backfill of those stages over the history. Then it sends REQUESTS sequential
 * `GET /api/bots/:id/funnel` requests without a filter, for a mapped source and for `— unmapped`,
 * prints p50/p95/p99/max against the target (≤ 500 ms), and EXPLAIN (ANALYZE, BUFFERS) of the result query.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { request } from 'undici';
import { FunnelReportQueries } from '../src/funnels/funnel-report.queries';
import { BENCH_REPORTS_DATABASE_URL, ensureSeeded } from './seed-reports';
import { argument, startAppProcess } from './support/app-process';
import { createSession, ensureDeliveryIntent, step } from './support/reports-fixtures';

const REQUESTS = Number(argument('requests') ?? 200);
const WARMUP = 20;
const TARGET_MS = 500;
const BACKFILL_TIMEOUT_MS = 30 * 60_000;

const STAGES = [
  { name: 'Started', type: 'command', value: '/start' },
  { name: 'Said hello', type: 'text', match: 'exact', value: 'привет' },
  { name: 'Talked about an order', type: 'text', match: 'contains', value: 'заказ' },
  { name: 'Asked about delivery', type: 'intent', value: 'delivery' },
  { name: 'Paid by card?', type: 'text', match: 'exact', value: 'Можно оплатить картой?' },
];

async function main(): Promise<void> {
  const bot = await ensureSeeded();
  const db = new Client({ connectionString: BENCH_REPORTS_DATABASE_URL });
  await db.connect();
  let app: { url: string; stop: () => Promise<void> } | undefined;
  try {
    await ensureDeliveryIntent(db, bot.botId);
    await db.query(`DELETE FROM funnel_stages WHERE bot_id = $1`, [bot.botId]);
    await db.query(`DELETE FROM funnel_stage_keys WHERE bot_id = $1`, [bot.botId]);
    await db.query(`DELETE FROM funnel_stage_counts WHERE bot_id = $1`, [bot.botId]);
    await step('clearing earlier reach rows', () =>
      db.query(`DELETE FROM funnel_reach WHERE bot_id = $1`, [bot.botId]),
    );
    await step('VACUUM ANALYZE funnel_reach', () => db.query(`VACUUM ANALYZE funnel_reach`));
    const session = await createSession(db, bot.userId);
    app = await startAppProcess({ DATABASE_URL: BENCH_REPORTS_DATABASE_URL });
    const headers = { authorization: `Bearer ${session}` };
    const base = `${app.url}/api/bots/${bot.botId}/funnel`;

    const loadBefore = loadavg()[0];
    const backfillMs = await backfill(`${base}/config`, base, headers);
    await step('VACUUM ANALYZE funnel tables', () =>
      db.query(`VACUUM ANALYZE funnel_reach, funnel_stage_counts, funnel_stage_keys, funnel_stages`),
    );

    const variants = [
      { name: 'all contacts', url: base },
      { name: 'source=Instagram (2 raw values)', url: `${base}?source=Instagram` },
      { name: 'source=— unmapped', url: `${base}?source=${encodeURIComponent('— unmapped')}` },
    ];
    const rows = [];
    for (const variant of variants) {
      console.error(`… ${variant.name}: ${WARMUP} warm-up + ${REQUESTS} requests`);
      rows.push({ variant, ...(await measure(variant.url, headers)) });
    }

    console.log(`\nFunnel of one bot with ${bot.contacts.toLocaleString('en')} contacts, ${STAGES.length} stages`);
    console.log(`1-minute load average: ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
    console.log(
      `Backfill of all ${STAGES.length} stages over the history (PUT → computing: false): ${(backfillMs / 1000).toFixed(1)} s\n`,
    );
    console.log('GET /funnel                        p50 ms   p95 ms   p99 ms   max ms   Target');
    for (const { variant, p50, p95, p99, max } of rows) {
      console.log(
        `${variant.name.padEnd(32)} ${[p50, p95, p99, max].map((v) => v.toFixed(1).padStart(8)).join(' ')}   max ≤ ${TARGET_MS} ms ${max <= TARGET_MS ? 'PASS' : 'MISS'}`,
      );
    }
    console.log(`\nResult: ${JSON.stringify(await json(base, headers))}`);
    await printPlan(db, bot.botId);
  } finally {
    await app?.stop();
    await db.end();
  }
}

/** PUTs the stages and waits until the backfill is done; returns how long that took. */
async function backfill(configUrl: string, funnelUrl: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const put = await request(configUrl, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ stages: STAGES }),
  });
  const answer = await put.body.text();
  if (put.statusCode !== 200) throw new Error(`PUT config answered ${put.statusCode}: ${answer}`);
  console.error('… backfilling the stages over the history');
  while (performance.now() - started < BACKFILL_TIMEOUT_MS) {
    const result = (await json(funnelUrl, headers)) as { computing: boolean };
    if (!result.computing) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the backfill did not finish in time');
}

/** Sequential requests over one keep-alive connection; every answer must be 200. */
async function measure(url: string, headers: Record<string, string>) {
  const once = async () => {
    const started = performance.now();
    await json(url, headers);
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) latencies.push(await once());
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies[latencies.length - 1] };
}

async function json(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await request(url, { headers });
  const body = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${body}`);
  return JSON.parse(body);
}

/** EXPLAIN of the very SQL the result runs: the query class is called with a recording stand-in for the database. */
async function printPlan(db: Client, botId: string): Promise<void> {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const recorder = { query: async (sql: string, params: unknown[] = []) => (statements.push({ sql, params }), []) };
  await new FunnelReportQueries(recorder as unknown as DataSource).result(botId, 'Instagram');
  for (const { sql, params } of statements) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n=== GET /funnel?source=Instagram\n${sql}\n\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
