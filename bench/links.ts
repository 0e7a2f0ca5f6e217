/**
 * Redirect benchmark (issue 28, "Speed"; issue 29, "Redirects"): `npx nest build && npx ts-node bench/links.ts`.
 *
 * Starts the built service (dist/, as `npm start` runs it) in a process of its own on a fresh database
 * (LOG_LEVEL=silent), binds a bot, creates a tracked link, and loads `GET /l/{code}` with a browser's user agent
 * at BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10) with autocannon in a process of its own, after a
 * warm-up on another link. Prints the redirects/s (target ≥ 5,000), p50 and p99 of the 302s (target p99 ≤ 20 ms),
 * the CPU each redirect cost the app and PostgreSQL, and then, without waiting, the clicks stored against the
 * redirects answered: each redirect is answered after its click's commit, so every answered one must be there
 * (a few more may be: requests still in flight when the load stopped).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase } from '../test/e2e/support/stores';
import type { LoadFigures, LoadRequest } from './mirror/load-generator';
import { askChild, bindBenchBot, postJson, startAppProcess, startChild, stopChild } from './support/app-process';
import { CpuMeter, cpuPerItem, machineLoad } from './support/cpu-meter';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = 3;
const TARGET_PER_SECOND = 5000;
const TARGET_P99_MS = 20;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Knobs for profiling: BENCH_PROFILE=/some/dir writes a --cpu-prof of the app there; BENCH_APP_NODE_OPTIONS adds
// Node flags to the app only (e.g. `npm start`'s --max-old-space-size=1024 --max-semi-space-size=32).
const PROFILE_DIR = process.env.BENCH_PROFILE;
const APP_NODE_OPTIONS = (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function main(): Promise<void> {
  const databaseUrl = `${POSTGRES}/botlens_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const children: ChildProcess[] = [];
  let app: Awaited<ReturnType<typeof startAppProcess>> | null = null;
  try {
    app = await startAppProcess(
      { DATABASE_URL: databaseUrl, REDIS_URL },
      {
        built: true,
        nodeOptions: PROFILE_DIR
          ? [...APP_NODE_OPTIONS, '--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`]
          : APP_NODE_OPTIONS,
      },
    );
    const baseUrl = app.url;
    const bot = await bindBenchBot(baseUrl, databaseUrl);
    const newLink = async (url: string) =>
      (await postJson(`${baseUrl}/api/bots/${bot.id}/links`, { url }, bot.session)) as { id: string; code: string };
    const warmup = await newLink('https://example.com/warm-up');
    const link = await newLink('https://example.com/landing?utm_source=telegram');
    const generator = await startChild(join(__dirname, 'mirror', 'load-generator.ts'), {}, children);
    const load = (code: string, connections: number, seconds: number) =>
      askChild<LoadFigures>(generator.child, {
        url: `${baseUrl}/l/${code}`,
        connections,
        seconds,
        headers: { 'user-agent': BROWSER },
        status: 302,
      } satisfies LoadRequest);

    await load(warmup.code, 8, WARMUP_SECONDS);
    console.error(`… GET /l/${link.code} at ${CONNECTIONS} connections for ${SECONDS} s`);
    const cpu = await CpuMeter.start(app.pid, [generator.child.pid!], databaseUrl, REDIS_URL);
    const before = await cpu.read();
    const figures = await load(link.code, CONNECTIONS, SECONDS);
    const after = await cpu.read();
    const recorded = await clicksOf(databaseUrl, link.id);
    print(figures, recorded, cpuPerItem(before, after, figures.ok), machineLoad(before, after));
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await app?.stop();
    await dropDatabase(databaseUrl);
  }
}

function print(f: LoadFigures, recorded: number, cpuPerRedirect: string, load: string): void {
  const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log(`\nTracked link redirects: GET /l/{code}, ${CONNECTIONS} connections, ${SECONDS} s`);
  console.log(`  answered 302        ${f.ok}, failed ${f.failed}`);
  console.log(
    `  sustained           ${f.rps.toFixed(0)} redirects/s (target ≥ ${TARGET_PER_SECOND}) ${pass(f.rps >= TARGET_PER_SECOND)}`,
  );
  console.log(
    `  latency             p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms (target p99 ≤ ${TARGET_P99_MS} ms) ${pass(f.p99 <= TARGET_P99_MS)}`,
  );
  console.log(`  CPU per redirect    ${cpuPerRedirect}`);
  console.log(`  ${load}`);
  console.log(`\nStored right after the last answer (no waiting):`);
  console.log(`  clicks              ${recorded} for ${f.ok} redirects answered`);
  console.log(`  every answered click recorded: ${pass(recorded >= f.ok)}`);
}

async function clicksOf(databaseUrl: string, linkId: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM clicks WHERE link_id = $1`, [
      linkId,
    ]);
    return rows[0].n;
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
