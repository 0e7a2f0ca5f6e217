/**
 * Memory soak (issue 17, "Memory"): `npx ts-node bench/soak.ts` (SOAK_MINUTES=10, SOAK_CONNECTIONS=32).
 *
 * The real app (fresh database, LOG_LEVEL=silent), the mirror benchmark's fake platform and load generator, each in a
 * process of its own; the mirror gets sendMessage at SOAK_CONNECTIONS connections without a pause for SOAK_MINUTES.
 * Every SAMPLE_SECONDS it prints the app's resident memory and requests/s. At the end: the peak RSS (target < 300 MB)
 * and the growth from minute 2 to the end, as the slope of a least-squares line through the samples after minute 2
 * (target: flat, under 1 MB a minute), and that every forwarded send was recorded.
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import { BENCH_CHAT_ID } from './mirror/fake-platform';
import type { LoadFigures, LoadRequest } from './mirror/load-generator';
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

interface Sample {
  minute: number;
  rssMb: number;
  rps: number;
}

async function main(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${POSTGRES}/botlens_soak_${runId}`;
  const children: ChildProcess[] = [];
  try {
    const platform = await startChild(join(__dirname, 'mirror', 'fake-platform.ts'), {}, children);
    const app = await startChild(
      join(__dirname, 'mirror', 'botlens-server.ts'),
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
    );
    const botId = await bindBenchBot(`http://127.0.0.1:${app.port}`, databaseUrl, TOKEN);
    const generator = await startChild(join(__dirname, 'mirror', 'load-generator.ts'), {}, children);
    const url = `http://127.0.0.1:${app.port}/tg/bot${TOKEN}/sendMessage`;

    console.log(`minute   RSS MB   requests/s   (${CONNECTIONS} connections, ${MINUTES} minutes)`);
    const samples: Sample[] = [];
    for (let elapsed = 0; elapsed < MINUTES * 60; elapsed += SAMPLE_SECONDS) {
      const figures = await askChild<LoadFigures>(generator.child, {
        url,
        connections: CONNECTIONS,
        seconds: SAMPLE_SECONDS,
        body: BODY,
      } satisfies LoadRequest);
      const sample = { minute: (elapsed + SAMPLE_SECONDS) / 60, rssMb: rssMb(app.child.pid ?? 0), rps: figures.rps };
      samples.push(sample);
      console.log(
        `${sample.minute.toFixed(1).padStart(6)} ${sample.rssMb.toFixed(1).padStart(8)} ${sample.rps.toFixed(0).padStart(12)}`,
      );
    }

    const peak = Math.max(...samples.map((sample) => sample.rssMb));
    const steady = samples.filter((sample) => sample.minute > 2);
    const slope = steady.length > 1 ? slopePerMinute(steady) : 0;
    const forwarded = await askChild<number>(platform.child, { sendsOf: TOKEN });
    const recorded = await countRecorded(databaseUrl, botId, forwarded);
    console.log(
      `\npeak RSS                      ${peak.toFixed(1)} MB (limit ${RSS_LIMIT_MB}) ${verdict(peak < RSS_LIMIT_MB)}`,
    );
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
