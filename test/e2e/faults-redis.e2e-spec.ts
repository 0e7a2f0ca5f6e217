import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { eventually } from './support/eventually';
import { bindTelegramBot, login, registerUser, uniqueEmail } from './support/factories';
import { PrivateRedis } from './support/private-redis';
import { SpawnedApp, startSpawnedApp } from './support/spawned-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bearer } from './support/session';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Redis restarted under the running service (every key lost)', () => {
  let redis: PrivateRedis;
  let app: SpawnedApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    receiver = await WebhookReceiver.start();
    app = await startSpawnedApp({ redis, env: { LOG_LEVEL: 'warn' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await redis?.stop();
  });

  it('the process lives, no client prints "Unhandled error event", and rate limits, mail and event queues work again', async () => {
    const owner = await registerUser(app);
    const { bot, token } = await bindTelegramBot(app, owner.token);
    await request(app.url)
      .post('/api/me/webhooks')
      .set(bearer(owner))
      .send({ url: receiver.url, events: ['message.created'], bot_id: bot.id })
      .expect(201);
    const proxyUrl = String(bot.proxy_url).replace(app.config.publicBaseUrl, app.url);
    const deliver = (updateId: number) =>
      request(proxyUrl)
        .post('')
        .send({
          update_id: updateId,
          message: {
            message_id: updateId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: 9_001, type: 'private' },
            from: { id: 9_001, is_bot: false, first_name: 'Ann' },
            text: `update ${updateId}`,
          },
        });
    expect((await deliver(1)).status).toBe(200);
    await receiver.waitForCount(1);

    await redis.stop();
    // A request that waits on Redis fails fast instead of hanging: the sign-in rate limit cannot be counted.
    const started = Date.now();
    const refused = await request(app.url)
      .post('/api/auth/login')
      .send({ email: owner.email, password: owner.password });
    expect([refused.status, refused.body]).toEqual([503, { message: Messages.unavailable }]);
    expect(Date.now() - started).toBeLessThan(5000);
    // The mirror needs no Redis.
    const mirrored = await fetch(`${app.url}/tg/bot${token}/getMe`);
    expect(mirrored.status).toBe(200);
    await sleep(3000);
    await redis.resume();

    // Everything Redis carries works again by itself.
    await eventually(async () => expect(await login(app, owner.email, owner.password)).toMatch(/^bls_/), 15_000, 250);
    const mailsBefore = app.smtp.messages.length;
    const email = uniqueEmail('after-restart');
    await request(app.url).post('/api/auth/register').send({ email, password: 'secret-password' }).expect(201);
    await app.smtp.waitFor((mail) => mail.to.includes(email) && app.smtp.messages.indexOf(mail) >= mailsBefore);
    expect((await deliver(2)).status).toBe(200);
    await receiver.waitForCount(2, 15_000);
    expect(JSON.parse(receiver.requests[1].body).data.text).toBe('update 2');

    expect(app.process.alive).toBe(true);
    expect(app.process.logs).not.toContain('Unhandled error event');
    expect(app.process.logs).toMatch(/"msg":"Redis[^"]*: [^"]*reconnecting/);
  }, 120_000);
});
