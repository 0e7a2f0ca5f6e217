import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsersRepository } from '../../src/auth/users.repository';
import { BOT_DATA } from '../../src/cleanup/bot-data';
import { CleanupService } from '../../src/cleanup/cleanup.service';
import { Messages } from '../../src/common/messages';
import { TELEGRAM_REFUSALS } from '../../src/platforms/platform-refusals';
import { accountData, botWithData } from './support/account-data';
import { addTelegramContacts } from './support/broadcast-contacts';
import { bindTelegramBot, issueKey, login, registerUser } from './support/factories';
import { ADMIN, startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bearer } from './support/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Account deletion and the final cleanup (spec: User and team; States and transitions)', () => {
  let ctx: TestApp;
  let admin: string;
  let receiver: WebhookReceiver;
  const deleteUser = (id: string) => request(ctx.url).delete(`/api/admin/users/${id}`).set(bearer(admin));
  const reachable = (url: string) => url.replace(ctx.config.publicBaseUrl, ctx.url);
  const callsOf = (token: string) => ctx.telegram.calls.filter((call) => call.token === token).length;
  const rows = async (sql: string, params: unknown[] = []) => (await ctx.db.query(sql, params)).rows;

  beforeAll(async () => {
    // The cleanup may take what was deleted a moment ago.
    ctx = await startTestApp({ DELETED_DATA_RETENTION_DAYS: '0' });
    admin = await login(ctx, ADMIN.email, ADMIN.password);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('ends every session and key; the bots answer 403 through the mirror and record nothing through the proxy', async () => {
      const owner = await registerUser(ctx);
      const otherDevice = await login(ctx, owner.email, owner.password);
      const key = await issueKey(ctx, owner.token, ['read']);
      const mirrored = await bindTelegramBot(ctx, owner.token);
      const proxied = await bindTelegramBot(ctx, owner.token);
      await request(ctx.url).post(`/api/bots/${proxied.bot.id}/webhook`).set(bearer(owner)).expect(200);
      ctx.telegram.webhookOf(proxied.token)!.url = reachable(ctx.telegram.webhookOf(proxied.token)!.url);
      const update = (id: number) => ({
        update_id: id,
        message: {
          message_id: id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 7, type: 'private' },
          from: { id: 7, is_bot: false, first_name: 'Ann' },
          text: `hello ${id}`,
        },
      });
      expect((await ctx.telegram.deliverWebhook(proxied.token, update(1))).status).toBe(200);
      expect((await fetch(`${ctx.url}/tg/bot${mirrored.token}/getMe`)).status).toBe(200);
      const impersonation = await request(ctx.url)
        .post(`/api/admin/users/${owner.user.id}/impersonate`)
        .set(bearer(admin))
        .expect(201);

      const res = await deleteUser(owner.user.id).expect(204);
      expect(res.text).toBe('');

      for (const session of [owner.token, otherDevice, impersonation.body.token]) {
        expect((await request(ctx.url).get('/api/me').set(bearer(session)).expect(401)).body).toEqual({
          message: Messages.sessionRequired,
        });
      }
      expect((await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(401)).body).toEqual({
        message: Messages.apiKeyRevoked,
      });
      const signIn = await request(ctx.url)
        .post('/api/auth/login')
        .send({ email: owner.email, password: owner.password })
        .expect(401);
      expect(signIn.body).toEqual({ message: Messages.badCredentials });

      const before = callsOf(mirrored.token);
      const mirror = await fetch(`${ctx.url}/tg/bot${mirrored.token}/getMe`);
      expect({ status: mirror.status, body: await mirror.json() }).toEqual({
        status: 403,
        body: TELEGRAM_REFUSALS.deactivated,
      });
      expect(callsOf(mirrored.token)).toBe(before);

      const delivery = await ctx.telegram.deliverWebhook(proxied.token, update(2));
      expect({ status: delivery.status, body: JSON.parse(delivery.body) }).toEqual({
        status: 403,
        body: TELEGRAM_REFUSALS.deactivated,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await rows(`SELECT text FROM messages WHERE bot_id = $1`, [proxied.bot.id])).toEqual([
        { text: 'hello 1' },
      ]);

      // History is kept: the bots are deactivated, not deleted.
      expect(await rows(`SELECT active, deleted_at FROM bots WHERE user_id = $1`, [owner.user.id])).toEqual([
        { active: false, deleted_at: null },
        { active: false, deleted_at: null },
      ]);
      const listed = await request(ctx.url)
        .get('/api/admin/users')
        .query({ email: owner.email })
        .set(bearer(admin))
        .expect(200);
      expect(listed.body).toMatchObject({ data: [], total: 0 });
      const audit = await request(ctx.url).get('/api/admin/audit').set(bearer(admin)).expect(200);
      expect(audit.body.data[0]).toMatchObject({
        action: 'delete_user',
        target: { id: owner.user.id, email: owner.email.toLowerCase() },
        details: { bots: 2 },
      });
    });

    it('frees the address and the bot tokens at once: the address registers again and the new account binds the token', async () => {
      const owner = await registerUser(ctx);
      const bound = await bindTelegramBot(ctx, owner.token);
      await deleteUser(owner.user.id).expect(204);

      const again = await registerUser(ctx, owner.email);
      expect(again.user.id).not.toBe(owner.user.id);
      const rebound = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(again))
        .send({ platform: 'telegram', name: 'Same bot, new owner', token: bound.token })
        .expect(201);
      expect(
        await rows(`SELECT token_hash, token_encrypted, platform_bot_id, active FROM bots WHERE id = $1`, [
          bound.bot.id,
        ]),
      ).toEqual([{ token_hash: null, token_encrypted: null, platform_bot_id: null, active: false }]);
      // The mirror now serves the token as the new bot's.
      const before = callsOf(bound.token);
      expect((await fetch(`${ctx.url}/tg/bot${bound.token}/getMe`)).status).toBe(200);
      expect(callsOf(bound.token)).toBe(before + 1);
      expect(rebound.body).toMatchObject({ has_token: true, active: true });

      // A live account still holds its token against everyone else.
      const stranger = await registerUser(ctx);
      const taken = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(stranger))
        .send({ platform: 'telegram', name: 'x', token: bound.token })
        .expect(409);
      expect(taken.body).toEqual({ message: Messages.botTokenTaken });
    });

    it('stops what would run on: unfinished broadcasts are cancelled, subscriptions deactivated, the team dissolved', async () => {
      const owner = await registerUser(ctx);
      const member = await registerUser(ctx);
      const bound = await bindTelegramBot(ctx, owner.token);
      await addTelegramContacts(
        ctx,
        { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' },
        [31, 32],
      );
      await ctx.db.query(`INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, 'administrator')`, [
        owner.user.id,
        member.user.id,
      ]);
      await ctx.db.query(
        `INSERT INTO team_invites (account_id, email, role, token_hash, expires_at, accepted_at)
         VALUES ($1, 'pending@example.test', 'observer', md5(random()::text), now() + interval '1 day', NULL),
                ($1, 'accepted@example.test', 'observer', md5(random()::text), now() + interval '1 day', now())`,
        [owner.user.id],
      );
      const scheduled = await request(ctx.url)
        .post(`/api/bots/${bound.bot.id}/broadcasts`)
        .set(bearer(owner))
        .send({ text: 'later', send_at: new Date(Date.now() + 3_600_000).toISOString() })
        .expect(201);
      const own = await request(ctx.url)
        .post('/api/me/webhooks')
        .set(bearer(owner))
        .send({ url: receiver.url, events: ['message.created'] })
        .expect(201);
      // A member's subscription to one of the account's bots goes quiet with the bot.
      const members = await request(ctx.url)
        .post('/api/me/webhooks')
        .set(bearer(member))
        .send({ url: receiver.url, events: ['message.created'], bot_id: bound.bot.id })
        .expect(201);

      await deleteUser(owner.user.id).expect(204);

      expect(await rows(`SELECT status FROM broadcasts WHERE id = $1`, [scheduled.body.id])).toEqual([
        { status: 'cancelled' },
      ]);
      expect(
        await rows(`SELECT active FROM webhook_subscriptions WHERE id = ANY($1) ORDER BY active`, [
          [own.body.id, members.body.id],
        ]),
      ).toEqual([{ active: false }, { active: false }]);
      expect(await rows(`SELECT user_id FROM team_members WHERE account_id = $1`, [owner.user.id])).toEqual([]);
      expect(await rows(`SELECT email FROM team_invites WHERE account_id = $1`, [owner.user.id])).toEqual([
        { email: 'accepted@example.test' },
      ]);
      // The member works on their own account again.
      const me = await request(ctx.url).get('/api/me').set(bearer(member)).expect(200);
      expect(me.body.team).toEqual({ account_id: member.user.id, role: 'owner' });
    });

    it('removes a deleted member from the team they belonged to', async () => {
      const owner = await registerUser(ctx);
      const member = await registerUser(ctx);
      await ctx.db.query(`INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, 'observer')`, [
        owner.user.id,
        member.user.id,
      ]);
      await deleteUser(member.user.id).expect(204);
      expect(await rows(`SELECT user_id FROM team_members WHERE account_id = $1`, [owner.user.id])).toEqual([]);
      await request(ctx.url).get('/api/me').set(bearer(owner)).expect(200);
    });

    it('refuses to delete yourself with 409 and answers 404 for unknown or already deleted users', async () => {
      const me = await request(ctx.url).get('/api/me').set(bearer(admin)).expect(200);
      expect((await deleteUser(me.body.id).expect(409)).body).toEqual({ message: Messages.cannotDeleteSelf });
      const { user } = await registerUser(ctx);
      await deleteUser(user.id).expect(204);
      for (const id of [user.id, randomUUID(), 'not-a-uuid']) {
        expect((await deleteUser(id).expect(404)).body).toEqual({ message: Messages.userNotFound });
      }
      // Nor can a deleted user be changed or signed in as.
      await request(ctx.url)
        .patch(`/api/admin/users/${user.id}`)
        .set(bearer(admin))
        .send({ role: 'admin' })
        .expect(404);
      await request(ctx.url).post(`/api/admin/users/${user.id}/impersonate`).set(bearer(admin)).expect(404);
    });
  });

  describe('the final cleanup', () => {
    /**
     * Every row of every table, as JSON text. The webhook outbox is a queue, empty once its deliveries are made
     * (a deleted subscription's rows are dropped when claimed): it holds no one's data to clean up.
     */
    async function snapshot(): Promise<Map<string, string[]>> {
      const tables = await rows(
        // A partition's rows are read through its partitioned table.
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('migrations', 'webhook_outbox')
            AND tablename NOT IN (SELECT relname FROM pg_class WHERE relispartition)
         ORDER BY tablename`,
      );
      const result = new Map<string, string[]>();
      for (const { tablename } of tables) {
        const found = await rows(`SELECT to_jsonb(t)::text AS row FROM "${tablename}" t`);
        result.set(tablename, found.map((r) => r.row as string).sort());
      }
      return result;
    }

    /**
     * The rows that belong to the deleted account or bots: those naming one of `roots`, or the id of a
     * row that does (a broadcast's file names only its broadcast). The audit log keeps its rows by design.
     */
    function belonging(tables: Map<string, string[]>, roots: string[]): Map<string, Set<string>> {
      const ids = new Set(roots);
      const found = new Map([...tables.keys()].map((table) => [table, new Set<string>()]));
      for (let grew = true; grew;) {
        grew = false;
        for (const [table, all] of tables) {
          if (table === 'audit_log') continue;
          for (const row of all) {
            if (found.get(table)!.has(row) || ![...ids].some((id) => row.includes(id))) continue;
            found.get(table)!.add(row);
            grew = true;
            const id = (JSON.parse(row) as { id?: unknown }).id;
            if (typeof id === 'string' && UUID.test(id)) ids.add(id);
          }
        }
      }
      return found;
    }

    it('removes exactly the deleted account’s and the deleted bot’s rows from every table; live data stays as it was', async () => {
      // What the tests above deleted goes first, so only this test's deletions are left to compare.
      await ctx.app.get(CleanupService).runOnce();
      const live = await registerUser(ctx);
      const gone = await registerUser(ctx);
      const liveBot = await botWithData(ctx, live);
      const deletedBot = await botWithData(ctx, live);
      const goneBot = await botWithData(ctx, gone);
      await accountData(ctx, live, admin, receiver, liveBot.bot.id);
      await accountData(ctx, gone, admin, receiver, goneBot.bot.id);
      await request(ctx.url)
        .post('/api/me/webhooks')
        .set(bearer(live))
        .send({ url: receiver.url, events: ['contact.created'], bot_id: deletedBot.bot.id })
        .expect(201);
      const member = await registerUser(ctx);
      await ctx.db.query(`INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, 'observer')`, [
        live.user.id,
        member.user.id,
      ]);

      await request(ctx.url).delete(`/api/bots/${deletedBot.bot.id}`).set(bearer(live)).expect(204);
      await deleteUser(gone.user.id).expect(204);

      const before = await snapshot();
      const removable = belonging(before, [gone.user.id, goneBot.bot.id, deletedBot.bot.id]);
      // Every table that holds account or bot data has rows on both sides, so the comparison below covers it.
      // Sessions and team places of the deleted account already went with the deletion; plans and the audit belong to no one.
      const ownerless = ['audit_log', 'sessions', 'tariffs', 'team_members'];
      const coverage = [...before].map(([table, all]) => ({
        table,
        removable: removable.get(table)!.size > 0 || ownerless.includes(table),
        kept: all.length > removable.get(table)!.size,
      }));
      expect(coverage).toEqual([...before.keys()].map((table) => ({ table, removable: true, kept: true })));

      // Batches of two rows, so every table is emptied over several statements.
      expect(await ctx.app.get(CleanupService).runOnce({ batchSize: 2 })).toEqual({ bots: 2, accounts: 1 });

      const after = await snapshot();
      const expected = new Map(
        [...before].map(([table, all]) => [table, all.filter((row) => !removable.get(table)!.has(row))]),
      );
      const counts = (tables: Map<string, string[]>) =>
        Object.fromEntries([...tables].map(([table, all]) => [table, all.length]));
      expect(counts(after)).toEqual(counts(expected));
      for (const [table, all] of after) expect({ table, rows: all }).toEqual({ table, rows: expected.get(table) });

      // The audit still names the account by its address.
      const audit = await request(ctx.url).get('/api/admin/audit').set(bearer(admin)).expect(200);
      expect(
        audit.body.data.find(
          (e: { action: string; target: { id: string } | null }) =>
            e.action === 'delete_user' && e.target?.id === gone.user.id,
        ),
      ).toMatchObject({
        target: { id: gone.user.id, email: gone.email.toLowerCase() },
      });
      // A second run finds nothing.
      expect(await ctx.app.get(CleanupService).runOnce()).toEqual({ bots: 0, accounts: 0 });
    });

    it('empties every table of bot data in batches before the bot row goes, so no cascade is left to run long', async () => {
      const withBotData = await rows(
        `SELECT DISTINCT conrelid::regclass::text AS name FROM pg_constraint WHERE contype = 'f' AND confrelid = 'bots'::regclass
         UNION SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'bot_id'
         -- A partition is emptied through its partitioned table.
         EXCEPT SELECT relname FROM pg_class WHERE relispartition`,
      );
      const batched = BOT_DATA.map((step) => step.table);
      // Touches go with their contacts, along touches_by_contact.
      expect(withBotData.map((t) => t.name as string).filter((name) => !batched.includes(name))).toEqual(['touches']);
    });

    it('keeps deleted data until DELETED_DATA_RETENTION_DAYS have passed', async () => {
      const owner = await registerUser(ctx);
      const bound = await bindTelegramBot(ctx, owner.token);
      await request(ctx.url).delete(`/api/bots/${bound.bot.id}`).set(bearer(owner)).expect(204);
      const oneDay = new CleanupService(ctx.app.get(DataSource), ctx.app.get(UsersRepository), {
        ...ctx.config,
        deletedDataRetentionDays: 1,
      });

      expect(await oneDay.runOnce()).toEqual({ bots: 0, accounts: 0 });
      await ctx.db.query(`UPDATE bots SET deleted_at = now() - interval '25 hours' WHERE id = $1`, [bound.bot.id]);
      expect(await oneDay.runOnce()).toEqual({ bots: 1, accounts: 0 });
      expect(await rows(`SELECT id FROM bots WHERE id = $1`, [bound.bot.id])).toEqual([]);
    });
  });
});
