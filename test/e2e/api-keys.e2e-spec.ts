import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { bindTelegramBot, issueKey, registerUnconfirmed, registerUser } from './support/factories';
import { ScopeProbeModule } from './support/scope-probe.module';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

describe('API keys and the open-API authentication table (spec: Authentication)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };

  beforeAll(async () => {
    ctx = await startTestApp({}, { extraModules: [ScopeProbeModule] });
    owner = await registerUser(ctx);
  });
  afterAll(() => ctx.close());

  it('issues a blk_ key shown once, lists keys without it, and stores only its hash', async () => {
    const created = await request(ctx.url)
      .post('/api/me/api-keys')
      .set(bearer(owner))
      .send({ name: 'CRM', scopes: ['read', 'write'], expires_at: '2099-01-01T00:00:00Z' })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'CRM',
      key: expect.stringMatching(/^blk_[0-9A-Za-z]{32,}$/),
      scopes: ['read', 'write'],
      expires_at: '2099-01-01T00:00:00.000Z',
      created_at: expect.any(String),
    });

    const list = await request(ctx.url).get('/api/me/api-keys').set(bearer(owner)).expect(200);
    const listed = list.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(listed).toMatchObject({ name: 'CRM', status: 'active', scopes: ['read', 'write'], revoked_at: null });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);

    const stored = await ctx.db.query(`SELECT * FROM api_keys WHERE id = $1`, [created.body.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(created.body.key);
  });

  it('refuses keys to an unconfirmed account with 403 "Подтвердите email"', async () => {
    const { email, password } = await registerUnconfirmed(ctx);
    const session = (await request(ctx.url).post('/api/auth/login').send({ email, password })).body.token;
    const res = await request(ctx.url)
      .post('/api/me/api-keys')
      .set(bearer(session))
      .send({ name: 'x', scopes: ['read'] })
      .expect(403);
    expect(res.body).toEqual({ message: Messages.confirmEmail });
  });

  it.each([
    [{ name: 'x', scopes: [] }, 'scopes must contain at least one of read, write'],
    [{ name: 'x', scopes: ['admin'] }, 'scopes must contain only read, write'],
    [{ name: 'x', scopes: ['read'], expires_at: '2001-01-01T00:00:00Z' }, 'expires_at must be in the future'],
    [{ name: 'x', scopes: ['read'], expires_at: 'soon' }, 'expires_at must be an ISO 8601 timestamp'],
    [{ scopes: ['read'] }, 'name must be 1 to 100 characters'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await request(ctx.url).post('/api/me/api-keys').set(bearer(owner)).send(body).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('allows 20 active keys and answers the 21st with 429; revoking one frees a place', async () => {
    const user = await registerUser(ctx);
    const keys = [];
    for (let i = 0; i < 20; i++) keys.push(await issueKey(ctx, user.token, ['read']));
    const refused = await request(ctx.url)
      .post('/api/me/api-keys')
      .set(bearer(user))
      .send({ name: 'x', scopes: ['read'] })
      .expect(429);
    expect(refused.body).toEqual({ message: Messages.apiKeyLimit });

    await request(ctx.url).delete(`/api/me/api-keys/${keys[0].id}`).set(bearer(user)).expect(204);
    await issueKey(ctx, user.token, ['read']);
  });

  it('does not count expired keys towards the limit', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 20; i++) await issueKey(ctx, user.token, ['read']);
    await ctx.db.query(
      `UPDATE api_keys SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND name = 'test key'`,
      [user.user.id],
    );
    await issueKey(ctx, user.token, ['read']);
  });

  it("revoking another user's key is 404", async () => {
    const key = await issueKey(ctx, owner.token, ['read']);
    const stranger = await registerUser(ctx);
    const res = await request(ctx.url).delete(`/api/me/api-keys/${key.id}`).set(bearer(stranger)).expect(404);
    expect(res.body).toEqual({ message: Messages.apiKeyNotFound });
  });

  describe('every row of the authentication-failure table', () => {
    it('401 "API-ключ обязателен" when no key is sent', async () => {
      const res = await request(ctx.url).get('/api/v1/bots').expect(401);
      expect(res.body).toEqual({ message: Messages.apiKeyRequired });
    });

    it('401 "Неверный API-ключ" for an unknown key, in either header', async () => {
      const a = await request(ctx.url)
        .get('/api/v1/bots')
        .set('X-API-Key', 'blk_doesnotexistdoesnotexistdoesnotexist')
        .expect(401);
      expect(a.body).toEqual({ message: Messages.apiKeyInvalid });
      const b = await request(ctx.url).get('/api/v1/bots').set(bearer(owner)).expect(401);
      expect(b.body).toEqual({ message: Messages.apiKeyInvalid });
    });

    it('401 "API-ключ отозван" for a revoked key', async () => {
      const key = await issueKey(ctx, owner.token, ['read']);
      await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(200);
      await request(ctx.url).delete(`/api/me/api-keys/${key.id}`).set(bearer(owner)).expect(204);
      const res = await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(401);
      expect(res.body).toEqual({ message: Messages.apiKeyRevoked });
    });

    it('401 "Срок действия API-ключа истёк" once expires_at has passed', async () => {
      const key = await issueKey(ctx, owner.token, ['read'], {
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      });
      await request(ctx.url).get('/api/v1/bots').set(bearer(key.key)).expect(200);
      await ctx.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [key.id]);
      const res = await request(ctx.url).get('/api/v1/bots').set(bearer(key.key)).expect(401);
      expect(res.body).toEqual({ message: Messages.apiKeyExpired });
      const list = await request(ctx.url).get('/api/me/api-keys').set(bearer(owner)).expect(200);
      expect(list.body.data.find((k: { id: string }) => k.id === key.id).status).toBe('expired');
    });

    it('403 scope "read" for a write-only key on a GET endpoint', async () => {
      const key = await issueKey(ctx, owner.token, ['write']);
      const res = await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(403);
      expect(res.body).toEqual({ message: 'Недостаточно прав: требуется scope "read"' });
    });

    it('403 scope "write" for a read-only key on a write endpoint', async () => {
      const read = await issueKey(ctx, owner.token, ['read']);
      const res = await request(ctx.url).post('/api/v1/test-probe/write').set('X-API-Key', read.key).expect(403);
      expect(res.body).toEqual({ message: 'Недостаточно прав: требуется scope "write"' });
      const write = await issueKey(ctx, owner.token, ['write']);
      await request(ctx.url).post('/api/v1/test-probe/write').set('X-API-Key', write.key).expect(201);
    });

    it('500 "Ошибка авторизации" when checking the key fails inside', async () => {
      const key = await issueKey(ctx, owner.token, ['read']);
      await ctx.db.query(`ALTER TABLE api_keys RENAME TO api_keys_away`);
      try {
        const res = await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(500);
        expect(res.body).toEqual({ message: Messages.authFailure });
      } finally {
        await ctx.db.query(`ALTER TABLE api_keys_away RENAME TO api_keys`);
      }
      await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(200);
    });
  });

  it('a key sees only its owner\'s bots: another\'s bot is 404 "Bot not found"', async () => {
    const { bot } = await bindTelegramBot(ctx, owner.token);
    const stranger = await registerUser(ctx);
    const strangerKey = await issueKey(ctx, stranger.token, ['read']);
    const res = await request(ctx.url).get(`/api/v1/bots/${bot.id}`).set('X-API-Key', strangerKey.key).expect(404);
    expect(res.body).toEqual({ message: Messages.botNotFound });
    const list = await request(ctx.url).get('/api/v1/bots').set('X-API-Key', strangerKey.key).expect(200);
    expect(list.body).toEqual({ data: [] });

    const ownerKey = await issueKey(ctx, owner.token, ['read']);
    const own = await request(ctx.url).get(`/api/v1/bots/${bot.id}`).set('X-API-Key', ownerKey.key).expect(200);
    expect(own.body).toEqual({
      id: bot.id,
      name: 'My Telegram bot',
      platform: 'telegram',
      username: bot.username,
      active: true,
      created_at: bot.created_at,
    });
  });
});
