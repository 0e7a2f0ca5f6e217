import request from 'supertest';
import { messagesPerChat } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import type { AppProcess } from './support/app-process';
import { PrivateRedis } from './support/private-redis';
import { SpawnedStack } from './support/spawned-stack';
import { bearer } from './support/session';

const CONTACTS = 300;
const INTERRUPTED = 'interrupted while sending: delivery unknown';

describe('A broadcast survives a Redis restart that lost every key (the built app as a process of its own)', () => {
  let redis: PrivateRedis;
  let stack: SpawnedStack;
  let app: AppProcess;
  let owner: { token: string };
  let nextUserId = 7000;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    stack = await SpawnedStack.start({
      REDIS_URL: redis.url,
      // 300 recipients at 60/s take five seconds; the outage starts after the first 100, mid-broadcast.
      BROADCAST_RATE_PER_SECOND: '60',
      BROADCAST_RECOVERY_INTERVAL_MS: '500',
      BROADCAST_LOCK_DURATION_MS: '2000',
      BROADCAST_STALLED_INTERVAL_MS: '1000',
      // Both cases' messages are recorded on one free account.
      FREE_PLAN_MESSAGE_CAP: '100000',
    });
    app = await stack.startApp();
    owner = await registerUser(stack.ctx(app));
  });
  afterAll(async () => {
    await stack.close();
    await redis.stop();
  });
  afterEach(() => {
    stack.telegram.latencyMs = 0;
  });

  /** A bot whose CONTACTS contacts wrote to it, read by the bot through the mirror. */
  async function botWithContacts() {
    const { bot, token } = await bindTelegramBot(stack.ctx(app), owner.token);
    for (let i = 0; i < CONTACTS; i++) stack.telegram.message(token, { from: { id: nextUserId++ }, text: '/start' });
    for (let offset = 0; ;) {
      const page = await request(app.url).get(`/tg/bot${token}/getUpdates`).query({ offset, limit: 100 }).expect(200);
      if (!page.body.result.length) break;
      offset = page.body.result.at(-1).update_id + 1;
    }
    const db = await stack.db();
    await eventually(async () => {
      expect((await db.query(`SELECT count(*)::int AS n FROM contacts WHERE bot_id = $1`, [bot.id])).rows[0].n).toBe(
        CONTACTS,
      );
    });
    return { bot, token };
  }

  it.each([
    // The run goes on through the restart (its Redis calls wait for the reconnect) while its job is gone:
    // the recovery re-queues it, and the lease keeps the second run from starting beside the first.
    ['restarted at once; the run survives it', () => redis.restart()],
    // Down longer than the pacer's Redis calls wait: the run stops, its job is gone, the recovery queues it again.
    [
      'down for two seconds; the run stops',
      async () => {
        await redis.stop();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await redis.resume();
      },
    ],
  ])(
    'Redis %s: the broadcast finishes, nobody gets it twice, sent + failed = total, at most the send in flight counted failed',
    async (_outage, outage) => {
      const { bot, token } = await botWithContacts();
      // Each send takes a while, so a few are in flight at any moment.
      stack.telegram.latencyMs = 150;
      const created = await request(app.url)
        .post(`/api/bots/${bot.id}/broadcasts`)
        .set(bearer(owner))
        .send({ text: 'one copy each' });
      expect(created.status).toBe(201);
      await eventually(() => expect(stack.telegram.sentMessages(token).length).toBeGreaterThanOrEqual(100), 20_000);
      await outage();
      expect(stack.telegram.sentMessages(token).length).toBeLessThan(CONTACTS - 50);

      const db = await stack.db();
      const broadcast = await eventually(
        async () => {
          const row = (
            await db.query(`SELECT status, total_count, sent_count, failed_count FROM broadcasts WHERE id = $1`, [
              created.body.id,
            ])
          ).rows[0];
          expect(row.status).toBe('done');
          return row;
        },
        60_000,
        200,
      );
      const perChat = messagesPerChat(stack.telegram.sentMessages(token));
      expect(Math.max(...perChat.values())).toBe(1);
      expect(broadcast.total_count).toBe(CONTACTS);
      expect(broadcast.sent_count + broadcast.failed_count).toBe(CONTACTS);
      expect(broadcast.failed_count).toBeLessThanOrEqual(1);
      // Everyone counted sent got it, and those counted failed were the sends in flight, whose delivery is unknown.
      expect(perChat.size).toBe(broadcast.sent_count);
      const failed = await db.query(
        `SELECT error FROM broadcast_recipients WHERE broadcast_id = $1 AND status = 'failed'`,
        [created.body.id],
      );
      expect(failed.rows).toEqual(Array.from({ length: broadcast.failed_count }, () => ({ error: INTERRUPTED })));
      const stored = await db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'out'`, [
        bot.id,
      ]);
      expect(stored.rows[0].n).toBe(broadcast.sent_count);
      expect(app.alive).toBe(true);
    },
    120_000,
  );
});
