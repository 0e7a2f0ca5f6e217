import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser, uniqueEmail } from './support/factories';
import { addMember, invite, upgradeToBusiness } from './support/team';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bearer } from './support/session';

type Session = { token: string; user: { id: string }; email: string };

/** Session-API writes that need no session at all (the sign-in family). */
const PUBLIC_WRITES = [
  'POST /api/auth/register',
  'POST /api/auth/confirm',
  'POST /api/auth/resend',
  'POST /api/auth/login',
];
/** Session-API writes an observer may make: they change nothing of the account's bots or settings. */
const OBSERVER_WRITES = [
  'POST /api/auth/logout',
  'POST /api/team/invites/:token/accept',
  'POST /api/team/leave',
  'POST /api/bots/:id/broadcasts/preview',
  'POST /api/support',
];

/** Every route the running app serves, as `METHOD /path` with Express's parameter names. */
function routesOf(ctx: TestApp): string[] {
  const express = ctx.app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  return express.router.stack.flatMap((layer) =>
    layer.route && typeof layer.route.path === 'string'
      ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
}

describe('Teams (issue 5): one account, up to 10 people, roles enforced on every route', () => {
  let ctx: TestApp;
  let owner: Session;
  let bot: { id: string };

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  // Each rule gets an account of its own on the business plan, with one bot: seats are limited.
  beforeEach(async () => {
    owner = await registerUser(ctx);
    await upgradeToBusiness(ctx, owner.token);
    ({ bot } = await bindTelegramBot(ctx, owner.token));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('an invitation is mailed with a single-use link; the invitee registers with that address and joins', async () => {
    const email = uniqueEmail('invitee');
    const { token, id } = await invite(ctx, owner.token, email, 'administrator');
    const pending = await request(ctx.url).get('/api/team').set(bearer(owner)).expect(200);
    expect(pending.body.invites).toContainEqual({
      id,
      email,
      role: 'administrator',
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });

    const member = await registerUser(ctx, email);
    const accepted = await request(ctx.url).post(`/api/team/invites/${token}/accept`).set(bearer(member)).expect(200);
    expect(accepted.body).toEqual({ account_id: owner.user.id, role: 'administrator' });
    const again = await request(ctx.url).post(`/api/team/invites/${token}/accept`).set(bearer(member)).expect(404);
    expect(again.body).toEqual({ message: Messages.inviteNotFound });

    const team = await request(ctx.url).get('/api/team').set(bearer(member)).expect(200);
    expect(team.body).toMatchObject({
      account: { id: owner.user.id, email: owner.email, tariff: 'business', team_size: 10 },
      role: 'administrator',
      invites: [],
    });
    expect(team.body.members.slice(0, 1)).toEqual([
      { user_id: owner.user.id, email: owner.email, role: 'owner', joined_at: expect.any(String) },
    ]);
    expect(team.body.members).toContainEqual({
      user_id: member.user.id,
      email,
      role: 'administrator',
      joined_at: expect.any(String),
    });
    const me = await request(ctx.url).get('/api/me').set(bearer(member)).expect(200);
    expect(me.body).toMatchObject({
      id: member.user.id,
      tariff: 'business',
      team: { account_id: owner.user.id, role: 'administrator' },
    });
  });

  it('refuses an invitation taken by another address, an unknown token, and inviting yourself or a member', async () => {
    const { token } = await invite(ctx, owner.token, uniqueEmail('someone'), 'observer');
    const stranger = await registerUser(ctx);
    const wrong = await request(ctx.url).post(`/api/team/invites/${token}/accept`).set(bearer(stranger)).expect(403);
    expect(wrong.body).toEqual({ message: Messages.inviteForAnotherEmail });
    const unknown = await request(ctx.url)
      .post('/api/team/invites/bti_unknown/accept')
      .set(bearer(stranger))
      .expect(404);
    expect(unknown.body).toEqual({ message: Messages.inviteNotFound });

    const self = await request(ctx.url)
      .post('/api/team/invites')
      .set(bearer(owner))
      .send({ email: owner.email, role: 'observer' })
      .expect(400);
    expect(self.body).toEqual({ message: Messages.cannotInviteSelf });
    const member = await addMember(ctx, owner.token, 'observer');
    const twice = await request(ctx.url)
      .post('/api/team/invites')
      .set(bearer(owner))
      .send({ email: member.email, role: 'administrator' })
      .expect(409);
    expect(twice.body).toEqual({ message: Messages.alreadyMember });
    const badRole = await request(ctx.url)
      .post('/api/team/invites')
      .set(bearer(owner))
      .send({ email: uniqueEmail(), role: 'owner' })
      .expect(400);
    expect(badRole.body).toEqual({ message: 'role must be administrator or observer' });
  });

  it('a user with bots of their own, or already in a team, cannot join another team', async () => {
    const withBots = await registerUser(ctx);
    await bindTelegramBot(ctx, withBots.token);
    const { token } = await invite(ctx, owner.token, withBots.email, 'observer');
    const refused = await request(ctx.url).post(`/api/team/invites/${token}/accept`).set(bearer(withBots)).expect(409);
    expect(refused.body).toEqual({ message: Messages.ownBotsBlockJoin });

    const otherOwner = await registerUser(ctx);
    await upgradeToBusiness(ctx, otherOwner.token);
    const member = await addMember(ctx, owner.token, 'observer');
    const second = await invite(ctx, otherOwner.token, member.email, 'observer');
    const busy = await request(ctx.url)
      .post(`/api/team/invites/${second.token}/accept`)
      .set(bearer(member))
      .expect(409);
    expect(busy.body).toEqual({ message: Messages.alreadyInTeam });
  });

  it('members see the same bots, dialogs and analytics; an administrator configures bots; an observer only views', async () => {
    const administrator = await addMember(ctx, owner.token, 'administrator');
    const observer = await addMember(ctx, owner.token, 'observer');
    const capture = ctx.app.get(CaptureService);
    await capture.inboundUpdates({ id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' }, [
      {
        update_id: 1,
        message: {
          message_id: 1,
          from: { id: 501, is_bot: false, first_name: 'Ann' },
          chat: { id: 501, type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text: '/start promo',
        },
      },
    ]);

    for (const member of [administrator, observer]) {
      const bots = await request(ctx.url).get('/api/bots').set(bearer(member)).expect(200);
      expect(bots.body.data.map((b: { id: string }) => b.id)).toContain(bot.id);
      const dialogs = await request(ctx.url).get(`/api/bots/${bot.id}/dialogs`).set(bearer(member)).expect(200);
      expect(dialogs.body.data).toEqual([
        expect.objectContaining({ external_user_id: '501', last_text: '/start promo' }),
      ]);
    }

    // An administrator's bot belongs to the account: the owner sees it, and it counts against the account's 20.
    const { bot: added } = await bindTelegramBot(ctx, administrator.token);
    const ownerBots = await request(ctx.url).get('/api/bots').set(bearer(owner)).expect(200);
    expect(ownerBots.body.data.map((b: { id: string }) => b.id)).toContain(added.id);
    await request(ctx.url)
      .patch(`/api/bots/${added.id}`)
      .set(bearer(administrator))
      .send({ name: 'Renamed by the administrator' })
      .expect(200);

    const denied = await request(ctx.url)
      .patch(`/api/bots/${bot.id}`)
      .set(bearer(observer))
      .send({ name: 'nope' })
      .expect(403);
    expect(denied.body).toEqual({ message: Messages.forbidden });
    await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(observer)).expect(200);
    const noKeys = await request(ctx.url)
      .post('/api/me/api-keys')
      .set(bearer(observer))
      .send({ name: 'k', scopes: ['read'] })
      .expect(403);
    expect(noKeys.body).toEqual({ message: Messages.forbidden });
  });

  it('only the owner manages the team, the tariff and the invoices', async () => {
    const administrator = await addMember(ctx, owner.token, 'administrator');
    for (const [method, path, body] of [
      ['post', '/api/team/invites', { email: uniqueEmail(), role: 'observer' }],
      ['patch', `/api/team/members/${administrator.user.id}`, { role: 'observer' }],
      ['delete', `/api/team/members/${administrator.user.id}`, undefined],
      ['put', '/api/billing/tariff', { tariff: 'pro' }],
      ['get', '/api/billing/invoices', undefined],
    ] as const) {
      const res = await request(ctx.url)[method](path).set(bearer(administrator)).send(body).expect(403);
      expect({ method, path, body: res.body }).toEqual({ method, path, body: { message: Messages.forbidden } });
    }
  });

  it("an observer gets 403 on every write route of the session API (enumerated from the app's router)", async () => {
    const observer = await addMember(ctx, owner.token, 'observer');
    const writes = routesOf(ctx).filter(
      (route) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route) && !route.includes(' /api/v1/'),
    );
    expect(writes.length).toBeGreaterThan(30);
    for (const allowed of [...PUBLIC_WRITES, ...OBSERVER_WRITES]) expect(writes).toContain(allowed);

    const guarded = writes.filter((route) => !PUBLIC_WRITES.includes(route) && !OBSERVER_WRITES.includes(route));
    for (const route of guarded) {
      const [method, template] = route.split(' ');
      // The account's own bot, so only the role (never a 404) can refuse the call.
      const path = template.replace(':id', bot.id).replace(/:[A-Za-z]+/g, randomUUID());
      const res = await request(ctx.url)[method.toLowerCase() as 'post'](path).set(bearer(observer)).send({});
      expect({ route, status: res.status, body: res.body }).toEqual({
        route,
        status: 403,
        body: { message: Messages.forbidden },
      });
    }
  });

  it("a member's API key acts with the member's current rights on the account's bots", async () => {
    const administrator = await addMember(ctx, owner.token, 'administrator');
    const key = (await issueKey(ctx, administrator.token, ['read', 'write'])).key;
    const listed = await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key).expect(200);
    expect(listed.body.data.map((b: { id: string }) => b.id)).toContain(bot.id);
    const send = await request(ctx.url)
      .post(`/api/v1/bots/${bot.id}/send`)
      .set('X-API-Key', key)
      .send({ userId: '999', text: 'hi' })
      .expect(404);
    expect(send.body).toEqual({ message: Messages.contactNotFound });

    await request(ctx.url)
      .patch(`/api/team/members/${administrator.user.id}`)
      .set(bearer(owner))
      .send({ role: 'observer' })
      .expect(200);
    const writes = routesOf(ctx).filter((route) => /^(POST|PUT|PATCH|DELETE) \/api\/v1\//.test(route));
    expect(writes).toEqual([
      'POST /api/v1/bots/:id/links',
      'DELETE /api/v1/bots/:id/links/:linkId',
      'POST /api/v1/bots/:id/payments',
      'POST /api/v1/bots/:id/payments/:charge_id/refund',
      'POST /api/v1/bots/:id/intents',
      'PATCH /api/v1/bots/:id/intents/:intentId',
      'DELETE /api/v1/bots/:id/intents/:intentId',
      'POST /api/v1/bots/:id/send',
      'POST /api/v1/bots/:id/broadcast',
    ]);
    for (const route of writes) {
      const [method, path] = route.split(' ');
      const url = path.replace(':id', bot.id).replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await request(ctx.url)
        [method.toLowerCase() as 'post' | 'patch' | 'delete'](url)
        .set('X-API-Key', key)
        .send({ userId: '501', text: 'hi', name: 'x', keywords: ['x'] });
      expect({ route, status: res.status, body: res.body }).toEqual({
        route,
        status: 403,
        body: { message: Messages.forbidden },
      });
    }
    await request(ctx.url).get(`/api/v1/bots/${bot.id}/stats`).set('X-API-Key', key).expect(200);

    await request(ctx.url).delete(`/api/team/members/${administrator.user.id}`).set(bearer(owner)).expect(204);
    const gone = await request(ctx.url).get(`/api/v1/bots/${bot.id}/stats`).set('X-API-Key', key).expect(404);
    expect(gone.body).toEqual({ message: Messages.botNotFound });
  });

  describe("the account's API keys: GET /api/team/api-keys, DELETE /api/team/api-keys/:keyId", () => {
    const callWith = (key: string) => request(ctx.url).get(`/api/v1/bots/${bot.id}`).set('X-API-Key', key);
    const revoke = (session: Session, keyId: string) =>
      request(ctx.url).delete(`/api/team/api-keys/${keyId}`).set(bearer(session));

    it('the owner and administrators see every key of the account with its holder, never the key itself', async () => {
      const administrator = await addMember(ctx, owner.token, 'administrator');
      const ownerKey = await issueKey(ctx, owner.token, ['read']);
      const memberKey = await issueKey(ctx, administrator.token, ['read', 'write']);
      const stranger = await registerUser(ctx);
      const strangerKey = await issueKey(ctx, stranger.token, ['read']);

      for (const viewer of [owner, administrator]) {
        const res = await request(ctx.url).get('/api/team/api-keys').set(bearer(viewer)).expect(200);
        expect(res.body.data.map((k: { id: string }) => k.id).sort()).toEqual([ownerKey.id, memberKey.id].sort());
        expect(res.body.data.find((k: { id: string }) => k.id === memberKey.id)).toEqual({
          id: memberKey.id,
          name: 'test key',
          key_hint: expect.stringMatching(/^blk_/),
          scopes: ['read', 'write'],
          status: 'active',
          expires_at: null,
          revoked_at: null,
          last_used_at: null,
          created_at: expect.any(String),
          holder: { user_id: administrator.user.id, email: administrator.email.toLowerCase() },
        });
        expect(res.body.data.find((k: { id: string }) => k.id === ownerKey.id).holder).toEqual({
          user_id: owner.user.id,
          email: owner.email.toLowerCase(),
        });
        for (const secret of [ownerKey.key, memberKey.key, strangerKey.key])
          expect(JSON.stringify(res.body)).not.toContain(secret);
      }
    });

    it('the owner and an administrator revoke a member\'s key: its next call gets 401 "API-ключ отозван"', async () => {
      const administrator = await addMember(ctx, owner.token, 'administrator');
      const colleague = await addMember(ctx, owner.token, 'administrator');
      const byOwner = await issueKey(ctx, administrator.token, ['read']);
      const byAdministrator = await issueKey(ctx, colleague.token, ['read']);
      const kept = await issueKey(ctx, colleague.token, ['read']);
      for (const key of [byOwner, byAdministrator, kept]) await callWith(key.key).expect(200);

      await revoke(owner, byOwner.id).expect(204);
      await revoke(administrator, byAdministrator.id).expect(204);
      for (const key of [byOwner, byAdministrator]) {
        const res = await callWith(key.key).expect(401);
        expect(res.body).toEqual({ message: Messages.apiKeyRevoked });
      }
      await callWith(kept.key).expect(200);
      // Revoking a revoked key again changes nothing.
      await revoke(owner, byOwner.id).expect(204);
      const listed = await request(ctx.url).get('/api/team/api-keys').set(bearer(owner)).expect(200);
      expect(listed.body.data.find((k: { id: string }) => k.id === byAdministrator.id)).toMatchObject({
        status: 'revoked',
        revoked_at: expect.any(String),
      });
    });

    it("the owner's keys are the owner's: an administrator gets 403 and the key keeps working", async () => {
      const administrator = await addMember(ctx, owner.token, 'administrator');
      const ownerKey = await issueKey(ctx, owner.token, ['read']);
      const res = await revoke(administrator, ownerKey.id).expect(403);
      expect(res.body).toEqual({ message: Messages.forbidden });
      await callWith(ownerKey.key).expect(200);
    });

    it('an observer gets 403 on both routes', async () => {
      const observer = await addMember(ctx, owner.token, 'observer');
      const administrator = await addMember(ctx, owner.token, 'administrator');
      const key = await issueKey(ctx, administrator.token, ['read']);
      const list = await request(ctx.url).get('/api/team/api-keys').set(bearer(observer)).expect(403);
      expect(list.body).toEqual({ message: Messages.forbidden });
      const res = await revoke(observer, key.id).expect(403);
      expect(res.body).toEqual({ message: Messages.forbidden });
      await callWith(key.key).expect(200);
    });

    it('a key of someone outside the team (a stranger, a removed member) is 404 "API key not found", like an unknown key', async () => {
      const stranger = await registerUser(ctx);
      const strangerKey = await issueKey(ctx, stranger.token, ['read']);
      const removed = await addMember(ctx, owner.token, 'administrator');
      const removedKey = await issueKey(ctx, removed.token, ['read']);
      await request(ctx.url).delete(`/api/team/members/${removed.user.id}`).set(bearer(owner)).expect(204);

      for (const keyId of [strangerKey.id, removedKey.id, randomUUID(), 'not-a-uuid']) {
        const res = await revoke(owner, keyId);
        expect({ keyId, status: res.status, body: res.body }).toEqual({
          keyId,
          status: 404,
          body: { message: Messages.apiKeyNotFound },
        });
      }
      await request(ctx.url).get('/api/v1/bots').set('X-API-Key', strangerKey.key).expect(200);
      const listed = await request(ctx.url).get('/api/team/api-keys').set(bearer(owner)).expect(200);
      expect(listed.body.data.map((k: { id: string }) => k.id)).not.toContain(removedKey.id);
    });
  });

  it('a removed member loses access at once; a member may leave; the owner may not', async () => {
    const removed = await addMember(ctx, owner.token, 'administrator');
    await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(removed)).expect(200);
    await request(ctx.url).delete(`/api/team/members/${removed.user.id}`).set(bearer(owner)).expect(204);
    const after = await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(removed)).expect(404);
    expect(after.body).toEqual({ message: Messages.botNotFound });
    const me = await request(ctx.url).get('/api/me').set(bearer(removed)).expect(200);
    expect(me.body.team).toEqual({ account_id: removed.user.id, role: 'owner' });
    const unknown = await request(ctx.url)
      .delete(`/api/team/members/${removed.user.id}`)
      .set(bearer(owner))
      .expect(404);
    expect(unknown.body).toEqual({ message: Messages.memberNotFound });

    const leaving = await addMember(ctx, owner.token, 'observer');
    await request(ctx.url).post('/api/team/leave').set(bearer(leaving)).expect(204);
    await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(leaving)).expect(404);
    const ownerLeaves = await request(ctx.url).post('/api/team/leave').set(bearer(owner)).expect(409);
    expect(ownerLeaves.body).toEqual({ message: Messages.ownerCannotLeave });
  });

  it("a member's event subscription hears the account's bots", async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const administrator = await addMember(ctx, owner.token, 'administrator');
      await request(ctx.url)
        .post('/api/me/webhooks')
        .set(bearer(administrator))
        .send({ url: receiver.url, events: ['message.created'] })
        .expect(201);
      const botOnly = await request(ctx.url)
        .post('/api/me/webhooks')
        .set(bearer(administrator))
        .send({ url: receiver.url, events: ['message.created'], bot_id: bot.id })
        .expect(201);
      expect(botOnly.body.bot_id).toBe(bot.id);
      await ctx.app
        .get(CaptureService)
        .inboundUpdates({ id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' }, [
          {
            update_id: 77,
            message: {
              message_id: 77,
              from: { id: 777, is_bot: false, first_name: 'Bo' },
              chat: { id: 777, type: 'private' },
              date: Math.floor(Date.now() / 1000),
              text: 'to the team',
            },
          },
        ]);
      await eventually(() =>
        expect(receiver.requests.filter((r) => JSON.parse(r.body).data.text === 'to the team')).toHaveLength(2),
      );
    } finally {
      await receiver.close();
    }
  });

  describe('team size and plan', () => {
    it('the 11th person is refused, counting pending invitations', async () => {
      const big = await registerUser(ctx);
      await upgradeToBusiness(ctx, big.token);
      const invited = [];
      for (let i = 0; i < 9; i++) invited.push(await invite(ctx, big.token, uniqueEmail('seat'), 'observer'));
      const eleventh = await request(ctx.url)
        .post('/api/team/invites')
        .set(bearer(big))
        .send({ email: uniqueEmail('late'), role: 'observer' })
        .expect(429);
      expect(eleventh.body).toEqual({ message: Messages.teamLimit(10) });
      // Withdrawing an invitation frees its seat.
      await request(ctx.url).delete(`/api/team/invites/${invited[0].id}`).set(bearer(big)).expect(204);
      await request(ctx.url)
        .post('/api/team/invites')
        .set(bearer(big))
        .send({ email: uniqueEmail('late'), role: 'observer' })
        .expect(201);
    });

    it('a team needs the business plan, and the plan cannot drop below the team', async () => {
      const free = await registerUser(ctx);
      const refused = await request(ctx.url)
        .post('/api/team/invites')
        .set(bearer(free))
        .send({ email: uniqueEmail(), role: 'observer' })
        .expect(403);
      expect(refused.body).toEqual({ message: Messages.teamNeedsBusiness });

      const shrinking = await registerUser(ctx);
      await upgradeToBusiness(ctx, shrinking.token);
      const member = await addMember(ctx, shrinking.token, 'observer');
      const downgrade = await request(ctx.url)
        .put('/api/billing/tariff')
        .set(bearer(shrinking))
        .send({ tariff: 'pro' })
        .expect(409);
      expect(downgrade.body).toEqual({ message: Messages.teamTooLargeForTariff });
      await request(ctx.url).delete(`/api/team/members/${member.user.id}`).set(bearer(shrinking)).expect(204);
      await request(ctx.url).put('/api/billing/tariff').set(bearer(shrinking)).send({ tariff: 'pro' }).expect(200);
    });
  });
});
