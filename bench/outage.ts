/**
 * PostgreSQL outage benchmark (issue 30, "Nothing recorded is lost while the database is away"):
 * `npx nest build && npx ts-node bench/outage.ts`.
 *
 * Starts the built service on a private PostgreSQL cluster (test/e2e/support/private-postgres.ts, a port of its own)
 * with the bench's fake Telegram, loads the mirror's sendMessage at BENCH_CONNECTIONS (32) connections with autocannon
 * in a process of its own for BENCH_BEFORE_SECONDS (10) + BENCH_OUTAGE_SECONDS (60) + BENCH_AFTER_SECONDS (10), with
 * PostgreSQL stopped for the outage; then waits for the recording to settle and prints the sends the mirror forwarded,
 * the ones stored, and what the app counted as not recorded. Target: 0 lost. BENCH_JOURNAL_MB=0 runs it without the
 * journal (as the build before issue 30 was), for the comparison.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/e2e/support/ports';
import { PrivatePostgres } from '../test/e2e/support/private-postgres';
import { metricValue } from '../test/e2e/support/spawned-app';
import { BENCH_CHAT_ID } from './mirror/fake-platform';
import type { LoadFigures, LoadRequest } from './mirror/load-generator';
import { bindBenchBot, countRecorded } from './mirror/stack';
import { askChild, startAppProcess, startChild, stopChild } from './support/app-process';
import { machineLoad, CpuMeter } from './support/cpu-meter';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BEFORE_SECONDS = Number(process.env.BENCH_BEFORE_SECONDS ?? 10);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 60);
const AFTER_SECONDS = Number(process.env.BENCH_AFTER_SECONDS ?? 10);
const JOURNAL_MB = process.env.BENCH_JOURNAL_MB ?? '1024';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = `${100_000 + Math.floor(Math.random() * 900_000)}:${randomBytes(12).toString('hex')}`;
const BODY = JSON.stringify({ chat_id: BENCH_CHAT_ID, text: 'Hello from the outage benchmark' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const postgres = await PrivatePostgres.start();
  const journalDir = mkdtempSync(join(tmpdir(), 'botlens-bench-journal-'));
  let app: Awaited<ReturnType<typeof startAppProcess>> | null = null;
  try {
    const databaseUrl = postgres.databaseUrl('botlens_outage');
    const platform = await startChild(join(__dirname, 'mirror', 'fake-platform.ts'), {}, children);
    const metricsPort = await freePort();
    app = await startAppProcess(
      {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        TELEGRAM_API_URL: `http://127.0.0.1:${platform.port}`,
        MAX_API_URL: `http://127.0.0.1:${platform.port}`,
        METRICS_PORT: String(metricsPort),
        INGEST_JOURNAL_DIR: journalDir,
        INGEST_JOURNAL_MB: JOURNAL_MB,
      },
      { built: true },
    );
    const botId = await bindBenchBot(app.url, databaseUrl, TOKEN);
    const generator = await startChild(join(__dirname, 'mirror', 'load-generator.ts'), {}, children);
    const seconds = BEFORE_SECONDS + OUTAGE_SECONDS + AFTER_SECONDS;
    console.error(
      `… sendMessage through the mirror at ${CONNECTIONS} connections for ${seconds} s, PostgreSQL stopped for ${OUTAGE_SECONDS} s`,
    );
    const cpu = await CpuMeter.start(app.pid, [generator.child.pid!], databaseUrl, REDIS_URL);
    const before = await cpu.read();
    const loading = askChild<LoadFigures>(generator.child, {
      url: `${app.url}/tg/bot${TOKEN}/sendMessage`,
      connections: CONNECTIONS,
      seconds,
      body: BODY,
    } satisfies LoadRequest);
    await sleep(BEFORE_SECONDS * 1000);
    await postgres.stop();
    let journalPeak = 0;
    for (let waited = 0; waited < OUTAGE_SECONDS; waited += 1) {
      await sleep(1000);
      journalPeak = Math.max(journalPeak, await metric(metricsPort, 'botlens_ingest_journal_bytes'));
    }
    await postgres.resume();
    const figures = await loading;
    const after = await cpu.read().catch(() => before);
    const forwarded = await askChild<number>(platform.child, { sendsOf: TOKEN });
    const started = Date.now();
    const recorded = await countRecorded(databaseUrl, botId, forwarded);
    const settledSeconds = (Date.now() - started) / 1000;
    const unrecorded: Record<string, number> = {};
    for (const reason of ['database_unavailable', 'overload', 'journal_full', 'poison'])
      unrecorded[reason] = await metric(metricsPort, 'botlens_ingest_facts_unrecorded_total', { reason });

    console.log(
      `\nPostgreSQL outage under mirror load: ${CONNECTIONS} connections, ${seconds} s, ${OUTAGE_SECONDS} s stopped`,
    );
    console.log(
      `  journal             ${JOURNAL_MB === '0' ? 'off' : `${JOURNAL_MB} MiB`}, peak ${(journalPeak / 1e6).toFixed(1)} MB`,
    );
    console.log(`  mirror answers      ${figures.ok} ok (${figures.rps.toFixed(0)}/s), ${figures.failed} failed`);
    console.log(`  sends forwarded     ${forwarded}`);
    console.log(`  sends recorded      ${recorded} (settled ${settledSeconds.toFixed(0)} s after the load)`);
    console.log(`  lost                ${forwarded - recorded} (target 0) ${forwarded === recorded ? 'PASS' : 'MISS'}`);
    console.log(`  counted unrecorded  ${JSON.stringify(unrecorded)}`);
    console.log(`  ${machineLoad(before, after)}`);
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await app?.stop();
    await postgres.destroy();
    rmSync(journalDir, { recursive: true, force: true });
  }
}

async function metric(port: number, name: string, labels: Record<string, string> = {}): Promise<number> {
  try {
    return metricValue(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), name, labels);
  } catch {
    return 0;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
