import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { mailedCode, registerUnconfirmed, registerUser, uniqueEmail } from './support/factories';
import { ADMIN, startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

describe('Accounts: register, confirm by mail, sessions (contract §3)', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('registers, mails a six-digit code through SMTP and confirms into a session', async () => {
    const email = uniqueEmail('Owner');
    const registered = await request(ctx.url)
      .post('/api/auth/register')
      .send({ email, password: 'secret1' })
      .expect(201);
    expect(registered.body.user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      email_confirmed: false,
      role: 'user',
      tariff: 'free',
      created_at: expect.any(String),
    });

    const mail = await ctx.smtp.waitFor({ to: email });
    expect(mail.subject).toMatch(/код подтверждения \d{6}/);
    const code = await mailedCode(ctx, email);

    const confirmed = await request(ctx.url).post('/api/auth/confirm').send({ email, code }).expect(200);
    expect(confirmed.body.token).toMatch(/^bls_[0-9A-Za-z]{32,}$/);
    expect(new Date(confirmed.body.expires_at).getTime() - Date.now()).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(confirmed.body.user.email_confirmed).toBe(true);

    const me = await request(ctx.url).get('/api/me').set(bearer(confirmed.body)).expect(200);
    expect(me.body).toEqual({
      ...registered.body.user,
      email_confirmed: true,
      team: { account_id: registered.body.user.id, role: 'owner' },
      usage: { messages_this_month: 0, cap: 1000 },
      impersonated_by: null,
    });
  });

  it('stores the password with argon2id, the code and the session only as hashes', async () => {
    const { email, token } = await registerUser(ctx, uniqueEmail(), 'plain-password');
    const { rows } = await ctx.db.query(`SELECT password_hash FROM users WHERE email = $1`, [email]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await ctx.db.query(`SELECT token_hash FROM sessions`);
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(token);
    expect(JSON.stringify(sessions.rows)).not.toContain(token);

    const pending = await registerUnconfirmed(ctx);
    const code = await mailedCode(ctx, pending.email, pending.mailsBefore);
    const codes = await ctx.db.query(`SELECT code_hash FROM email_codes WHERE user_id = $1`, [pending.user.id]);
    expect(codes.rows[0].code_hash).not.toContain(code);
  });

  it('answers 409 with the spec message for an address already registered (any case)', async () => {
    const { email } = await registerUnconfirmed(ctx);
    const res = await request(ctx.url)
      .post('/api/auth/register')
      .send({ email: email.toUpperCase(), password: 'another1' })
      .expect(409);
    expect(res.body).toEqual({ message: Messages.emailTaken });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'email must be a valid email address'],
    [{ email: 'a@b.test', password: '12345' }, 'password must be at least 6 characters'],
    [{ password: 'secret1' }, 'email must be a valid email address'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await request(ctx.url).post('/api/auth/register').send(body).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('refuses a wrong code, and the right one after five wrong tries', async () => {
    const { email, mailsBefore } = await registerUnconfirmed(ctx);
    const code = await mailedCode(ctx, email, mailsBefore);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await request(ctx.url).post('/api/auth/confirm').send({ email, code: wrong }).expect(400);
      expect(res.body).toEqual({ message: Messages.badCode });
    }
    const res = await request(ctx.url).post('/api/auth/confirm').send({ email, code }).expect(400);
    expect(res.body).toEqual({ message: Messages.badCode });
  });

  it('refuses an expired code', async () => {
    const { email, user, mailsBefore } = await registerUnconfirmed(ctx);
    const code = await mailedCode(ctx, email, mailsBefore);
    await ctx.db.query(`UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const res = await request(ctx.url).post('/api/auth/confirm').send({ email, code }).expect(400);
    expect(res.body).toEqual({ message: Messages.badCode });
  });

  it('resend mails a new code that replaces the old one, and answers 204 for unknown addresses too', async () => {
    const { email, mailsBefore } = await registerUnconfirmed(ctx);
    const first = await mailedCode(ctx, email, mailsBefore);
    const before = ctx.smtp.messages.length;
    await request(ctx.url).post('/api/auth/resend').send({ email }).expect(204);
    const second = await mailedCode(ctx, email, before);
    if (first !== second) {
      await request(ctx.url).post('/api/auth/confirm').send({ email, code: first }).expect(400);
    }
    await request(ctx.url).post('/api/auth/confirm').send({ email, code: second }).expect(200);
    await request(ctx.url)
      .post('/api/auth/resend')
      .send({ email: uniqueEmail('nobody') })
      .expect(204);
  });

  it('signs in unconfirmed users, on many devices at once, and logout ends only that session', async () => {
    const { email, password } = await registerUnconfirmed(ctx);
    const first = await request(ctx.url).post('/api/auth/login').send({ email, password }).expect(200);
    expect(first.body.user.email_confirmed).toBe(false);
    const second = await request(ctx.url).post('/api/auth/login').send({ email, password }).expect(200);

    await request(ctx.url).post('/api/auth/logout').set(bearer(first.body)).expect(204);
    const ended = await request(ctx.url).get('/api/me').set(bearer(first.body)).expect(401);
    expect(ended.body).toEqual({ message: Messages.sessionRequired });
    await request(ctx.url).get('/api/me').set(bearer(second.body)).expect(200);
  });

  it('answers 401 with the same message for a wrong password and an unknown address', async () => {
    const { email } = await registerUnconfirmed(ctx);
    const wrong = await request(ctx.url)
      .post('/api/auth/login')
      .send({ email, password: 'wrong-password' })
      .expect(401);
    expect(wrong.body).toEqual({ message: Messages.badCredentials });
    const unknown = await request(ctx.url)
      .post('/api/auth/login')
      .send({ email: uniqueEmail(), password: 'whatever' })
      .expect(401);
    expect(unknown.body).toEqual({ message: Messages.badCredentials });
  });

  it.each([
    ['no header', undefined],
    ['an unknown token', 'Bearer bls_unknownunknownunknownunknownunknown'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 %s with "Требуется авторизация"', async (_, header) => {
    const req = request(ctx.url).get('/api/me');
    if (header) req.set('Authorization', header);
    const res = await req.expect(401);
    expect(res.body).toEqual({ message: Messages.sessionRequired });
  });

  it('answers 401 "Сессия истекла, войдите заново" after seven days', async () => {
    const { token, user } = await registerUser(ctx);
    await ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const res = await request(ctx.url).get('/api/me').set(bearer(token)).expect(401);
    expect(res.body).toEqual({ message: Messages.sessionExpired });
  });

  it('limits sign-in attempts per address with 429', async () => {
    const email = uniqueEmail('throttled');
    const limit = ctx.config.authRateLimitPerEmail;
    for (let i = 0; i < limit; i++) {
      await request(ctx.url).post('/api/auth/login').send({ email, password: 'wrong-password' }).expect(401);
    }
    const res = await request(ctx.url).post('/api/auth/login').send({ email, password: 'wrong-password' }).expect(429);
    expect(res.body).toEqual({ message: Messages.tooManyRequests });
    // Another address from the same client is not affected.
    await request(ctx.url)
      .post('/api/auth/login')
      .send({ email: uniqueEmail(), password: 'wrong-password' })
      .expect(401);
  });

  describe('admin', () => {
    it('bootstraps ADMIN_EMAIL as a confirmed admin who promotes users', async () => {
      const admin = await request(ctx.url).post('/api/auth/login').send(ADMIN).expect(200);
      expect(admin.body.user).toMatchObject({ role: 'admin', email_confirmed: true });
      const { user, token } = await registerUser(ctx);

      const promoted = await request(ctx.url)
        .patch(`/api/admin/users/${user.id}`)
        .set(bearer(admin.body))
        .send({ role: 'admin' })
        .expect(200);
      expect(promoted.body.role).toBe('admin');
      const me = await request(ctx.url).get('/api/me').set(bearer(token)).expect(200);
      expect(me.body.role).toBe('admin');
    });

    it('refuses a plain user with 403 and an unknown user with 404', async () => {
      const { user, token } = await registerUser(ctx);
      const denied = await request(ctx.url)
        .patch(`/api/admin/users/${user.id}`)
        .set(bearer(token))
        .send({ role: 'admin' })
        .expect(403);
      expect(denied.body).toEqual({ message: Messages.forbidden });

      const admin = await request(ctx.url).post('/api/auth/login').send(ADMIN).expect(200);
      const missing = await request(ctx.url)
        .patch('/api/admin/users/00000000-0000-0000-0000-000000000000')
        .set(bearer(admin.body))
        .send({ role: 'admin' })
        .expect(404);
      expect(missing.body).toEqual({ message: Messages.userNotFound });
      const bad = await request(ctx.url)
        .patch(`/api/admin/users/${user.id}`)
        .set(bearer(admin.body))
        .send({ role: 'owner' })
        .expect(400);
      expect(bad.body).toEqual({ message: 'role must be user or admin' });
    });
  });
});
