import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { IMPERSONATION_TTL_MS } from '../../src/auth/sessions.service';
import { addTelegramContacts } from './support/broadcast-contacts';
import { bindTelegramBot, issueKey, login, registerUser, uniqueEmail } from './support/factories';
import { ADMIN, startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

type User = Awaited<ReturnType<typeof registerUser>>;

describe('Administration: users, tariffs, support, sign in as, audit (issue 5)', () => {
  let ctx: TestApp;
  let admin: string;
  let adminId: string;
  const asAdmin = () => bearer(admin);
  const audit = async () => (await request(ctx.url).get('/api/admin/audit').set(asAdmin()).expect(200)).body;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await login(ctx, ADMIN.email, ADMIN.password);
    adminId = (await request(ctx.url).get('/api/me').set(asAdmin()).expect(200)).body.id;
  });
  afterAll(() => ctx.close());

  describe('access', () => {
    /** Every /api/admin operation of the OpenAPI document, so a new admin route is checked too. */
    const adminOperations = async () => {
      const document = (await request(ctx.url).get('/api/docs-json').expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      return Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/admin/'))
        .flatMap(([path, item]) =>
          Object.keys(item).map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, randomUUID()) })),
        );
    };

    it('answers 403 "Недостаточно прав" to users and 401 without a session on every /api/admin route', async () => {
      const operations = await adminOperations();
      expect(operations.map((o) => `${o.method} ${o.path.replace(/[0-9a-f-]{36}/g, ':id')}`).sort()).toEqual([
        'delete /api/admin/api-keys/:id',
        'delete /api/admin/users/:id',
        'get /api/admin/audit',
        'get /api/admin/support',
        'get /api/admin/users',
        'get /api/admin/users/:id/api-keys',
        'patch /api/admin/users/:id',
        'post /api/admin/support/:id/reply',
        'post /api/admin/users/:id/impersonate',
      ]);
      const { token } = await registerUser(ctx);
      for (const { method, path } of operations) {
        const call = (headers: Record<string, string>) =>
          (request(ctx.url) as unknown as Record<string, (p: string) => request.Test>)
            [method](path)
            .set(headers)
            .send({ role: 'admin', text: 'x' });
        expect({ method, path, ...(await call(bearer(token))).body }).toEqual({
          method,
          path,
          message: Messages.forbidden,
        });
        expect({ method, path, status: (await call({})).status }).toEqual({ method, path, status: 401 });
      }
    });
  });

  describe('GET /api/admin/users', () => {
    let tag: string;
    let users: User[];

    beforeAll(async () => {
      tag = `list${Date.now().toString(36)}`;
      users = [];
      for (let i = 0; i < 3; i++) users.push(await registerUser(ctx, uniqueEmail(tag)));
      // The second account has two bots (one deleted) and four messages this month.
      const first = await bindTelegramBot(ctx, users[1].token);
      const second = await bindTelegramBot(ctx, users[1].token);
      await request(ctx.url).delete(`/api/bots/${second.bot.id}`).set(bearer(users[1].token)).expect(204);
      await addTelegramContacts(
        ctx,
        { id: first.bot.id, userId: users[1].user.id, platform: 'telegram', utmKey: 'utm_source' },
        [1, 2, 3, 4],
      );
    });

    it('lists live accounts newest first with live bots and this month’s messages, filtered by part of the address in any case', async () => {
      const res = await request(ctx.url)
        .get('/api/admin/users')
        .query({ email: tag.toUpperCase() })
        .set(asAdmin())
        .expect(200);
      expect(res.body).toEqual({
        data: [...users].reverse().map((u, i) => ({
          id: u.user.id,
          email: u.email.toLowerCase(),
          email_confirmed: true,
          role: 'user',
          tariff: 'free',
          created_at: expect.any(String),
          bots_count: i === 1 ? 1 : 0,
          messages_this_month: i === 1 ? 4 : 0,
        })),
        total: 3,
        limit: 50,
        offset: 0,
      });
    });

    it('pages with limit and offset; total counts all matches', async () => {
      const page = await request(ctx.url)
        .get('/api/admin/users')
        .query({ email: tag, limit: 2, offset: 2 })
        .set(asAdmin())
        .expect(200);
      expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
      expect(page.body.data.map((u: { id: string }) => u.id)).toEqual([users[0].user.id]);
      const beyond = await request(ctx.url)
        .get('/api/admin/users')
        .query({ email: tag, offset: 10 })
        .set(asAdmin())
        .expect(200);
      expect(beyond.body).toEqual({ data: [], total: 3, limit: 50, offset: 10 });
      const all = await request(ctx.url).get('/api/admin/users').set(asAdmin()).expect(200);
      expect(all.body.data.map((u: { email: string }) => u.email)).toContain(ADMIN.email);
    });

    it.each([{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { offset: '-1' }, { offset: '1.5' }])(
      'answers 400 "неверный limit/offset" for %j',
      async (query) => {
        const res = await request(ctx.url).get('/api/admin/users').query(query).set(asAdmin()).expect(400);
        expect(res.body).toEqual({ message: Messages.badLimitOffset });
      },
    );
  });

  describe('PATCH /api/admin/users/:id', () => {
    it('moves the account to another tariff: the owner sees the invoice marked changed_by admin; audited', async () => {
      const owner = await registerUser(ctx);
      const res = await request(ctx.url)
        .patch(`/api/admin/users/${owner.user.id}`)
        .set(asAdmin())
        .send({ tariff: 'business' })
        .expect(200);
      expect(res.body).toMatchObject({ id: owner.user.id, tariff: 'business', role: 'user' });

      const invoices = await request(ctx.url).get('/api/billing/invoices').set(bearer(owner)).expect(200);
      expect(invoices.body.data).toEqual([
        {
          id: expect.any(String),
          tariff: 'business',
          previous_tariff: 'free',
          amount: 2990,
          currency: 'RUB',
          changed_by: 'admin',
          created_at: expect.any(String),
        },
      ]);
      expect((await audit()).data[0]).toEqual({
        id: expect.any(String),
        action: 'change_tariff',
        actor: { id: adminId, email: ADMIN.email },
        target: { id: owner.user.id, email: owner.email.toLowerCase() },
        details: { from: 'free', to: 'business', invoice_id: invoices.body.data[0].id },
        created_at: expect.any(String),
      });
    });

    it('changes the role (the user’s session sees it at once); an unchanged tariff beside it is skipped, not refused', async () => {
      const user = await registerUser(ctx);
      const res = await request(ctx.url)
        .patch(`/api/admin/users/${user.user.id}`)
        .set(asAdmin())
        .send({ role: 'admin', tariff: 'free' })
        .expect(200);
      expect(res.body).toMatchObject({ role: 'admin', tariff: 'free' });
      expect((await request(ctx.url).get('/api/me').set(bearer(user)).expect(200)).body.role).toBe('admin');
      expect((await request(ctx.url).get('/api/billing/invoices').set(bearer(user)).expect(200)).body.data).toEqual([]);
      expect((await audit()).data[0]).toMatchObject({
        action: 'change_role',
        target: { id: user.user.id },
        details: { from: 'user', to: 'admin' },
      });
    });

    it('answers 409 for an unchanged tariff sent alone, as the owner gets', async () => {
      const user = await registerUser(ctx);
      const res = await request(ctx.url)
        .patch(`/api/admin/users/${user.user.id}`)
        .set(asAdmin())
        .send({ tariff: 'free' })
        .expect(409);
      expect(res.body).toEqual({ message: Messages.tariffUnchanged });
    });

    it('answers 409 for a plan smaller than the account’s team', async () => {
      const owner = await registerUser(ctx);
      const member = await registerUser(ctx);
      await request(ctx.url)
        .patch(`/api/admin/users/${owner.user.id}`)
        .set(asAdmin())
        .send({ tariff: 'business' })
        .expect(200);
      await ctx.db.query(`INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, 'observer')`, [
        owner.user.id,
        member.user.id,
      ]);
      const res = await request(ctx.url)
        .patch(`/api/admin/users/${owner.user.id}`)
        .set(asAdmin())
        .send({ tariff: 'pro' })
        .expect(409);
      expect(res.body).toEqual({ message: Messages.teamTooLargeForTariff });
    });

    it.each([
      [{}, Messages.roleOrTariffRequired],
      [{ role: 'owner' }, 'role must be user or admin'],
      [{ tariff: 'gold' }, 'tariff must be one of free, pro, business'],
    ])('answers 400 for %j', async (body, message) => {
      const { user } = await registerUser(ctx);
      const res = await request(ctx.url).patch(`/api/admin/users/${user.id}`).set(asAdmin()).send(body).expect(400);
      expect(res.body).toEqual({ message });
    });

    it('answers 404 "Пользователь не найден" for an unknown id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await request(ctx.url)
          .patch(`/api/admin/users/${id}`)
          .set(asAdmin())
          .send({ role: 'user' })
          .expect(404);
        expect(res.body).toEqual({ message: Messages.userNotFound });
      }
    });
  });

  describe('support', () => {
    it('a request goes from any signed-in person (an observer too) to the admins; the answer is mailed and shown in the cabinet', async () => {
      const owner = await registerUser(ctx);
      const observer = await registerUser(ctx);
      await ctx.db.query(`INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, 'observer')`, [
        owner.user.id,
        observer.user.id,
      ]);

      const created = await request(ctx.url)
        .post('/api/support')
        .set(bearer(observer))
        .send({ subject: 'Экспорт контактов', text: 'Как выгрузить контакты?' })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        subject: 'Экспорт контактов',
        text: 'Как выгрузить контакты?',
        status: 'open',
        created_at: expect.any(String),
        replies: [],
      });
      // A request is the person's own, not the team's.
      expect((await request(ctx.url).get('/api/support').set(bearer(owner)).expect(200)).body).toEqual({
        data: [],
      });

      const open = await request(ctx.url)
        .get('/api/admin/support')
        .query({ status: 'open' })
        .set(asAdmin())
        .expect(200);
      expect(open.body.data[0]).toEqual({
        ...created.body,
        author: { id: observer.user.id, email: observer.email.toLowerCase() },
      });
      expect(open.body).toMatchObject({ limit: 50, offset: 0, total: expect.any(Number) });

      const mailsBefore = ctx.smtp.messages.length;
      const reply = await request(ctx.url)
        .post(`/api/admin/support/${created.body.id}/reply`)
        .set(asAdmin())
        .send({ text: 'Раздел «Контакты», кнопка «Экспорт».' })
        .expect(201);
      expect(reply.body).toEqual({
        id: expect.any(String),
        text: 'Раздел «Контакты», кнопка «Экспорт».',
        created_at: expect.any(String),
      });

      const mail = await ctx.smtp.waitFor(
        (m) => m.to.includes(observer.email.toLowerCase()) && ctx.smtp.messages.indexOf(m) >= mailsBefore,
      );
      expect(mail.subject).toContain('Экспорт контактов');
      expect(mail.text).toContain('Раздел «Контакты», кнопка «Экспорт».');

      const mine = await request(ctx.url).get('/api/support').set(bearer(observer)).expect(200);
      expect(mine.body).toEqual({ data: [{ ...created.body, status: 'answered', replies: [reply.body] }] });
      const answered = await request(ctx.url)
        .get('/api/admin/support')
        .query({ status: 'answered' })
        .set(asAdmin())
        .expect(200);
      expect(answered.body.data.map((t: { id: string }) => t.id)).toContain(created.body.id);
      const stillOpen = await request(ctx.url)
        .get('/api/admin/support')
        .query({ status: 'open' })
        .set(asAdmin())
        .expect(200);
      expect(stillOpen.body.data.map((t: { id: string }) => t.id)).not.toContain(created.body.id);
      expect((await audit()).data[0]).toMatchObject({
        action: 'reply_support',
        actor: { id: adminId, email: ADMIN.email },
        target: { id: observer.user.id, email: observer.email.toLowerCase() },
        details: { ticket_id: created.body.id, subject: 'Экспорт контактов' },
      });
    });

    it('lists a person’s requests newest first', async () => {
      const user = await registerUser(ctx);
      for (const subject of ['first', 'second'])
        await request(ctx.url).post('/api/support').set(bearer(user)).send({ subject, text: 'text' }).expect(201);
      const mine = await request(ctx.url).get('/api/support').set(bearer(user)).expect(200);
      expect(mine.body.data.map((t: { subject: string }) => t.subject)).toEqual(['second', 'first']);
    });

    it.each([
      ['no subject', { text: 'no subject' }, Messages.ticketSubjectInvalid],
      ['a blank subject', { subject: '   ', text: 'blank subject' }, Messages.ticketSubjectInvalid],
      [
        'a subject of 201 characters',
        { subject: 'x'.repeat(201), text: 'long subject' },
        Messages.ticketSubjectInvalid,
      ],
      ['no text', { subject: 'no text' }, Messages.ticketTextInvalid],
      ['a text of 5001 characters', { subject: 'long text', text: 'x'.repeat(5001) }, Messages.ticketTextInvalid],
    ])('answers 400 naming the field for %s', async (_, body, message) => {
      const { token } = await registerUser(ctx);
      const res = await request(ctx.url).post('/api/support').set(bearer(token)).send(body).expect(400);
      expect(res.body).toEqual({ message });
    });

    it('answers 404 "Обращение не найдено" for an unknown request, 400 for an empty answer or a bad status filter', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const res = await request(ctx.url)
          .post(`/api/admin/support/${id}/reply`)
          .set(asAdmin())
          .send({ text: 'hi' })
          .expect(404);
        expect(res.body).toEqual({ message: Messages.ticketNotFound });
      }
      const empty = await request(ctx.url)
        .post(`/api/admin/support/${randomUUID()}/reply`)
        .set(asAdmin())
        .send({ text: '' })
        .expect(400);
      expect(empty.body).toEqual({ message: Messages.ticketTextInvalid });
      const status = await request(ctx.url)
        .get('/api/admin/support')
        .query({ status: 'closed' })
        .set(asAdmin())
        .expect(400);
      expect(status.body).toEqual({ message: Messages.ticketStatusInvalid });
    });
  });

  describe('POST /api/admin/users/:id/impersonate', () => {
    it('opens a one-hour session as the user; GET /api/me names the admin; audited', async () => {
      const user = await registerUser(ctx);
      const res = await request(ctx.url)
        .post(`/api/admin/users/${user.user.id}/impersonate`)
        .set(asAdmin())
        .expect(201);
      expect(res.body).toEqual({
        token: expect.stringMatching(/^bls_/),
        expires_at: expect.any(String),
        user: expect.objectContaining({ id: user.user.id }),
      });
      const lifetime = new Date(res.body.expires_at).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(IMPERSONATION_TTL_MS - 60_000);
      expect(lifetime).toBeLessThanOrEqual(IMPERSONATION_TTL_MS);

      const me = await request(ctx.url).get('/api/me').set(bearer(res.body.token)).expect(200);
      expect(me.body).toMatchObject({ id: user.user.id, impersonated_by: { id: adminId, email: ADMIN.email } });
      // The user's own session is not marked.
      expect((await request(ctx.url).get('/api/me').set(bearer(user)).expect(200)).body.impersonated_by).toBeNull();

      expect((await audit()).data[0]).toEqual({
        id: expect.any(String),
        action: 'impersonate',
        actor: { id: adminId, email: ADMIN.email },
        target: { id: user.user.id, email: user.email.toLowerCase() },
        details: { expires_at: res.body.expires_at },
        created_at: expect.any(String),
      });
    });

    it('refuses admins with 403 "Нельзя войти под администратором" and unknown users with 404', async () => {
      const other = await registerUser(ctx);
      await request(ctx.url)
        .patch(`/api/admin/users/${other.user.id}`)
        .set(asAdmin())
        .send({ role: 'admin' })
        .expect(200);
      for (const id of [other.user.id, adminId]) {
        const res = await request(ctx.url).post(`/api/admin/users/${id}/impersonate`).set(asAdmin()).expect(403);
        expect(res.body).toEqual({ message: Messages.cannotImpersonateAdmin });
      }
      const missing = await request(ctx.url)
        .post(`/api/admin/users/${randomUUID()}/impersonate`)
        .set(asAdmin())
        .expect(404);
      expect(missing.body).toEqual({ message: Messages.userNotFound });
    });
  });

  describe("a user's API keys: GET /api/admin/users/:id/api-keys, DELETE /api/admin/api-keys/:id", () => {
    const callWith = (key: string) => request(ctx.url).get('/api/v1/bots').set('X-API-Key', key);

    it('lists the keys as their holder does, never the key itself', async () => {
      const user = await registerUser(ctx);
      const first = await issueKey(ctx, user.token, ['read']);
      const second = await issueKey(ctx, user.token, ['read', 'write']);
      const listed = await request(ctx.url).get(`/api/admin/users/${user.user.id}/api-keys`).set(asAdmin()).expect(200);
      const own = await request(ctx.url).get('/api/me/api-keys').set(bearer(user)).expect(200);
      expect(listed.body).toEqual(own.body);
      expect(listed.body.data.map((k: { id: string }) => k.id).sort()).toEqual([first.id, second.id].sort());
      expect(listed.body.data[0]).toEqual({
        id: expect.any(String),
        name: 'test key',
        key_hint: expect.stringMatching(/^blk_/),
        scopes: expect.any(Array),
        status: 'active',
        expires_at: null,
        revoked_at: null,
        last_used_at: null,
        created_at: expect.any(String),
      });
      expect(JSON.stringify(listed.body)).not.toContain(first.key);
      expect(JSON.stringify(listed.body)).not.toContain(second.key);

      const missing = await request(ctx.url)
        .get(`/api/admin/users/${randomUUID()}/api-keys`)
        .set(asAdmin())
        .expect(404);
      expect(missing.body).toEqual({ message: Messages.userNotFound });
    });

    it('revokes another user\'s key: its next call gets 401 "API-ключ отозван", the user\'s other keys keep working; audited once', async () => {
      const user = await registerUser(ctx);
      const revoked = await issueKey(ctx, user.token, ['read']);
      const kept = await issueKey(ctx, user.token, ['read']);
      await callWith(revoked.key).expect(200);

      await request(ctx.url).delete(`/api/admin/api-keys/${revoked.id}`).set(asAdmin()).expect(204);
      const refused = await callWith(revoked.key).expect(401);
      expect(refused.body).toEqual({ message: Messages.apiKeyRevoked });
      await callWith(kept.key).expect(200);
      const own = await request(ctx.url).get('/api/me/api-keys').set(bearer(user)).expect(200);
      expect(own.body.data.find((k: { id: string }) => k.id === revoked.id)).toMatchObject({
        status: 'revoked',
        revoked_at: expect.any(String),
      });

      const entry = (await audit()).data[0];
      expect(entry).toEqual({
        id: expect.any(String),
        action: 'revoke_api_key',
        actor: { id: adminId, email: ADMIN.email },
        target: { id: user.user.id, email: user.email.toLowerCase() },
        details: {
          key_id: revoked.id,
          name: 'test key',
          key_hint: own.body.data.find((k: { id: string }) => k.id === revoked.id).key_hint,
        },
        created_at: expect.any(String),
      });
      // Revoking it again changes nothing: 204, and no second entry.
      await request(ctx.url).delete(`/api/admin/api-keys/${revoked.id}`).set(asAdmin()).expect(204);
      expect((await audit()).data[0].id).toBe(entry.id);
    });

    it('answers an unknown or malformed key id with 404 "API key not found"', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await request(ctx.url).delete(`/api/admin/api-keys/${id}`).set(asAdmin()).expect(404);
        expect({ id, body: res.body }).toEqual({ id, body: { message: Messages.apiKeyNotFound } });
      }
    });

    it('refuses a user who is not an admin with 403 "Недостаточно прав"; the key keeps working', async () => {
      const holder = await registerUser(ctx);
      const key = await issueKey(ctx, holder.token, ['read']);
      const other = await registerUser(ctx);
      for (const token of [other.token, holder.token]) {
        const revoke = await request(ctx.url).delete(`/api/admin/api-keys/${key.id}`).set(bearer(token)).expect(403);
        expect(revoke.body).toEqual({ message: Messages.forbidden });
        const list = await request(ctx.url)
          .get(`/api/admin/users/${holder.user.id}/api-keys`)
          .set(bearer(token))
          .expect(403);
        expect(list.body).toEqual({ message: Messages.forbidden });
      }
      await callWith(key.key).expect(200);
    });
  });

  describe('GET /api/admin/audit', () => {
    it('pages the entries newest first', async () => {
      const user = await registerUser(ctx);
      await request(ctx.url).post(`/api/admin/users/${user.user.id}/impersonate`).set(asAdmin()).expect(201);
      await request(ctx.url)
        .patch(`/api/admin/users/${user.user.id}`)
        .set(asAdmin())
        .send({ tariff: 'pro' })
        .expect(200);
      const all = await audit();
      expect(all.total).toBeGreaterThanOrEqual(2);
      expect(all.data.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['change_tariff', 'impersonate']);
      const times = all.data.map((e: { created_at: string }) => e.created_at);
      expect([...times].sort().reverse()).toEqual(times);

      const second = await request(ctx.url)
        .get('/api/admin/audit')
        .query({ limit: 1, offset: 1 })
        .set(asAdmin())
        .expect(200);
      expect(second.body).toEqual({ data: [all.data[1]], total: all.total, limit: 1, offset: 1 });
      const bad = await request(ctx.url).get('/api/admin/audit').query({ limit: 1000 }).set(asAdmin()).expect(400);
      expect(bad.body).toEqual({ message: Messages.badLimitOffset });
    });
  });
});
