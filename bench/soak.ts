/**
 * Memory soak (issue 17, "Memory"): `npx ts-node bench/soak.ts` (SOAK_MINUTES=10, SOAK_CONNECTIONS=32).
 *
 * The real app (fresh database, LOG_LEVEL=silent), the mirror benchmark's fake platform and load generator, each in a
 * process of its own; the mirror gets sendMessage at SOAK_CONNECTIONS connections without a pause for SOAK_MINUTES.
 * Every SAMPLE_SECONDS it prints the app's resident memory and requests/s. At the end: the peak RSS (target < 300 MB)
 * and the growth from minute 2 to the end, as the slope of a least-squares line through the samples after minute 2
 * (target: flat, under 1 MB a minute), and that every forwarded send was recorded.
 *
 * Beside each sample: the highest RSS read every second during its 30 s, and what the app says of its memory (V8's
 * heap used and its old and young spaces' size, `external` and the Buffers' `arrayBuffers`), to tell a heap the
 * garbage collector lets grow from memory held outside it. Knobs: BENCH_APP_NODE_OPTIONS (Node flags for the app
 * only, e.g. '--max-old-space-size=1024', as `npm start` sets it); SOAK_APP=built (the compiled service in dist/,
 * after `npx nest build`, without the bench's TypeScript hook: that hook's compiler holds memory production never
 * has); SOAK_HEAP_SNAPSHOT_DIR (a heap snapshot of the app after minute 1 and at the end, for Chrome's memory tab).
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import { BENCH_CHAT_ID } from './mirror/fake-platform';
import type { LoadFigures, LoadRequest } from './mirror/load-generator';
import type { AppMemory, AppQuestion } from './mirror/botlens-server';
import { stopChild } from './mirror/nginx';
import { askChild, bindBenchBot, countRecorded, startChild } from './mirror/stack';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 32);
const SAMPLE_SECONDS = 30;
const RSS_LIMIT_MB = 300;
/** Below this a line through the samples is noise, not a leak. */
const FLAT_MB_PER_MINUTE = 1;
const TOKEN = `${700_000 + Math.floor(Math.random() * 1_000_000)}:SOAK${randomBytes(16).toString('hex')}`;
const BODY = JSON.stringify({ chat_id: BENCH_CHAT_ID, text: 'Hello from the soak' });
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_NODE_OPTIONS = (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const SNAPSHOT_DIR = process.env.SOAK_HEAP_SNAPSHOT_DIR;
/** SOAK_APP=built: the compiled service (dist/, as `npm start` runs it) rather than src/ through the TypeScript hook. */
const BUILT = process.env.SOAK_APP === 'built';
const MB = 1024 * 1024;

interface Sample {
  minute: number;
  rssMb: number;
  /** The highest of the RSS readings taken every second since the sample before. */
  maxRssMb: number;
  rps: number;
}

async function main(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${POSTGRES}/botlens_soak_${runId}`;
  const children: ChildProcess[] = [];
  try {
    const platform = await startChild(join(__dirname, 'mirror', 'fake-platform.ts'), {}, children);
    const app = await startChild(
      join(__dirname, 'mirror', BUILT ? 'built-server.js' : 'botlens-server.ts'),
      {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: `botlens_soak_${runId}`,
        TELEGRAM_API_URL: `http://127.0.0.1:${platform.port}`,
        MAX_API_URL: `http://127.0.0.1:${platform.port}`,
        LOG_LEVEL: 'silent',
        AUTH_RATE_LIMIT_PER_IP: '100000',
      },
      children,
      APP_NODE_OPTIONS,
    );
    const botId = await bindBenchBot(`http://127.0.0.1:${app.port}`, databaseUrl, TOKEN);
    const generator = await startChild(join(__dirname, 'mirror', 'load-generator.ts'), {}, children);
    const url = `http://127.0.0.1:${app.port}/tg/bot${TOKEN}/sendMessage`;

    const appPid = app.child.pid ?? 0;
    const ask = <T>(question: AppQuestion) => askChild<T>(app.child, question);
    console.log(
      `(${BUILT ? 'built app' : 'app from src'}, pid ${appPid}, ${CONNECTIONS} connections, ${MINUTES} minutes${APP_NODE_OPTIONS.length ? `, app: ${APP_NODE_OPTIONS.join(' ')}` : ''})`,
    );
    console.log('minute   RSS MB  max 1 s  requests/s   heap used  old space  new space   external  arrayBuffers (MB)');
    const samples: Sample[] = [];
    for (let elapsed = 0; elapsed < MINUTES * 60; elapsed += SAMPLE_SECONDS) {
      let maxRss = 0;
      const watch = setInterval(() => (maxRss = Math.max(maxRss, rssMb(appPid))), 1000);
      const figures = await askChild<LoadFigures>(generator.child, {
        url,
        connections: CONNECTIONS,
        seconds: SAMPLE_SECONDS,
        body: BODY,
      } satisfies LoadRequest);
      clearInterval(watch);
      const rss = rssMb(appPid);
      const sample = {
        minute: (elapsed + SAMPLE_SECONDS) / 60,
        rssMb: rss,
        maxRssMb: Math.max(maxRss, rss),
        rps: figures.rps,
      };
      samples.push(sample);
      const heap = await ask<AppMemory>({ memory: true });
      const columns = [
        sample.minute.toFixed(1).padStart(6),
        sample.rssMb.toFixed(1).padStart(8),
        sample.maxRssMb.toFixed(1).padStart(8),
        sample.rps.toFixed(0).padStart(11),
        ...[
          heap.heapUsed,
          heap.spaces.old_space?.size ?? 0,
          heap.spaces.new_space?.size ?? 0,
          heap.external,
          heap.arrayBuffers,
        ].map((bytes) => (bytes / MB).toFixed(1).padStart(10)),
      ];
      console.log(columns.join(' '));
      if (SNAPSHOT_DIR && (sample.minute === 1 || elapsed + SAMPLE_SECONDS >= MINUTES * 60)) {
        const file = await ask<string>({
          heapSnapshot: join(SNAPSHOT_DIR, `soak-minute-${sample.minute}.heapsnapshot`),
        });
        console.log(`       heap snapshot: ${file}`);
      }
    }

    const peak = Math.max(...samples.map((sample) => sample.rssMb));
    const peakOfSeconds = Math.max(...samples.map((sample) => sample.maxRssMb));
    const steady = samples.filter((sample) => sample.minute > 2);
    const slope = steady.length > 1 ? slopePerMinute(steady) : 0;
    const forwarded = await askChild<number>(platform.child, { sendsOf: TOKEN });
    const recorded = await countRecorded(databaseUrl, botId, forwarded);
    console.log(
      `\npeak RSS                      ${peak.toFixed(1)} MB (limit ${RSS_LIMIT_MB}) ${verdict(peak < RSS_LIMIT_MB)}`,
    );
    console.log(`peak of the 1 s readings      ${peakOfSeconds.toFixed(1)} MB`);
    console.log(
      `RSS trend after minute 2      ${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/minute (flat: under ${FLAT_MB_PER_MINUTE}) ${verdict(slope < FLAT_MB_PER_MINUTE)}`,
    );
    console.log(
      `recorded outbound messages    ${recorded} of ${forwarded} forwarded sends ${verdict(recorded === forwarded)}`,
    );
    if (peak >= RSS_LIMIT_MB || slope >= FLAT_MB_PER_MINUTE || recorded !== forwarded) process.exitCode = 1;
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, `botlens_soak_${runId}`);
  }
}

/** Resident set size of a process, from /proc (VmRSS is in kB). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** Least-squares slope of RSS over time, MB per minute. */
function slopePerMinute(samples: Sample[]): number {
  const n = samples.length;
  const meanX = samples.reduce((total, s) => total + s.minute, 0) / n;
  const meanY = samples.reduce((total, s) => total + s.rssMb, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.minute - meanX) * (s.rssMb - meanY);
    variance += (s.minute - meanX) ** 2;
  }
  return covariance / variance;
}

function verdict(ok: boolean): string {
  return ok ? 'OK' : 'MISSED';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
