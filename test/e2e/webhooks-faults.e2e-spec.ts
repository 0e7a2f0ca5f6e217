import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { AppProcess } from './support/app-process';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { freePort, waitFor } from './support/ports';
import { PrivateRedis } from './support/private-redis';
import { bearer } from './support/session';
import { SpawnedStack } from './support/spawned-stack';

/** One delivery as the subscriber saw it. */
interface Seen {
  text: string;
  webhookId: string;
}

/** A subscriber that records every delivery; while `holding`, it leaves them unanswered (a delivery in flight). */
class HoldingSubscriber {
  readonly seen: Seen[] = [];
  holding = false;
  private readonly held: ServerResponse[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<HoldingSubscriber> {
    const subscriber: HoldingSubscriber = new HoldingSubscriber(
      createServer((req: IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { text: string } };
          subscriber.seen.push({ text: body.data.text, webhookId: String(req.headers['webhook-id']) });
          if (subscriber.holding) subscriber.held.push(res);
          else res.writeHead(200).end('{}');
        });
      }),
    );
    await new Promise<void>((resolve) => subscriber.server.listen(0, '127.0.0.1', resolve));
    return subscriber;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The texts delivered so far, each once. */
  texts(): Set<string> {
    return new Set(this.seen.map((s) => s.text));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const update = (id: number) => ({
  update_id: id,
  message: {
    message_id: id,
    date: Math.floor(Date.now() / 1000),
    chat: { id: 7_001, type: 'private' },
    from: { id: 7_001, is_bot: false, first_name: 'Ann' },
    text: `update ${id}`,
  },
});

/** A bot of a new account with a message.created subscription to `url`; `post` sends an update through the proxy. */
async function subscribedBot(stack: SpawnedStack, app: AppProcess, url: string) {
  const owner = await registerUser(stack.ctx(app));
  const { bot } = await bindTelegramBot(stack.ctx(app), owner.token);
  const created = await request(app.url)
    .post('/api/me/webhooks')
    .set(bearer(owner))
    .send({ url, events: ['message.created'], bot_id: bot.id })
    .expect(201);
  const path = (bot.proxy_url as string).slice(stack.env.PUBLIC_BASE_URL.length);
  return {
    subscriptionId: created.body.id as string,
    post: async (on: AppProcess, id: number) =>
      expect((await request(on.url).post(path).send(update(id))).status).toBe(200),
  };
}

describe('Event deliveries survive a killed worker and a Redis that lost its data (outbox in PostgreSQL)', () => {
  let subscriber: HoldingSubscriber;
  beforeEach(async () => {
    subscriber = await HoldingSubscriber.start();
  });
  afterEach(async () => {
    await subscriber.close();
  });

  it('kill -9 with deliveries in flight and waiting: another instance sends every one, the repeats with the same webhook-id', async () => {
    // 20 in flight at the kill, the other 40 still waiting in the outbox; a killed instance's claims end after 2 s.
    const stack = await SpawnedStack.start({
      LOG_LEVEL: 'warn',
      WEBHOOK_SUBSCRIPTION_CONCURRENCY: '20',
      WEBHOOK_LEASE_MS: '2000',
      WEBHOOK_SWEEP_INTERVAL_MS: '200',
    });
    try {
      const first = await stack.startApp();
      const { subscriptionId, post } = await subscribedBot(stack, first, subscriber.url);
      subscriber.holding = true;
      for (let id = 1; id <= 60; id++) await post(first, id);
      await eventually(async () => expect(subscriber.seen).toHaveLength(20), 10_000);
      // Killed at once: every answered update's deliveries were committed with it, in the ingest's transaction.
      expect(await first.kill()).toEqual({ code: null, signal: 'SIGKILL' });
      const inFlight = new Map(subscriber.seen.map((s) => [s.text, s.webhookId]));
      subscriber.holding = false;

      await stack.startApp();
      const expected = Array.from({ length: 60 }, (_, i) => `update ${i + 1}`);
      await eventually(async () => expect([...subscriber.texts()].sort()).toEqual([...expected].sort()), 30_000);
      // Those in flight at the kill come again once their claims end (the waiting ones may arrive first), each with
      // the webhook-id it had (receivers drop the repeat).
      await eventually(async () => {
        for (const [text, webhookId] of inFlight) {
          const again = subscriber.seen.filter((s) => s.text === text);
          expect({ text, ids: again.map((s) => s.webhookId) }).toEqual({ text, ids: [webhookId, webhookId] });
        }
      }, 15_000);
      const db = await stack.db();
      await eventually(async () => {
        const left = await db.query(`SELECT count(*)::int AS n FROM webhook_outbox`);
        expect(left.rows[0].n).toBe(0);
        const logged = await db.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1 AND status_code = 200`,
          [subscriptionId],
        );
        expect(logged.rows[0].n).toBe(50);
      });
    } finally {
      await stack.close();
    }
  }, 120_000);

  it('Redis restarted empty with a wake-up in it: the worker instance finds the deliveries by its sweep', async () => {
    const redis = await PrivateRedis.start();
    const stack = await SpawnedStack.start({
      LOG_LEVEL: 'warn',
      REDIS_URL: redis.url,
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
    });
    try {
      const api = await stack.startApp({ PROCESS_ROLE: 'api' });
      const metricsPort = await freePort();
      const worker = await stack.startApp(
        { PROCESS_ROLE: 'worker', METRICS_PORT: String(metricsPort) },
        { waitReady: false },
      );
      await waitFor('the worker', 60_000, () =>
        fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
          (res) => res.ok,
          () => false,
        ),
      );
      const { post } = await subscribedBot(stack, api, subscriber.url);
      await post(api, 1);
      await eventually(async () => expect(subscriber.texts()).toEqual(new Set(['update 1'])), 10_000);

      // The worker is frozen while the api instance writes the deliveries and queues their wake-up; then Redis
      // restarts without its data, the wake-up with it.
      worker.signal('SIGSTOP');
      for (let id = 2; id <= 6; id++) await post(api, id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await redis.restart();
      worker.signal('SIGCONT');

      await eventually(
        async () =>
          expect([...subscriber.texts()].sort()).toEqual([
            'update 1',
            'update 2',
            'update 3',
            'update 4',
            'update 5',
            'update 6',
          ]),
        15_000,
      );
      expect(subscriber.seen).toHaveLength(6);
    } finally {
      await stack.close();
      await redis.stop();
    }
  }, 120_000);
});
