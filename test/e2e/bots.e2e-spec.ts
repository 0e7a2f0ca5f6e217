import request from 'supertest';
import { Messages } from '../../src/common/messages';
import {
  bindTelegramBot,
  issueKey,
  login,
  maxToken,
  registerUnconfirmed,
  registerUser,
  telegramToken,
} from './support/factories';
import { ADMIN, startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

describe('Bots: binding against the platforms (contract §3)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
  });
  afterAll(() => ctx.close());

  it('binds a Telegram bot checked with getMe and shows the contract bot object', async () => {
    const { token, id } = telegramToken();
    ctx.telegram.addBot({ token, id, username: 'shop_bot', first_name: 'Shop' });
    const res = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'Shop', token, utm_key: 'source' })
      .expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Shop',
      platform: 'telegram',
      username: 'shop_bot',
      avatar_url: null,
      has_token: true,
      active: true,
      mode: 'mirror',
      target_url: null,
      utm_key: 'source',
      proxy_url: expect.stringMatching(new RegExp(`^https://botlens\\.test/proxy/${res.body.id}/[0-9A-Za-z]{32}$`)),
      mirror_url: 'https://botlens.test/tg',
      last_forward_error: null,
      last_forward_at: null,
      reply_window_s: 300,
      alerts: {
        silence: true,
        silence_messages: 3,
        silence_minutes: 10,
        errors: true,
        error_share: 0.2,
        target: true,
        polling: true,
        polling_minutes: 5,
      },
      open_alerts: [],
      created_at: expect.any(String),
    });
    expect(ctx.telegram.callsOf('getme').some((call) => call.token === token)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(token);

    const stored = await ctx.db.query(`SELECT * FROM bots WHERE id = $1`, [res.body.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(token.split(':')[1]);
    expect(stored.rows[0].platform_bot_id).toBe(String(id));
  });

  it('binds a MAX bot checked with GET /me, with its avatar', async () => {
    const { token, id } = maxToken();
    ctx.max.addBot({
      token,
      user_id: id,
      first_name: 'Support',
      username: 'support_bot',
      avatar_url: 'https://max.example/a.png',
    });
    const res = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'max', name: 'Support', token })
      .expect(201);
    expect(res.body).toMatchObject({
      platform: 'max',
      username: 'support_bot',
      avatar_url: 'https://max.example/a.png',
      mirror_url: 'https://botlens.test/max',
      mode: 'mirror',
      utm_key: 'utm_source',
    });
    expect(ctx.max.callsOf('GET', '/me').some((call) => call.token === token)).toBe(true);
  });

  it('binds without a token in analytics-only mode, and with a target_url in proxy mode', async () => {
    const bare = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'max', name: 'Stats only' })
      .expect(201);
    expect(bare.body).toMatchObject({ has_token: false, mode: 'analytics_only', username: null });

    const { bot } = await bindTelegramBot(ctx, owner.token, { target_url: 'http://127.0.0.1:9/hook' });
    expect(bot).toMatchObject({ mode: 'proxy', target_url: 'http://127.0.0.1:9/hook' });
  });

  it('PATCH sets the reply window and alert rules (issue 27), keeping the rules it was not given', async () => {
    const { bot } = await bindTelegramBot(ctx, owner.token);
    const changed = await request(ctx.url)
      .patch(`/api/bots/${bot.id}`)
      .set(bearer(owner))
      .send({ reply_window_s: 60, alerts: { silence_minutes: 3, polling: false } })
      .expect(200);
    expect(changed.body).toMatchObject({
      reply_window_s: 60,
      alerts: { silence: true, silence_messages: 3, silence_minutes: 3, polling: false, polling_minutes: 5 },
    });
    const again = await request(ctx.url)
      .patch(`/api/bots/${bot.id}`)
      .set(bearer(owner))
      .send({ alerts: { error_share: 0.5 } })
      .expect(200);
    expect(again.body.alerts).toMatchObject({ silence_minutes: 3, polling: false, error_share: 0.5 });

    for (const [body, message] of [
      [{ reply_window_s: 9 }, 'reply_window_s must be an integer from 10 to 86400'],
      [{ reply_window_s: 86401 }, 'reply_window_s must be an integer from 10 to 86400'],
      [{ alerts: { silence_minutes: 1441 } }, 'alerts.silence_minutes must be an integer from 1 to 1440'],
      [{ alerts: { error_share: 0 } }, 'alerts.error_share must be a number from 0.01 to 1'],
      [{ alerts: { silence: 'yes' } }, 'alerts.silence must be a boolean'],
    ] as const) {
      const res = await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send(body).expect(400);
      expect(res.body).toEqual({ message });
    }
  });

  it('answers 400 "Неверный токен бота" when the platform refuses the token', async () => {
    const tg = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'x', token: telegramToken().token })
      .expect(400);
    expect(tg.body).toEqual({ message: Messages.badBotToken });
    const max = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'max', name: 'x', token: 'unknown-max-token' })
      .expect(400);
    expect(max.body).toEqual({ message: Messages.badBotToken });
  });

  it('answers 409 for a token already bound on that platform, for the same or another user', async () => {
    const { token } = await bindTelegramBot(ctx, owner.token);
    const again = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'dup', token })
      .expect(409);
    expect(again.body).toEqual({ message: Messages.botTokenTaken });
    const other = await registerUser(ctx);
    const theirs = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(other))
      .send({ platform: 'telegram', name: 'dup', token })
      .expect(409);
    expect(theirs.body).toEqual({ message: Messages.botTokenTaken });
  });

  it('answers 409 for a new token of a bot id that is already bound', async () => {
    const { platformId } = await bindTelegramBot(ctx, owner.token);
    const rotated = `${platformId}:AA${'z'.repeat(30)}`;
    ctx.telegram.addBot({ token: rotated, id: platformId, username: 'rotated_bot', first_name: 'Rotated' });
    const res = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'r', token: rotated })
      .expect(409);
    expect(res.body).toEqual({ message: Messages.botTokenTaken });
  });

  it('refuses unconfirmed users with 403 "Подтвердите email" and admins with 403 "Admins cannot create bots"', async () => {
    const { email, password } = await registerUnconfirmed(ctx);
    const unconfirmed = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(await login(ctx, email, password)))
      .send({ platform: 'telegram', name: 'x' })
      .expect(403);
    expect(unconfirmed.body).toEqual({ message: Messages.confirmEmail });

    const admin = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(await login(ctx, ADMIN.email, ADMIN.password)))
      .send({ platform: 'telegram', name: 'x' })
      .expect(403);
    expect(admin.body).toEqual({ message: Messages.adminsCannotCreateBots });
  });

  it.each([
    [{ platform: 'viber', name: 'x' }, 'platform must be telegram or max'],
    [{ platform: 'telegram', name: '' }, 'name must be 1 to 100 characters'],
    [
      { platform: 'telegram', name: 'x', target_url: 'ftp://x' },
      'target_url must be an http:// or https:// URL or "polling"',
    ],
    [
      { platform: 'telegram', name: 'x', utm_key: 'utm source' },
      'utm_key must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -',
    ],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await request(ctx.url).post('/api/bots').set(bearer(owner)).send(body).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('allows 20 bots per user and answers the 21st with 429', async () => {
    const user = await registerUser(ctx);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(ctx.url)
          .post('/api/bots')
          .set(bearer(user))
          .send({ platform: 'max', name: `b${i}` })
          .expect(201),
      ),
    );
    const res = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(user))
      .send({ platform: 'max', name: 'one too many' })
      .expect(429);
    expect(res.body).toEqual({ message: Messages.botLimit });
  });

  it('answers 404 "Bot not found" for another user\'s bot on every route', async () => {
    const { bot } = await bindTelegramBot(ctx, owner.token);
    const stranger = await registerUser(ctx);
    const key = await issueKey(ctx, stranger.token, ['read']);
    const answers = await Promise.all([
      request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(stranger)),
      request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(stranger)).send({ name: 'mine now' }),
      request(ctx.url).delete(`/api/bots/${bot.id}`).set(bearer(stranger)),
      request(ctx.url).get(`/api/v1/bots/${bot.id}`).set('X-API-Key', key.key),
      request(ctx.url).get(`/api/bots/not-a-uuid`).set(bearer(stranger)),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: Messages.botNotFound });
    }
    const still = await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(owner)).expect(200);
    expect(still.body.name).toBe('My Telegram bot');
  });

  it('updates name, utm_key, target_url and token, deactivates and reactivates', async () => {
    const { bot } = await bindTelegramBot(ctx, owner.token);
    const patch = (body: object) =>
      request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send(body).expect(200);

    expect((await patch({ name: 'Renamed', utm_key: 'src', target_url: 'polling' })).body).toMatchObject({
      name: 'Renamed',
      utm_key: 'src',
      target_url: 'polling',
      mode: 'proxy',
    });
    expect((await patch({ active: false })).body.active).toBe(false);
    expect((await patch({ active: true, target_url: null })).body).toMatchObject({ active: true, mode: 'mirror' });
    expect((await patch({ token: null })).body).toMatchObject({ has_token: false, mode: 'analytics_only' });

    const { token, id } = telegramToken();
    ctx.telegram.addBot({ token, id, username: 'fresh_bot', first_name: 'Fresh' });
    expect((await patch({ token })).body).toMatchObject({ has_token: true, username: 'fresh_bot' });
  });

  it('deleting a bot hides it and frees its token for binding again', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    await request(ctx.url).delete(`/api/bots/${bot.id}`).set(bearer(owner)).expect(204);
    await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(owner)).expect(404);
    const list = await request(ctx.url).get('/api/bots').set(bearer(owner)).expect(200);
    expect(list.body.data.map((b: { id: string }) => b.id)).not.toContain(bot.id);
    const stored = await ctx.db.query(`SELECT active, deleted_at FROM bots WHERE id = $1`, [bot.id]);
    expect(stored.rows[0]).toMatchObject({ active: false, deleted_at: expect.any(Date) });
    await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'again', token })
      .expect(201);
  });

  it('lists bots in the open API with scope read', async () => {
    const user = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, user.token);
    const key = await issueKey(ctx, user.token, ['read']);
    const res = await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(200);
    expect(res.body).toEqual({
      data: [
        {
          id: bot.id,
          name: 'My Telegram bot',
          platform: 'telegram',
          username: bot.username,
          active: true,
          created_at: bot.created_at,
        },
      ],
    });
  });

  it('answers 502 "telegram <status>" with the platform answer when getMe fails on the platform side', async () => {
    const { token, id } = telegramToken();
    ctx.telegram.addBot({ token, id, username: 'flaky_bot', first_name: 'Flaky' });
    ctx.telegram.failNext('getme', { error_code: 500, description: 'Internal Server Error' });
    const res = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'f', token })
      .expect(502);
    expect(res.body).toEqual({
      message: 'telegram 500',
      provider: { ok: false, error_code: 500, description: 'Internal Server Error' },
    });
  });

  // Last: it stops the fake MAX platform.
  it('answers 502 "max ECONNREFUSED" when the platform cannot be reached', async () => {
    await ctx.max.close();
    const res = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'max', name: 'down', token: maxToken().token })
      .expect(502);
    expect(res.body).toEqual({ message: 'max ECONNREFUSED' });
  });
});
