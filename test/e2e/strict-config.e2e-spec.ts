import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { registerUser, uniqueEmail } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

describe('Production-like limits: private targets refused, sign-in limited per client address', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false', AUTH_RATE_LIMIT_PER_IP: '4' });
  });
  afterAll(() => ctx.close());

  it('refuses target_urls and webhook URLs on loopback or private addresses, and accepts polling', async () => {
    const { token } = await registerUser(ctx); // 2 of the 4 sign-in calls
    for (const target_url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://10.0.0.5/hook', 'http://[::1]/x']) {
      const res = await request(ctx.url)
        .post('/api/bots')
        .set('Authorization', `Bearer ${token}`)
        .send({ platform: 'telegram', name: 'x', target_url })
        .expect(400);
      expect(res.body).toEqual({ message: Messages.privateTarget });
    }
    await request(ctx.url).post('/api/bots').set('Authorization', `Bearer ${token}`).send({ platform: 'telegram', name: 'x', target_url: 'polling' }).expect(201);

    const hook = await request(ctx.url)
      .post('/api/me/webhooks')
      .set('Authorization', `Bearer ${token}`)
      .send({ url: 'http://127.0.0.1:9/hook', events: ['message.created'] })
      .expect(400);
    expect(hook.body).toEqual({ message: Messages.privateWebhookUrl });
  });

  it('answers 429 once one client address spends its sign-in budget, whatever the email', async () => {
    await request(ctx.url).post('/api/auth/login').send({ email: uniqueEmail(), password: 'wrong-pass' }).expect(401);
    await request(ctx.url).post('/api/auth/login').send({ email: uniqueEmail(), password: 'wrong-pass' }).expect(401);
    const res = await request(ctx.url).post('/api/auth/register').send({ email: uniqueEmail(), password: 'secret-1' }).expect(429);
    expect(res.body).toEqual({ message: Messages.tooManyRequests });
  });
});
