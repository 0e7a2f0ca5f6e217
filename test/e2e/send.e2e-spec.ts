import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureService } from '../../src/ingest/capture.service';
import { FakeTelegram } from '../fakes';
import { bindTelegramBot, issueKey, maxToken, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const now = Math.floor(Date.now() / 1000);

describe('POST /api/v1/bots/{id}/send (scope write)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let writeKey: string;
  let tg: { bot: { id: string }; token: string };

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
    tg = await bindTelegramBot(ctx, owner.token);
    await ctx.app
      .get(CaptureService)
      .inboundUpdates({ id: tg.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' }, [
        {
          update_id: 1,
          message: {
            message_id: 1,
            from: { id: 555, is_bot: false, first_name: 'Ann' },
            chat: { id: 555, type: 'private' },
            date: now,
            text: '/start',
          },
        },
      ]);
  });
  afterAll(() => ctx.close());

  const send = (botId: string, body: unknown, key = writeKey) =>
    request(ctx.url)
      .post(`/api/v1/bots/${botId}/send`)
      .set('X-API-Key', key)
      .send(body as object);

  it('sends through Telegram sendMessage, stores an out message and answers the spec shape', async () => {
    const res = await send(tg.bot.id, { userId: '555', text: 'Здравствуйте!' }).expect(200);
    expect(res.body).toEqual({
      ok: true,
      id: expect.any(String),
      direction: 'out',
      text: 'Здравствуйте!',
      created_at: expect.any(String),
      provider: {
        ok: true,
        result: expect.objectContaining({ message_id: expect.any(Number), text: 'Здравствуйте!' }),
      },
    });
    const call = ctx.telegram.callsOf('sendmessage').at(-1)!;
    expect(call.params).toMatchObject({ chat_id: '555', text: 'Здравствуйте!' });
    const stored = await ctx.db.query(`SELECT direction, text, external_user_id FROM messages WHERE id = $1`, [
      res.body.id,
    ]);
    expect(stored.rows).toEqual([{ direction: 'out', text: 'Здравствуйте!', external_user_id: '555' }]);
  });

  it.each([
    ['no userId', { text: 'hi' }, 400, Messages.userIdAndTextRequired],
    ['no text', { userId: '555' }, 400, Messages.userIdAndTextRequired],
    ['an empty text', { userId: '555', text: '' }, 400, Messages.userIdAndTextRequired],
    ['4001 characters', { userId: '555', text: 'x'.repeat(4001) }, 400, Messages.textTooLong],
    ['a user who is not a contact', { userId: '999', text: 'hi' }, 404, Messages.contactNotFound],
  ])('refuses %s with %i', async (_, body, status, message) => {
    const res = await send(tg.bot.id, body).expect(status);
    expect(res.body).toEqual({ message });
  });

  it('answers 400 "Personal send requires bot token" for an analytics-only bot', async () => {
    const bare = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'stats' })
      .expect(201);
    const res = await send(bare.body.id, { userId: '555', text: 'hi' }).expect(400);
    expect(res.body).toEqual({ message: Messages.sendNeedsToken });
  });

  it("answers 403 to a read-only key and 404 for another user's bot", async () => {
    const read = await issueKey(ctx, owner.token, ['read']);
    const denied = await send(tg.bot.id, { userId: '555', text: 'hi' }, read.key).expect(403);
    expect(denied.body).toEqual({ message: 'Недостаточно прав: требуется scope "write"' });
    const stranger = await registerUser(ctx);
    const theirKey = await issueKey(ctx, stranger.token, ['write']);
    const missing = await send(tg.bot.id, { userId: '555', text: 'hi' }, theirKey.key).expect(404);
    expect(missing.body).toEqual({ message: Messages.botNotFound });
  });

  it('answers 502 "Provider send failed" with the platform answer, and a 403 marks the contact blocked', async () => {
    ctx.telegram.blockUser(tg.token, 555);
    const res = await send(tg.bot.id, { userId: '555', text: 'hi' }).expect(502);
    expect(res.body).toEqual({
      message: Messages.providerSendFailed,
      provider: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    const contact = await ctx.db.query(
      `SELECT blocked_at FROM contacts WHERE bot_id = $1 AND external_user_id = '555'`,
      [tg.bot.id],
    );
    expect(contact.rows[0].blocked_at).not.toBeNull();
    ctx.telegram.unblockUser(tg.token, 555);

    ctx.telegram.failNext('sendmessage', FakeTelegram.tooManyRequests(7));
    const limited = await send(tg.bot.id, { userId: '555', text: 'hi' }).expect(502);
    expect(limited.body.provider).toMatchObject({ error_code: 429, parameters: { retry_after: 7 } });
  });

  it('sends on MAX with POST /messages?user_id= and the raw token header', async () => {
    const { token, id } = maxToken();
    ctx.max.addBot({ token, user_id: id, first_name: 'M', username: 'm_bot' });
    const bot = (
      await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'max', name: 'M', token })
        .expect(201)
    ).body;
    await ctx.app
      .get(CaptureService)
      .inboundUpdates({ id: bot.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' }, [
        { update_type: 'bot_started', timestamp: Date.now(), chat_id: 7001, user: { user_id: 77, first_name: 'Max' } },
      ]);
    const res = await send(bot.id, { userId: '77', text: 'Привет' }).expect(200);
    expect(res.body).toMatchObject({
      ok: true,
      direction: 'out',
      text: 'Привет',
      provider: { message: expect.objectContaining({ body: expect.objectContaining({ text: 'Привет' }) }) },
    });
    const call = ctx.max.callsOf('POST', '/messages').at(-1)!;
    expect(call.token).toBe(token);
    expect(call.query).toMatchObject({ user_id: '77' });
    const stored = await ctx.db.query(`SELECT direction, text FROM messages WHERE id = $1`, [res.body.id]);
    expect(stored.rows).toEqual([{ direction: 'out', text: 'Привет' }]);
  });

  describe('the cabinet dialogs (session API)', () => {
    it('lists dialogs, reads one dialog both ways, and replies with the same rules', async () => {
      const reply = await request(ctx.url)
        .post(`/api/bots/${tg.bot.id}/dialogs/555/messages`)
        .set(bearer(owner))
        .send({ text: 'Из кабинета' })
        .expect(201);
      expect(reply.body).toMatchObject({ ok: true, direction: 'out', text: 'Из кабинета', id: expect.any(String) });

      const dialogs = await request(ctx.url).get(`/api/bots/${tg.bot.id}/dialogs`).set(bearer(owner)).expect(200);
      expect(dialogs.body.limit).toBe(100);
      expect(dialogs.body.data[0]).toMatchObject({
        external_user_id: '555',
        last_text: 'Из кабинета',
        last_direction: 'out',
      });

      // Telegram times have whole seconds, so messages of the same second may come in any order.
      const history = await request(ctx.url)
        .get(`/api/bots/${tg.bot.id}/dialogs/555/messages`)
        .set(bearer(owner))
        .expect(200);
      expect(history.body.data.map((m: { direction: string; text: string }) => [m.direction, m.text])).toEqual(
        expect.arrayContaining([
          ['in', '/start'],
          ['out', 'Здравствуйте!'],
          ['out', 'Из кабинета'],
        ]),
      );
      expect(history.body.data.every((m: { external_user_id: string }) => m.external_user_id === '555')).toBe(true);
      const page = await request(ctx.url)
        .get(`/api/bots/${tg.bot.id}/dialogs/555/messages?limit=2`)
        .set(bearer(owner))
        .expect(200);
      expect(page.body).toMatchObject({ limit: 2, data: [expect.anything(), expect.anything()] });
    });

    it('answers the spec messages for a missing text and a stranger', async () => {
      const missing = await request(ctx.url)
        .post(`/api/bots/${tg.bot.id}/dialogs/555/messages`)
        .set(bearer(owner))
        .send({})
        .expect(400);
      expect(missing.body).toEqual({ message: Messages.userIdAndTextRequired });
      const unknown = await request(ctx.url)
        .post(`/api/bots/${tg.bot.id}/dialogs/404404/messages`)
        .set(bearer(owner))
        .send({ text: 'hi' })
        .expect(404);
      expect(unknown.body).toEqual({ message: Messages.contactNotFound });
      const stranger = await registerUser(ctx);
      const theirs = await request(ctx.url).get(`/api/bots/${tg.bot.id}/dialogs`).set(bearer(stranger)).expect(404);
      expect(theirs.body).toEqual({ message: Messages.botNotFound });
    });
  });

  // Last: it stops the fake Telegram.
  it('answers 502 "telegram ECONNREFUSED" when the platform cannot be reached', async () => {
    await ctx.telegram.close();
    const res = await send(tg.bot.id, { userId: '555', text: 'hi' }).expect(502);
    expect(res.body).toEqual({ message: 'telegram ECONNREFUSED' });
  });
});
