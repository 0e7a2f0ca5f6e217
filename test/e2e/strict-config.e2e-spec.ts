import request from 'supertest';
import { BotRegistry } from '../../src/bots/bot-registry';
import { Messages } from '../../src/common/messages';
import { eventually } from './support/eventually';
import { bindTelegramProxyBot, registerUser, uniqueEmail } from './support/factories';
import { TargetReceiver } from './support/target-receiver';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bearer } from './support/session';

/** Accepted when saved: a literal public address needs no DNS. */
const PUBLIC_URL = 'https://8.8.8.8/hook';

describe('Production-like limits: private targets refused, sign-in limited per client address', () => {
  let ctx: TestApp;
  let token: string;
  let updateIds = 9000;
  const textUpdate = (userId: number, text: string) => ({
    update_id: ++updateIds,
    message: {
      message_id: updateIds,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: 'private' },
      from: { id: userId, is_bot: false, first_name: 'Ann' },
      text,
    },
  });
  /** Loopback URLs standing for a name that resolves privately by the time of delivery, and for a literal address. */
  const loopbackUrls = (url: string) => ({ byName: url.replace('127.0.0.1', 'localhost'), byAddress: url });

  beforeAll(async () => {
    ctx = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false', AUTH_RATE_LIMIT_PER_IP: '4' });
    ({ token } = await registerUser(ctx)); // 2 of the 4 sign-in calls
  });
  afterAll(() => ctx.close());

  it('refuses target_urls and webhook URLs on loopback or private addresses, and accepts polling', async () => {
    for (const target_url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/x',
    ]) {
      const res = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(token))
        .send({ platform: 'telegram', name: 'x', target_url })
        .expect(400);
      expect(res.body).toEqual({ message: Messages.privateTarget });
    }
    await request(ctx.url)
      .post('/api/bots')
      .set(bearer(token))
      .send({ platform: 'telegram', name: 'x', target_url: 'polling' })
      .expect(201);

    const hook = await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(token))
      .send({ url: 'http://127.0.0.1:9/hook', events: ['message.created'] })
      .expect(400);
    expect(hook.body).toEqual({ message: Messages.privateWebhookUrl });
  });

  it('refuses a target_url that leads to loopback at delivery time, though it was accepted when saved', async () => {
    const target = await TargetReceiver.start();
    try {
      for (const targetUrl of Object.values(loopbackUrls(target.url))) {
        const { bot, token: botToken } = await bindTelegramProxyBot(ctx, token, { target_url: PUBLIC_URL });
        // What DNS rebinding does: the saved name now leads into the service's own network.
        await ctx.db.query(`UPDATE bots SET target_url = $2 WHERE id = $1`, [bot.id, targetUrl]);
        ctx.apps.forEach((app) => app.get(BotRegistry).invalidate(bot.id));

        const delivery = await ctx.telegram.deliverWebhook(botToken, textUpdate(1, 'hi'));
        expect(delivery).toMatchObject({ status: 200, body: '' });
        const row = await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(token)).expect(200);
        expect(row.body).toMatchObject({
          last_forward_error: Messages.privateTarget,
          last_forward_at: expect.any(String),
        });
      }
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a subscriber URL that leads to loopback at delivery time, and records the refusal', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      for (const url of Object.values(loopbackUrls(receiver.url))) {
        const created = await request(ctx.url)
          .post('/api/me/webhooks')
          .set(bearer(token))
          .send({ url: PUBLIC_URL, events: ['message.created', 'test.ping'] })
          .expect(201);
        const subscriptionId = created.body.id as string;
        await ctx.db.query(`UPDATE webhook_subscriptions SET url = $2 WHERE id = $1`, [subscriptionId, url]);

        const ping = await request(ctx.url)
          .post(`/api/me/webhooks/${subscriptionId}/test`)
          .set(bearer(token))
          .expect(200);
        expect(ping.body).toMatchObject({ event: 'test.ping', status_code: null, error: 'EPRIVATEADDRESS' });

        const { token: botToken } = await bindTelegramProxyBot(ctx, token);
        await ctx.telegram.deliverWebhook(botToken, textUpdate(2, 'queued event'));
        await eventually(async () => {
          const deliveries = await request(ctx.url)
            .get(`/api/me/webhooks/${subscriptionId}/deliveries`)
            .set(bearer(token))
            .expect(200);
          expect(deliveries.body).toEqual([
            expect.objectContaining({ event: 'message.created', status_code: null, error: 'EPRIVATEADDRESS' }),
            expect.objectContaining({ event: 'test.ping', status_code: null, error: 'EPRIVATEADDRESS' }),
          ]);
        });
        await request(ctx.url).delete(`/api/me/webhooks/${subscriptionId}`).set(bearer(token)).expect(204);
      }
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('answers 429 once one client address spends its sign-in budget, whatever the email', async () => {
    await request(ctx.url).post('/api/auth/login').send({ email: uniqueEmail(), password: 'wrong-pass' }).expect(401);
    await request(ctx.url).post('/api/auth/login').send({ email: uniqueEmail(), password: 'wrong-pass' }).expect(401);
    const res = await request(ctx.url)
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: 'secret-1' })
      .expect(429);
    expect(res.body).toEqual({ message: Messages.tooManyRequests });
  });
});
