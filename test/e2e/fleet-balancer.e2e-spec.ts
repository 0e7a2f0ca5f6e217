import request from 'supertest';
import { eventually } from './support/eventually';
import { bindTelegramBot, bindTelegramProxyBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { TargetReceiver } from './support/target-receiver';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Fleet mode of the test setup itself (`E2E_INSTANCES=2`, docs/testing.md): two instances on one database
 * and Redis behind the round-robin balancer. The full suite runs in this mode only on demand
 * (`npm run test:e2e:fleet`); these few journeys run with every `npm test` so the mode cannot rot.
 */
describe('Fleet mode: the journeys through two instances behind a round-robin balancer', () => {
  let ctx: TestApp;
  let target: TargetReceiver;
  let owner: { token: string; email: string; password: string };

  beforeAll(async () => {
    ctx = await startTestApp({}, { instances: 2 });
    target = await TargetReceiver.start();
  }, 120_000);
  afterAll(async () => {
    await target.close();
    await ctx.close();
  });

  it('boots two instances on one database and alternates requests between them', async () => {
    expect(ctx.apps).toHaveLength(2);
    expect(ctx.instanceUrls).toHaveLength(2);
    expect(ctx.url).not.toBe(ctx.instanceUrls[0]);
    const before = [...ctx.balancer!.served];
    for (let i = 0; i < 4; i += 1) await request(ctx.url).get('/health').expect(200);
    expect(ctx.balancer!.served).toEqual([before[0] + 2, before[1] + 2]);
  });

  it('signs in through the balancer; the session works on each instance', async () => {
    owner = await registerUser(ctx);
    const again = await request(ctx.url).post('/api/auth/login').send(owner).expect(200);
    for (const url of ctx.instanceUrls) {
      for (const token of [owner.token, again.body.token as string]) {
        const me = await request(url).get('/api/me').set(bearer(token)).expect(200);
        expect(me.body).toMatchObject({ email: owner.email });
      }
    }
  });

  it('a bot bound through one instance is served by both; the mirror forwards and records sends on each', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    for (const url of ctx.instanceUrls) {
      const read = await request(url).get(`/api/bots/${bot.id}`).set(bearer(owner)).expect(200);
      expect(read.body).toMatchObject({ id: bot.id, platform: 'telegram' });
    }

    // Four sends through the balancer: two land on each instance.
    for (let i = 1; i <= 4; i += 1) {
      const res = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 9100, text: `send ${i}` }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, result: { chat: { id: 9100 }, text: `send ${i}` } });
    }
    expect(ctx.telegram.sentMessages(token).map((m) => m.text)).toEqual(['send 1', 'send 2', 'send 3', 'send 4']);
    await eventually(async () => {
      const out = await ctx.db.query(
        `SELECT text FROM messages WHERE bot_id = $1 AND direction = 'out' ORDER BY text`,
        [bot.id],
      );
      expect(out.rows.map((row) => row.text)).toEqual(['send 1', 'send 2', 'send 3', 'send 4']);
    });
  });

  it('proxies updates to the target through either instance and reads the same stats from each', async () => {
    const { bot, token, secret } = await bindTelegramProxyBot(ctx, owner.token, { target_url: target.url });
    target.answer = { status: 200 };
    for (let i = 1; i <= 4; i += 1) {
      const update = {
        update_id: 700 + i,
        message: {
          message_id: i,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 9200 + (i % 2), type: 'private', first_name: 'Ann' },
          from: { id: 9200 + (i % 2), is_bot: false, first_name: 'Ann' },
          text: `update ${i}`,
        },
      };
      expect(await ctx.telegram.deliverWebhook(token, update)).toMatchObject({ status: 200 });
    }
    expect(target.requests.map((req) => JSON.parse(req.body.toString('utf8')).message.text)).toEqual([
      'update 1',
      'update 2',
      'update 3',
      'update 4',
    ]);
    expect(target.requests.every((req) => req.headers['x-telegram-bot-api-secret-token'] === secret)).toBe(true);

    const key = (await issueKey(ctx, owner.token, ['read'])).key;
    await eventually(async () => {
      for (const url of ctx.instanceUrls) {
        const stats = await request(url).get(`/api/v1/bots/${bot.id}/stats`).set('X-API-Key', key).expect(200);
        expect(stats.body).toMatchObject({ contacts_total: 2, messages_total: 4, messages_in: 4, messages_out: 0 });
      }
    });
    expect(ctx.balancer!.served.every((count) => count > 5)).toBe(true);
  });
});
