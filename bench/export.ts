/**
 * CSV export benchmark (issue 16, "Exports"): `npx ts-node bench/export.ts`.
 *
 * Reuses the reports benchmark's seed (bench/seed-reports.ts: one bot, 1,000,000 contacts, 10,000,000 messages;
 * seeded first if missing; BENCH_CONTACTS / BENCH_MESSAGES / BENCH_REPORTS_DATABASE_URL shrink or move it). Starts
 * the real app in a process of its own, downloads the bot's messages and contacts exports as fast as it can read,
 * counts the rows, and samples the app's RSS every 100 ms while each runs: rows/s against the target
 * (≥ 100,000 rows/s) and the RSS before, at its peak and after, which must stay flat.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { request } from 'undici';
import { BENCH_REPORTS_DATABASE_URL, ensureSeeded } from './seed-reports';
import { startAppProcess } from './support/app-process';
import { createSession } from './support/reports-fixtures';

const TARGET_ROWS_PER_SECOND = 100_000;
const CRLF = 0x0a;

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : NaN;
}

async function download(url: string, session: string, pid: number) {
  const samples: number[] = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 100);
  const started = performance.now();
  const res = await request(url, { headers: { authorization: `Bearer ${session}` } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${await res.body.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    // The seed's texts have no line breaks, so every LF ends a record.
    for (let i = chunk.indexOf(CRLF); i !== -1; i = chunk.indexOf(CRLF, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  samples.push(rssMb(pid));
  const rows = lines - 1;
  return { rows, bytes, seconds, rssStart: samples[0], rssPeak: Math.max(...samples), rssEnd: samples.at(-1)! };
}

async function main(): Promise<void> {
  const bot = await ensureSeeded();
  const db = new Client({ connectionString: BENCH_REPORTS_DATABASE_URL });
  await db.connect();
  const session = await createSession(db, bot.userId);
  await db.end();
  const app = await startAppProcess({ DATABASE_URL: BENCH_REPORTS_DATABASE_URL });
  try {
    const load = loadavg()[0];
    for (const kind of ['messages', 'contacts'] as const) {
      const r = await download(`${app.url}/api/bots/${bot.botId}/${kind}/export.csv`, session, app.pid);
      const rate = r.rows / r.seconds;
      console.log(
        `${kind}: ${r.rows.toLocaleString('en')} rows, ${(r.bytes / 1e6).toFixed(0)} MB in ${r.seconds.toFixed(1)} s = ` +
          `${Math.round(rate).toLocaleString('en')} rows/s (target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en')}: ` +
          `${rate >= TARGET_ROWS_PER_SECOND ? 'met' : 'MISSED'}); app RSS ${r.rssStart.toFixed(0)} MB before, ` +
          `peak ${r.rssPeak.toFixed(0)} MB, ${r.rssEnd.toFixed(0)} MB after`,
      );
    }
    console.log(`load average (1 min) at the start: ${load.toFixed(2)}`);
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
