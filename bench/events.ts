/**
 * Event-delivery benchmark (issue 4): `npx ts-node bench/events.ts`.
 *
 * Starts the real app in a process of its own (fresh database, LOG_LEVEL=silent), subscribes a receiver in
 * this process to message.created, then posts BENCH_RATE (500) inbound messages per second for
 * BENCH_SECONDS (20) to the bot's proxy receiver, which answers only after the commit. For each message it
 * takes the moment the commit was acknowledged and the moment the signed delivery reached the receiver, and
 * prints p50/p95/p99 of the difference. Target: p99 ≤ 100 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'undici';
import { deleteRedisKeys, dropDatabase } from '../test/e2e/support/stores';
import { WebhookReceiver } from '../test/e2e/support/webhook-receiver';
import { bindBenchBot, postJson, startChild, stopChild } from './support/app-process';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET_P99_MS = 100;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${POSTGRES}/botlens_bench_${runId}`;
  const children: ChildProcess[] = [];
  const receiver = await WebhookReceiver.start();
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
        ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      },
      children,
    );
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const bot = await bindBenchBot(baseUrl, databaseUrl);
    await postJson(`${baseUrl}/api/me/webhooks`, { url: receiver.url, events: ['message.created'] }, bot.session);

    const pool = new Pool(baseUrl, { connections: 64 });
    const committedAt = new Map<string, number>();
    const total = RATE * SECONDS;
    const started = Date.now();
    const posts: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const text = `m${i}`;
      const userId = 1000 + (i % 500);
      const update = { update_id: i + 1, message: { message_id: i + 1, from: { id: userId, is_bot: false, first_name: 'U' }, chat: { id: userId, type: 'private' }, date: Math.floor(Date.now() / 1000), text } };
      posts.push(
        pool
          .request({ method: 'POST', path: bot.proxyPath, headers: { 'content-type': 'application/json' }, body: JSON.stringify(update) })
          .then(async (res) => {
            await res.body.dump();
            if (res.statusCode === 200) committedAt.set(text, now());
          }),
      );
    }
    await Promise.all(posts);
    const sendSeconds = (Date.now() - started) / 1000;
    await receiver.waitForCount(committedAt.size, 60_000);
    await pool.close();

    const deliveredAt = new Map(receiver.requests.map((r) => [JSON.parse(r.body).data.text as string, r.at]));
    const latencies = [...committedAt].map(([text, at]) => deliveredAt.get(text)! - at).sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    console.log(`messages: ${total} posted at ${(total / sendSeconds).toFixed(0)}/s, committed ${committedAt.size}, delivered ${deliveredAt.size}`);
    console.log(
      `commit → delivery ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  ` +
        `p99 ${p99.toFixed(1)}  max ${latencies[latencies.length - 1].toFixed(1)}  ${p99 <= TARGET_P99_MS ? 'PASS' : 'MISS'} (target p99 ≤ ${TARGET_P99_MS} ms)`,
    );
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await receiver.close();
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, `botlens_bench_${runId}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
