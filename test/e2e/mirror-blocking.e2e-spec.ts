import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** Contract §6: a send the platform refuses with 403 marks the contact blocked; the bot's answer stays the platform's. */
describe('Mirror: a send answered 403 marks the contact blocked (contract §4, §6)', () => {
  let ctx: TestApp;
  let session: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    session = (await registerUser(ctx)).token;
  });
  afterAll(() => ctx.close());

  const contactsOf = async (botId: string) =>
    (
      await ctx.db.query<{ external_user_id: string; blocked: boolean }>(
        `SELECT external_user_id, blocked_at IS NOT NULL AS blocked FROM contacts WHERE bot_id = $1 ORDER BY external_user_id`,
        [botId],
      )
    ).rows;
  const storedOutbound = async (botId: string) =>
    (await ctx.db.query(`SELECT external_user_id, text FROM messages WHERE bot_id = $1 AND direction = 'out'`, [botId]))
      .rows;

  describe('Telegram', () => {
    const api = (token: string, method: string) => `${ctx.url}/tg/bot${token}/${method}`;
    const blockedByUser = { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' };

    /** The user writes, the bot polls it through the mirror: the contact exists, not blocked. */
    async function contactWrites(token: string, botId: string, userIds: number[]): Promise<void> {
      for (const id of userIds) ctx.telegram.message(token, { from: { id, first_name: `U${id}` }, text: 'hi' });
      const polled = (await (await fetch(api(token, 'getUpdates'))).json()) as { result: unknown[] };
      expect(polled.result).toHaveLength(userIds.length);
      await eventually(async () =>
        expect(await contactsOf(botId)).toEqual(
          userIds.map((id) => ({ external_user_id: String(id), blocked: false })),
        ),
      );
    }

    it('a JSON sendMessage and an urlencoded sendPhoto answered 403 get the 403 unchanged and block their contacts', async () => {
      const { token, bot } = await bindTelegramBot(ctx, session);
      await contactWrites(token, bot.id, [6610001, 6610002, 6610003]);
      ctx.telegram.blockUser(token, 6610001);
      ctx.telegram.blockUser(token, 6610002);

      const json = await fetch(api(token, 'sendMessage'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 6610001, text: 'are you there?' }),
      });
      expect(json.status).toBe(403);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await json.json()).toEqual(blockedByUser);

      const form = await fetch(`${api(token, 'sendPhoto')}?caption=look`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'chat_id=6610002&photo=AgACAgIAAx0',
      });
      expect(form.status).toBe(403);
      expect(await form.json()).toEqual(blockedByUser);

      await eventually(async () =>
        expect(await contactsOf(bot.id)).toEqual([
          { external_user_id: '6610001', blocked: true },
          { external_user_id: '6610002', blocked: true },
          { external_user_id: '6610003', blocked: false },
        ]),
      );
      expect(await storedOutbound(bot.id)).toEqual([]);
    });

    it('a 403 for a chat with no contact creates none', async () => {
      const { token, bot } = await bindTelegramBot(ctx, session);
      await contactWrites(token, bot.id, [6620001]);
      ctx.telegram.blockUser(token, 6620001);
      ctx.telegram.blockUser(token, 6620099);

      const stranger = await fetch(api(token, 'sendMessage'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 6620099, text: 'hello?' }),
      });
      expect(stranger.status).toBe(403);
      expect(await stranger.json()).toEqual(blockedByUser);
      const known = await fetch(api(token, 'sendMessage'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 6620001, text: 'hello?' }),
      });
      expect(known.status).toBe(403);

      // The known contact's block is recorded after the stranger's 403, so by then that one was handled too.
      await eventually(async () =>
        expect(await contactsOf(bot.id)).toEqual([{ external_user_id: '6620001', blocked: true }]),
      );
    });
  });

  describe('MAX', () => {
    const post = (token: string, query: string, text: string) =>
      fetch(`${ctx.url}/max/messages?${query}`, {
        method: 'POST',
        headers: { Authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
    const chatDenied = { code: 'chat.denied', message: 'chat.denied: dialog.suspended' };

    async function contactWrites(token: string, botId: string, userIds: number[]): Promise<void> {
      for (const userId of userIds)
        ctx.max.messageCreated(token, { sender: { user_id: userId, first_name: `U${userId}` }, text: 'hi' });
      const polled = (await (
        await fetch(`${ctx.url}/max/updates?timeout=0`, { headers: { Authorization: token } })
      ).json()) as {
        updates: unknown[];
      };
      expect(polled.updates).toHaveLength(userIds.length);
      await eventually(async () =>
        expect(await contactsOf(botId)).toEqual(
          userIds.map((id) => ({ external_user_id: String(id), blocked: false })),
        ),
      );
    }

    it('POST /messages?user_id= answered 403 gets the 403 unchanged and blocks the contact', async () => {
      const { token, bot } = await bindMaxBot(ctx, session);
      await contactWrites(token, bot.id, [7710001, 7710002]);
      ctx.max.blockUser(token, 7710001);

      const res = await post(token, 'user_id=7710001', 'are you there?');
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(chatDenied);

      await eventually(async () =>
        expect(await contactsOf(bot.id)).toEqual([
          { external_user_id: '7710001', blocked: true },
          { external_user_id: '7710002', blocked: false },
        ]),
      );
      expect(await storedOutbound(bot.id)).toEqual([]);
    });

    it('a 403 for a user with no contact creates none', async () => {
      const { token, bot } = await bindMaxBot(ctx, session);
      await contactWrites(token, bot.id, [7720001]);
      ctx.max.blockUser(token, 7720099);
      ctx.max.blockUser(token, 7720001);

      const stranger = await post(token, 'user_id=7720099', 'hello?');
      expect(stranger.status).toBe(403);
      expect(await stranger.json()).toEqual(chatDenied);
      expect((await post(token, 'user_id=7720001', 'hello?')).status).toBe(403);

      // The known contact's block is recorded after the stranger's 403, so by then that one was handled too.
      await eventually(async () =>
        expect(await contactsOf(bot.id)).toEqual([{ external_user_id: '7720001', blocked: true }]),
      );
    });
  });
});
