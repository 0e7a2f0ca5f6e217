/**
 * Mirror benchmark (issue 3, "Performance"): `npx ts-node bench/mirror.ts`.
 *
 * Starts on loopback, each in a process of its own (this one only orchestrates): a fake platform
 * answering sendMessage at once, nginx proxying to it with upstream keep-alive, a bare Node proxy
 * (http + undici, the ceiling of a Node proxy here), the real Botlens app (fresh database,
 * LOG_LEVEL=silent) and the autocannon load generator. Each target gets a sendMessage JSON POSTed
 * for BENCH_SECONDS (default 5) at 32 and at 1 connection, in BENCH_ROUNDS (default 3) rounds that
 * take the targets in turn (a different order each round), so every target sees the same moments of
 * a shared machine. Printed: each target's medians of requests/s, p50/p99 and the CPU each request
 * cost the proxy process (and, for the mirror, PostgreSQL recording its facts and the whole Redis server);
 * the targets as medians of per-round ratios: issue 29's (mirror ≥ 0.65 of the bare Node proxy's requests/s at
 * 32 connections, app CPU per recorded send ≤ 1.3× the bare proxy's per request), issue 17's (≤ 0.2 ms added to
 * the direct p50 at 1 connection) and the ratio to nginx; and how many of the mirrored sends were recorded as
 * outbound messages.
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { cpuSeconds } from './mirror/cpu-time';
import { BENCH_CHAT_ID } from './mirror/fake-platform';
import type { LoadFigures, LoadRequest } from './mirror/load-generator';
import { startNginx, stopChild } from './mirror/nginx';
import { Figures, printReport, rotate } from './mirror/report';
import { askChild, backendPids, bindBenchBot, countRecorded, startChild } from './mirror/stack';
import { startScriptNodeFlags } from './support/app-process';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import Redis from 'ioredis';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Knobs for profiling: BENCH_TARGETS=mirror BENCH_CONNECTIONS=32 BENCH_PROFILE=/tmp/prof (a --cpu-prof of the app);
// BENCH_APP_NODE_OPTIONS='--trace-gc' (or '--perf-basic-prof' for `perf record -p`) adds Node flags to the app only.
const TARGETS = (process.env.BENCH_TARGETS ?? 'direct,nginx,undici,mirror').split(',');
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '32,1').split(',').map(Number);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const APP_NODE_OPTIONS = (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const WARMUP_SECONDS = 2;
const randomToken = () => `${700_000 + Math.floor(Math.random() * 1_000_000)}:BENCH${randomBytes(16).toString('hex')}`;
// The mirror's bot has a token of its own, so the platform's count of its sends is exactly what the mirror forwarded.
const MIRROR_TOKEN = randomToken();
const OTHER_TOKEN = randomToken();
const BODY = JSON.stringify({ chat_id: BENCH_CHAT_ID, text: 'Hello from the benchmark' });
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function main(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${POSTGRES}/botlens_bench_${runId}`;
  const children: ChildProcess[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
  try {
    const platform = await startChild(join(__dirname, 'mirror', 'fake-platform.ts'), {}, children);
    nginx = await startNginx(platform.port);
    const bare = await startChild(
      join(__dirname, 'mirror', 'bare-proxy.ts'),
      { BARE_PROXY_UPSTREAM: `http://127.0.0.1:${platform.port}` },
      children,
    );
    const botlens = await startChild(
      join(__dirname, 'mirror', 'botlens-server.ts'),
      {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: `botlens_bench_${runId}`,
        TELEGRAM_API_URL: `http://127.0.0.1:${platform.port}`,
        MAX_API_URL: `http://127.0.0.1:${platform.port}`,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
        NODE_ENV: 'development',
        AUTH_RATE_LIMIT_PER_IP: '100000',
      },
      children,
      // The service as `npm start` runs it (its heap sizes); BENCH_APP_NODE_OPTIONS, later, overrides them.
      [
        ...startScriptNodeFlags(),
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
        ...APP_NODE_OPTIONS,
      ],
    );
    const redisPid = await redisServerPid(REDIS_URL);
    const botId = await bindBenchBot(`http://127.0.0.1:${botlens.port}`, databaseUrl, MIRROR_TOKEN);
    const generator = await startChild(join(__dirname, 'mirror', 'load-generator.ts'), {}, children);
    const load = (url: string, connections: number, seconds: number) =>
      askChild<LoadFigures>(generator.child, { url, connections, seconds, body: BODY } satisfies LoadRequest);

    // Whose CPU each target costs: the proxy's own process (the platform's, for direct calls).
    const pids: Record<string, number> = {
      direct: platform.child.pid ?? 0,
      nginx: nginx.pid,
      undici: bare.child.pid ?? 0,
      mirror: botlens.child.pid ?? 0,
    };
    const urls: Record<string, string> = {
      direct: `http://127.0.0.1:${platform.port}/bot${OTHER_TOKEN}/sendMessage`,
      nginx: `http://127.0.0.1:${nginx.port}/bot${OTHER_TOKEN}/sendMessage`,
      undici: `http://127.0.0.1:${bare.port}/bot${OTHER_TOKEN}/sendMessage`,
      mirror: `http://127.0.0.1:${botlens.port}/tg/bot${MIRROR_TOKEN}/sendMessage`,
    };
    for (const target of TARGETS) await load(urls[target], 8, WARMUP_SECONDS);
    const figures: Figures[] = [];
    for (const connections of CONNECTIONS) {
      for (let round = 0; round < ROUNDS; round++) {
        for (const target of rotate(TARGETS, round)) {
          console.error(`… round ${round + 1}: ${target} at ${connections} connection(s) for ${SECONDS} s`);
          const recording = target === 'mirror';
          // The app's pool opens and closes connections as load comes and goes: every backend seen counts.
          const dbBefore = new Map(
            recording ? (await backendPids(databaseUrl)).map((pid) => [pid, cpuSeconds(pid)]) : [],
          );
          const cpuBefore = cpuSeconds(pids[target]);
          const redisBefore = cpuSeconds(redisPid);
          const figure = await load(urls[target], connections, SECONDS);
          const cpuAfter = cpuSeconds(pids[target]);
          const redisAfter = cpuSeconds(redisPid);
          const backendsAfter = recording ? await backendPids(databaseUrl) : [];
          const requests = figure.rps * SECONDS;
          const cpuMicros = ((cpuAfter - cpuBefore) * 1e6) / requests;
          const dbSeconds = sum(backendsAfter.map((pid) => cpuSeconds(pid) - (dbBefore.get(pid) ?? 0)));
          const dbCpuMicros = recording ? (dbSeconds * 1e6) / requests : null;
          const redisCpuMicros = recording ? ((redisAfter - redisBefore) * 1e6) / requests : null;
          figures.push({ target, connections, round, cpuMicros, dbCpuMicros, redisCpuMicros, ...figure });
          console.error(
            `  ${figure.rps.toFixed(0)} requests/s, p50 ${figure.p50.toFixed(3)} ms, ${cpuMicros.toFixed(0)} µs/request`,
          );
        }
      }
    }
    printReport(figures);
    if (TARGETS.includes('mirror')) {
      const forwarded = await askChild<number>(platform.child, { sendsOf: MIRROR_TOKEN });
      const recorded = await countRecorded(databaseUrl, botId, forwarded);
      console.log(
        `\nOutbound messages recorded for the bot: ${recorded} of ${forwarded} sendMessage calls the mirror forwarded${recorded === forwarded ? ' (all)' : ''}`,
      );
    }
  } finally {
    await nginx?.stop();
    await Promise.all(children.map((child) => stopChild(child)));
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, `botlens_bench_${runId}`);
  }
}

/** Redis is shared by the machine: its CPU while the mirror is measured includes whatever else used it meanwhile. */
async function redisServerPid(url: string): Promise<number> {
  const redis = new Redis(url);
  try {
    return Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);
  } finally {
    await redis.quit();
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
