/**
 * Event-delivery benchmark (issue 4): `npx ts-node -T bench/events.ts`.
 *
 * Boots the real app in this process (fresh database, real Redis, fake platforms), subscribes one
 * receiver on loopback to message.created, then feeds BENCH_RATE (500) inbound messages per second
 * for BENCH_SECONDS (20) through the real ingest. For each message it takes the moment its commit
 * resolved and the moment the signed delivery reached the receiver, and prints p50/p95/p99 of the
 * difference. Target: p99 ≤ 100 ms.
 */
import request from 'supertest';
import { CaptureBot, CaptureService } from '../src/ingest/capture.service';
import { bindTelegramBot, registerUser } from '../test/e2e/support/factories';
import { startTestApp } from '../test/e2e/support/test-app';
import { WebhookReceiver } from '../test/e2e/support/webhook-receiver';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET_P99_MS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const ctx = await startTestApp();
  const receiver = await WebhookReceiver.start();
  try {
    const owner = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, owner.token);
    await request(ctx.url)
      .post('/api/me/webhooks')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ url: receiver.url, events: ['message.created'] })
      .expect(201);
    const capture = ctx.app.get(CaptureService);
    const target: CaptureBot = { id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };

    const committedAt = new Map<string, number>();
    const deliveredAt = new Map<string, number>();
    const received = receiver.requests;
    let seen = 0;
    const collect = setInterval(() => {
      for (; seen < received.length; seen++) {
        const text = JSON.parse(received[seen].body).data.text as string;
        deliveredAt.set(text, received[seen].at);
      }
    }, 5);

    const total = RATE * SECONDS;
    const started = Date.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const text = `m${i}`;
      const update = {
        update_id: i + 1,
        message: { message_id: i + 1, from: { id: 1000 + (i % 500), is_bot: false, first_name: 'U' }, chat: { id: 1000 + (i % 500), type: 'private' }, date: Math.floor(Date.now() / 1000), text },
      };
      writes.push(capture.inboundUpdates(target, [update]).then(() => void committedAt.set(text, performance.timeOrigin + performance.now())));
    }
    await Promise.all(writes);
    const sendSeconds = (Date.now() - started) / 1000;
    await receiver.waitForCount(total, 60_000);
    clearInterval(collect);
    for (; seen < received.length; seen++) deliveredAt.set(JSON.parse(received[seen].body).data.text, received[seen].at);

    const latencies = [...committedAt].map(([text, at]) => deliveredAt.get(text)! - at).sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    console.log(`messages: ${total} at ${(total / sendSeconds).toFixed(0)}/s, delivered: ${deliveredAt.size}`);
    console.log(
      `commit → delivery ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  ` +
        `p99 ${p99.toFixed(1)}  max ${latencies[latencies.length - 1].toFixed(1)}  ${p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'} (target p99 ≤ ${TARGET_P99_MS} ms)`,
    );
  } finally {
    await receiver.close();
    await ctx.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
