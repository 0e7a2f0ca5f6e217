/**
 * Event-delivery benchmark (issues 4 and 29): `npx ts-node bench/events.ts`.
 *
 * Three processes besides this one, so that none of them delays another's clock: the real app (fresh
 * database, LOG_LEVEL=silent), a webhook subscriber (bench/events/subscriber.ts) and a load generator
 * (bench/events/message-load.ts) that posts BENCH_RATE (500) inbound messages per second for BENCH_SECONDS
 * (20) to the bot's proxy receiver, which answers only after the commit. The generator stamps each 200 (the
 * commit), the subscriber each delivery, both on the machine-wide monotonic clock; the difference's
 * p50/p95/p99 is printed. Target: p99 ≤ 100 ms.
 *
 * The cost of a delivered event (issue 29) is the CPU per message with BENCH_SUBSCRIPTIONS (1) subscriptions
 * to message.created less the CPU per message without any: each run first posts the same load to the same
 * receiver with no subscription (BENCH_BASELINE=0 skips it), then subscribes and posts it again. Each phase
 * comes after a warm-up of BENCH_WARMUP_SECONDS (5) at the same rate, reported on its own line: a freshly
 * started process spends its first second or so compiling its hot paths, and a cold backlog would decide the
 * p99 of a short run. BENCH_WARMUP_SECONDS=0 measures from a cold start.
 *
 * Paired runs: BENCH_BUILDS=/tmp/events-base,. runs built trees (each `npm run build`; dist/ is started by
 * bench/mirror/built-server.js) in the order BENCH_ORDER (ABBA: A the first build, B the second), each run
 * on a fresh database and Redis prefix, and ends with every run's figures and each build's medians. Without
 * BENCH_BUILDS the app runs from src/ through the bench's TypeScript hook, once.
 * BENCH_PROFILE=/some/dir writes a --cpu-prof of the app there.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve, join } from 'node:path';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import type { Arrival } from './events/subscriber';
import type { MessageLoad, MessageLoadResult } from './events/message-load';
import { askChild, bindBenchBot, postJson, startChild, stopChild } from './support/app-process';
import { CpuMeter, CpuReading, machineLoad } from './support/cpu-meter';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const BASELINE = process.env.BENCH_BASELINE !== '0';
const BUILDS = process.env.BENCH_BUILDS?.split(',').map((dir) => resolve(dir));
const ORDER = process.env.BENCH_ORDER ?? 'ABBA';
const TARGET_P99_MS = 100;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROFILE_DIR = process.env.BENCH_PROFILE;

/** CPU per message in µs. */
interface Cost {
  app: number;
  postgres: number;
  /** PostgreSQL's client backends only: without autovacuum, whose bursts land in one phase or another. */
  clients: number;
  redis: number;
}

interface RunResult {
  build: string;
  without: Cost | null;
  with: Cost;
  p99: number;
  delivered: number;
  expected: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function costOf(before: CpuReading, after: CpuReading, items: number): Cost {
  let postgres = 0;
  let clients = 0;
  for (const [pid, { name, seconds }] of after.postgres) {
    const used = seconds - (before.postgres.get(pid)?.seconds ?? 0);
    postgres += used;
    if (!name.startsWith('autovacuum')) clients += used;
  }
  const per = (seconds: number) => (seconds / items) * 1e6;
  return {
    app: per(after.app - before.app),
    postgres: per(postgres),
    clients: per(clients),
    redis: per(after.redis - before.redis),
  };
}

const show = (c: Cost) =>
  `app ${c.app.toFixed(0)} µs, PostgreSQL ${c.postgres.toFixed(0)} µs (without autovacuum ${c.clients.toFixed(0)} µs), ` +
  `Redis ${c.redis.toFixed(0)} µs`;
const minus = (a: Cost, b: Cost): Cost => ({
  app: a.app - b.app,
  postgres: a.postgres - b.postgres,
  clients: a.clients - b.clients,
  redis: a.redis - b.redis,
});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const results: RunResult[] = [];
  try {
    const subscriber = await startChild(join(__dirname, 'events', 'subscriber.ts'), {}, children);
    const generator = await startChild(join(__dirname, 'events', 'message-load.ts'), {}, children);
    const runs = BUILDS ? [...ORDER].map((letter) => BUILDS[letter.charCodeAt(0) - 65]) : [null];
    for (const [index, build] of runs.entries()) {
      const label = build ? `${String.fromCharCode(65 + BUILDS!.indexOf(build))} ${build}` : 'src';
      console.log(`\n=== run ${index + 1} of ${runs.length}: ${label} (${RATE}/s, ${SUBSCRIPTIONS} subscription(s))`);
      results.push(await runOnce(index, build, label, subscriber, generator));
    }
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
  }
  summarise(results);
}

async function runOnce(
  index: number,
  build: string | null,
  label: string,
  subscriber: { child: ChildProcess; port: number },
  generator: { child: ChildProcess; port: number },
): Promise<RunResult> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${POSTGRES}/botlens_bench_${runId}`;
  const appChildren: ChildProcess[] = [];
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: `botlens_bench_${runId}`,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      ...(build ? { BENCH_BUILD_DIR: build } : {}),
    };
    const app = await startChild(
      join(__dirname, 'mirror', build ? 'built-server.js' : 'botlens-server.ts'),
      env,
      appChildren,
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const bot = await bindBenchBot(baseUrl, databaseUrl);
    const cpu = await CpuMeter.start(
      app.child.pid!,
      [subscriber.child.pid!, generator.child.pid!],
      databaseUrl,
      REDIS_URL,
    );
    let nextUpdateId = 0;
    const phase = async (prefix: string, seconds: number) => {
      const load: MessageLoad = {
        baseUrl,
        path: bot.proxyPath,
        rate: RATE,
        seconds,
        prefix,
        firstUpdateId: nextUpdateId,
        connections: CONNECTIONS,
      };
      nextUpdateId += Math.round(RATE * seconds) + 1;
      const before = await cpu.read();
      const result = await askChild<MessageLoadResult>(generator.child, load);
      return { before, result };
    };

    let without: Cost | null = null;
    if (BASELINE) {
      if (WARMUP_SECONDS > 0) await phase(`r${index}bw`, WARMUP_SECONDS);
      const { before, result } = await phase(`r${index}b`, SECONDS);
      // The ingest's own trailing work (rollups) ends within a moment of the last answer.
      await new Promise((done) => setTimeout(done, 500));
      const after = await cpu.read();
      without = costOf(before, after, result.posted);
      console.log(`without a subscription: ${result.posted} posted, committed ${result.acknowledged.length}`);
      console.log(`  CPU per message: ${show(without)}`);
      console.log(`  ${machineLoad(before, after)}`);
    }

    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const url = `http://127.0.0.1:${subscriber.port}/hook/${i}`;
      await postJson(`${baseUrl}/api/me/webhooks`, { url, events: ['message.created'] }, bot.session);
    }
    let measured: RunResult | null = null;
    const phases = [
      ...(WARMUP_SECONDS > 0 ? [{ name: 'warm-up', prefix: `r${index}w`, seconds: WARMUP_SECONDS }] : []),
      { name: 'measured', prefix: `r${index}m`, seconds: SECONDS },
    ];
    for (const { name, prefix, seconds } of phases) {
      const { before, result } = await phase(prefix, seconds);
      const expected = result.acknowledged.length * SUBSCRIPTIONS;
      const arrivals = await waitForDeliveries(subscriber.child, prefix, expected, 60_000);
      const after = await cpu.read();
      const p99 = report(name, result, arrivals, prefix);
      const cost = costOf(before, after, result.posted);
      console.log(`  CPU per message: ${show(cost)}`);
      if (without) console.log(`  per delivered event (with less without): ${show(minus(cost, without))}`);
      console.log(`  ${machineLoad(before, after)}`);
      if (name === 'measured')
        measured = { build: label, without, with: cost, p99, delivered: arrivals.length, expected };
    }
    return measured!;
  } finally {
    await Promise.all(appChildren.map((child) => stopChild(child)));
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, `botlens_bench_${runId}`);
  }
}

/** The subscriber's arrivals of this phase, once `count` have come or `timeoutMs` has passed. */
async function waitForDeliveries(
  subscriber: ChildProcess,
  prefix: string,
  count: number,
  timeoutMs: number,
): Promise<Arrival[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { arrivals } = await askChild<{ arrivals: Arrival[] }>(subscriber, { collect: true, prefix });
    if (arrivals.length >= count || Date.now() > deadline) return arrivals;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Prints the phase's latencies and answers its p99. */
function report(label: string, result: MessageLoadResult, arrivals: Arrival[], prefix: string): number {
  const acknowledged = new Map(result.acknowledged.map(([text, at]) => [text, BigInt(at)]));
  const latencies = arrivals
    .filter(([text]) => acknowledged.has(text))
    .map(([text, at]) => Number(BigInt(at) - acknowledged.get(text)!) / 1e6)
    .sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const verdict =
    label === 'measured' ? `  ${p99 <= TARGET_P99_MS ? 'PASS' : 'MISS'} (target p99 ≤ ${TARGET_P99_MS} ms)` : '';
  console.log(
    `${label} (${prefix}…): ${result.posted} posted at ${(result.posted / result.postSeconds).toFixed(0)}/s, ` +
      `committed ${result.acknowledged.length}, delivered ${arrivals.length} of ${result.acknowledged.length * SUBSCRIPTIONS}`,
  );
  console.log(
    `  commit → delivery ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  ` +
      `p99 ${p99.toFixed(1)}  max ${latencies[latencies.length - 1].toFixed(1)}${verdict}`,
  );
  return p99;
}

function summarise(results: RunResult[]): void {
  console.log('\n=== summary (CPU per message; per delivered event = with less without, per subscription)');
  for (const r of results) {
    const event = r.without ? minus(r.with, r.without) : null;
    console.log(
      `${r.build}: p99 ${r.p99.toFixed(1)} ms, delivered ${r.delivered}/${r.expected}; with ${show(r.with)}` +
        (event ? `; per event ${show(divide(event, SUBSCRIPTIONS))}` : ''),
    );
  }
  const builds = [...new Set(results.map((r) => r.build))];
  if (!results.every((r) => r.without)) return;
  for (const build of builds) {
    const events = results
      .filter((r) => r.build === build)
      .map((r) => divide(minus(r.with, r.without!), SUBSCRIPTIONS));
    const p99s = results.filter((r) => r.build === build).map((r) => r.p99);
    console.log(
      `median ${build}: per event app ${median(events.map((e) => e.app)).toFixed(0)} µs, PostgreSQL ` +
        `${median(events.map((e) => e.postgres)).toFixed(0)} µs (without autovacuum ${median(events.map((e) => e.clients)).toFixed(0)} µs), ` +
        `Redis ${median(events.map((e) => e.redis)).toFixed(0)} µs; ` +
        `p99 ${median(p99s).toFixed(1)} ms`,
    );
  }
}

function divide(c: Cost, n: number): Cost {
  return { app: c.app / n, postgres: c.postgres / n, clients: c.clients / n, redis: c.redis / n };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
