/**
 * Broadcast benchmark (issue 4, "Tests and benchmarks"): `npx ts-node bench/broadcast.ts [--contacts=5000] [--latency=100] [--jitter=20]`.
 *
 * Starts the real app in a process of its own on a fresh database (LOG_LEVEL=silent) against the test
 * suite's FakeTelegram, also in a process of its own, answering every call after `latency` ms; brings
 * CONTACTS contacts in through the real mirror (getUpdates), then times one `POST /api/v1/bots/{id}/broadcast`. Prints the duration
 * (target ≤ 172 s for 5,000), the most sends the platform received in any one-second window (must be
 * ≤ 30), the counts, and checks that every contact got exactly one message.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { request } from 'undici';
import { SmtpCatcher } from '../test/fakes';
import { issueKey, registerUser, telegramToken } from '../test/e2e/support/factories';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import type { TestApp } from '../test/e2e/support/test-app';
import type { PlatformCall, PlatformReport } from './broadcast/platform-process';
import { argument, startAppProcess } from './support/app-process';

const CONTACTS = Number(argument('contacts') ?? 5000);
const LATENCY_MS = Number(argument('latency') ?? 100);
/** Each call reaches the platform 0–JITTER ms after it left (issue 17 measures pacing with 0–20 ms). */
const JITTER_MS = Number(argument('jitter') ?? 20);
/** ≥ 97% of the 30/s limit (issue 17): 5,000 sends in ≤ 172 s. */
const TARGET_S = 172 * (CONTACTS / 5000);
const RATE_LIMIT = 30;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Plain transpiling loader for the child processes (see bench/mirror/transpile.js). */
const TRANSPILE = join(__dirname, 'mirror', 'transpile.js');

async function main(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/botlens_bench_broadcast_${runId}`;
  const redisKeyPrefix = `botlens_bench_broadcast_${runId}`;
  const [platform, smtp] = await Promise.all([startPlatform(), SmtpCatcher.start()]);
  const app = await startAppProcess({
    DATABASE_URL: databaseUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    TELEGRAM_API_URL: platform.url,
    SMTP_URL: smtp.url,
  });
  const db = new Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    // The test factories need only the address and the mail catcher.
    const ctx = { url: app.url, smtp } as unknown as TestApp;
    const owner = await registerUser(ctx);
    // Uncapped, so all the contacts and every sent message are recorded (the free plan stops at FREE_PLAN_MESSAGE_CAP).
    await db.query(`UPDATE users SET tariff = 'business' WHERE id = $1`, [owner.user.id]);
    const key = (await issueKey(ctx, owner.token, ['write'])).key;
    const { token, id } = telegramToken();
    await platform.call({ call: 'addBot', args: { token, id } });
    const bound = await request(`${app.url}/api/bots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ platform: 'telegram', name: 'Bench bot', token }),
    });
    const bot = (await bound.body.json()) as { id: string };
    await bringContacts(app.url, platform, token, db, bot.id);

    await platform.call({ call: 'setLatency', args: { ms: LATENCY_MS } });
    await platform.call({ call: 'setJitter', args: { ms: JITTER_MS } });
    console.error(
      `… broadcasting to ${CONTACTS} contacts, platform latency ${LATENCY_MS} ms, network jitter 0–${JITTER_MS} ms`,
    );
    const loadBefore = loadavg()[0];
    const started = Date.now();
    const t0 = performance.now();
    const response = await request(`${app.url}/api/v1/bots/${bot.id}/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ text: 'Benchmark broadcast' }),
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const answer = (await response.body.json()) as Record<string, unknown>;
    const seconds = (performance.now() - t0) / 1000;

    const seen = (await platform.call({ call: 'report', args: { token, since: started } })) as PlatformReport;
    const exactlyOnce = seen.chats === CONTACTS && seen.chatsWithOneMessage === CONTACTS;
    const stored = (
      await db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'out'`, [bot.id])
    ).rows[0].n;

    console.log(`status ${response.statusCode}: ${JSON.stringify(answer)}`);
    // Arrival times on a shared 2-core machine carry its scheduling delays: say how busy it was.
    console.log(`1-minute load average            ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
    console.log(
      `duration                         ${seconds.toFixed(1)} s (target ≤ ${TARGET_S.toFixed(0)} s) ${seconds <= TARGET_S ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `max sends in any 1-second window ${seen.maxSendsPerSecond} (limit ${RATE_LIMIT}) ${seen.maxSendsPerSecond <= RATE_LIMIT ? 'OK' : 'MISSED'}`,
    );
    console.log(`tightest 31 arrivals span        ${seen.tightest31} ms (31 within 1000 ms would break the limit)`);
    console.log(`tightest 31 sends, before jitter ${seen.tightest31Sent} ms (how evenly Botlens sent)`);
    console.log(
      `average rate                     ${(seen.sends / seconds).toFixed(2)} sends/s over ${seen.sends} sends`,
    );
    console.log(
      `sent_count / failed_count        ${answer.sent_count} / ${answer.failed_count} of ${answer.total_count}`,
    );
    console.log(`every contact got exactly one    ${exactlyOnce ? 'yes' : 'NO'}; stored out messages: ${stored}`);
    if (seen.maxSendsPerSecond > RATE_LIMIT)
      console.log(`densest window (ms between arrivals): ${seen.densestGaps.join(' ')}`);
    if (seconds > TARGET_S || seen.maxSendsPerSecond > RATE_LIMIT || !exactlyOnce || answer.sent_count !== CONTACTS)
      process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await app.stop();
    await Promise.all([platform.stop(), smtp.close()]);
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, redisKeyPrefix);
  }
}

/** Contacts arrive the way a mirrored bot brings them: updates read through `/tg/bot<token>/getUpdates`. */
async function bringContacts(
  appUrl: string,
  platform: Platform,
  token: string,
  db: Client,
  botId: string,
): Promise<void> {
  console.error(`… ${CONTACTS} contacts through the mirror`);
  await platform.call({
    call: 'queueStarts',
    args: { token, userIds: Array.from({ length: CONTACTS }, (_, i) => 1_000_000 + i) },
  });
  let offset = 0;
  while ((await platform.call({ call: 'pending', args: { token } })) !== 0) {
    const res = await request(`${appUrl}/tg/bot${token}/getUpdates?offset=${offset}&limit=100`);
    const { result } = (await res.body.json()) as { result: Array<{ update_id: number }> };
    if (!result.length) break;
    offset = result[result.length - 1].update_id + 1;
  }
  for (let waited = 0; ; waited += 200) {
    const n = (await db.query(`SELECT count(*)::int AS n FROM contacts WHERE bot_id = $1`, [botId])).rows[0].n;
    if (n === CONTACTS) return;
    if (waited > 60_000) throw new Error(`only ${n} of ${CONTACTS} contacts were recorded`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Platform {
  url: string;
  call(message: PlatformCall): Promise<unknown>;
  stop(): Promise<void>;
}

async function startPlatform(): Promise<Platform> {
  const child = fork(join(__dirname, 'broadcast', 'platform-process.ts'), [], {
    execArgv: ['-r', TRANSPILE],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // The real platform is another machine: its clock is not late because our CPU is busy. Here it shares
  // the two cores with the app, PostgreSQL and Redis, so it gets scheduled first (needs root; else noted).
  try {
    setPriority(child.pid!, -10);
  } catch {
    console.error('… could not raise the priority of the fake platform: its arrival times carry more scheduling delay');
  }
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { ready?: string; id?: number; result?: unknown }) => {
      if (message.ready) return resolve(message.ready);
      pending.get(message.id!)?.(message.result);
      pending.delete(message.id!);
    });
    child.once('exit', (code) => reject(new Error(`the fake platform exited with code ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    call: (message) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        child.send({ id, ...message });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
