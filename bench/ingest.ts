/**
 * Ingest benchmark (issue 3, "Performance"): `npx ts-node bench/ingest.ts`.
 *
 * Starts the real app in a process of its own (createApp on a fresh database, LOG_LEVEL=silent),
 * binds a Telegram bot without target_url, and posts BENCH_UPDATES (100,000) distinct updates from
 * BENCH_USERS (10,000) users to its proxy receiver at full speed over BENCH_CONNECTIONS (64)
 * connections. It prints the sustained updates/s (target ≥ 3,000) and then, without waiting, checks
 * the database: every update acknowledged must already be stored, exactly once (messages = updates,
 * contacts = users), which is what "acknowledged only after commit" means.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import type { UpdateLoad, UpdateLoadFigures } from './ingest/update-load';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import { askChild, bindBenchBot, startChild, stopChild } from './support/app-process';
import { CpuMeter, cpuPerItem, machineLoad } from './support/cpu-meter';
import type { ChildProcess } from 'node:child_process';

const UPDATES = Number(process.env.BENCH_UPDATES ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TARGET_PER_SECOND = 3000;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Knob for profiling: BENCH_PROFILE=/some/dir writes a --cpu-prof of the app there.
const PROFILE_DIR = process.env.BENCH_PROFILE;
// BENCH_APP_NODE_OPTIONS adds Node flags to the app only (e.g. `npm start`'s --max-semi-space-size=32).
const APP_NODE_OPTIONS = (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean);

async function main(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${POSTGRES}/botlens_bench_${runId}`;
  const children: ChildProcess[] = [];
  try {
    const app = await startChild(
      join(__dirname, 'mirror', 'botlens-server.ts'),
      {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: `botlens_bench_${runId}`,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'development',
        AUTH_RATE_LIMIT_PER_IP: '100000',
      },
      children,
      PROFILE_DIR ? [...APP_NODE_OPTIONS, '--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : APP_NODE_OPTIONS,
    );
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const bot = await bindBenchBot(baseUrl, databaseUrl);
    const generator = await startChild(join(__dirname, 'ingest', 'update-load.ts'), {}, children);

    console.error(
      `… posting ${UPDATES.toLocaleString('en')} updates from ${USERS.toLocaleString('en')} users over ${CONNECTIONS} connections`,
    );
    const load: UpdateLoad = {
      url: `${baseUrl}${bot.proxyPath}`,
      connections: CONNECTIONS,
      total: UPDATES,
      users: USERS,
    };
    const cpu = await CpuMeter.start(app.child.pid!, [generator.child.pid!], databaseUrl, REDIS_URL);
    const before = await cpu.read();
    const figures = await askChild<UpdateLoadFigures>(generator.child, load);
    const after = await cpu.read();
    const stored = await countStored(databaseUrl, bot.id);
    print(figures, stored, cpuPerItem(before, after, figures.ok), machineLoad(before, after));
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, `botlens_bench_${runId}`);
  }
}

function print(
  f: UpdateLoadFigures,
  stored: { messages: number; distinctUpdates: number; contacts: number },
  cpuPerUpdate: string,
  load: string,
): void {
  const rate = f.ok / f.seconds;
  console.log(
    `\nProxy receiver ingest: ${UPDATES.toLocaleString('en')} Telegram updates, ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections`,
  );
  console.log(`  requests sent       ${f.sent}`);
  console.log(`  answered 200        ${f.ok} in ${f.seconds.toFixed(2)} s, failed ${f.failed}`);
  console.log(
    `  sustained           ${rate.toFixed(0)} updates/s (target ≥ ${TARGET_PER_SECOND}) ${rate >= TARGET_PER_SECOND ? 'PASS' : 'MISS'}`,
  );
  console.log(`  latency             p50 ${f.p50} ms, p99 ${f.p99} ms`);
  console.log(`  CPU per update      ${cpuPerUpdate}`);
  console.log(`  ${load}`);
  console.log(`\nStored right after the last answer (no waiting):`);
  const exact = stored.messages === UPDATES && stored.distinctUpdates === UPDATES && stored.contacts === USERS;
  console.log(`  messages            ${stored.messages} (expected ${UPDATES})`);
  console.log(`  distinct update ids ${stored.distinctUpdates} (expected ${UPDATES})`);
  console.log(`  contacts            ${stored.contacts} (expected ${USERS})`);
  console.log(`  every update stored exactly once: ${exact ? 'PASS' : 'MISS'}`);
}

async function countStored(databaseUrl: string, botId: string) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ messages: number; distinct_updates: number; contacts: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE bot_id = $1) AS messages,
              (SELECT count(DISTINCT raw_json->>'update_id')::int FROM message_raws WHERE bot_id = $1) AS distinct_updates,
              (SELECT count(*)::int FROM contacts WHERE bot_id = $1) AS contacts`,
      [botId],
    );
    return { messages: rows[0].messages, distinctUpdates: rows[0].distinct_updates, contacts: rows[0].contacts };
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
