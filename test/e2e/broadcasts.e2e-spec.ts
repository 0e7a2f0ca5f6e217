import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { FakeMax, FakeTelegram } from '../fakes';
import { addMaxContacts, messagesPerChat, telegramBotWithContacts } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindMaxBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

/** A small limit (the pacing itself is held to the clock in broadcast-pacing.e2e-spec.ts, alone). */
const RATE = 10;

describe('POST /api/v1/bots/{id}/broadcast (scope write)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let writeKey: string;

  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: String(RATE) });
    owner = await registerUser(ctx);
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
  });
  afterAll(() => ctx.close());

  const broadcast = (botId: string, body: unknown, key = writeKey) =>
    request(ctx.url)
      .post(`/api/v1/bots/${botId}/broadcast`)
      .set('X-API-Key', key)
      .send(body as object);

  const telegramBotWith = (ids: number[]) => telegramBotWithContacts(ctx, owner, ids);

  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  const outMessages = (botId: string) =>
    ctx.db.query(
      `SELECT external_user_id, text FROM messages WHERE bot_id = $1 AND direction = 'out' ORDER BY external_user_id`,
      [botId],
    );

  describe('errors', () => {
    let botId: string;
    beforeAll(async () => {
      botId = (await telegramBotWith([1])).bot.id;
    });

    it.each([
      ['no text', {}, Messages.textRequired],
      ['an empty text', { text: '' }, Messages.textRequired],
      ['a text of spaces', { text: '   ' }, Messages.textRequired],
      ['a text that is not a string', { text: 42 }, Messages.textRequired],
      ['4001 characters', { text: 'x'.repeat(4001) }, Messages.textTooLong],
    ])('answers 400 for %s', async (_, body, message) => {
      const res = await broadcast(botId, body).expect(400);
      expect(res.body).toEqual({ message });
    });

    it('accepts exactly 4000 characters (counted as characters, not bytes)', async () => {
      const res = await broadcast(botId, { text: 'я'.repeat(4000) }).expect(200);
      expect(res.body).toMatchObject({ total_count: 1, sent_count: 1, failed_count: 0 });
    });

    it('answers 400 "Broadcast requires bot token" for an analytics-only bot', async () => {
      const bare = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'telegram', name: 'stats' })
        .expect(201);
      const res = await broadcast(bare.body.id, { text: 'hi' }).expect(400);
      expect(res.body).toEqual({ message: Messages.broadcastNeedsToken });
    });

    it("answers 403 to a read-only key, 404 for another user's bot and for an unknown id", async () => {
      const read = await issueKey(ctx, owner.token, ['read']);
      expect((await broadcast(botId, { text: 'hi' }, read.key).expect(403)).body).toEqual({
        message: Messages.scopeRequired('write'),
      });
      const stranger = await registerUser(ctx);
      const theirKey = (await issueKey(ctx, stranger.token, ['write'])).key;
      expect((await broadcast(botId, { text: 'hi' }, theirKey).expect(404)).body).toEqual({
        message: Messages.botNotFound,
      });
      expect((await broadcast('00000000-0000-0000-0000-000000000000', { text: 'hi' }).expect(404)).body).toEqual({
        message: Messages.botNotFound,
      });
      expect((await broadcast('not-an-id', { text: 'hi' }).expect(404)).body).toEqual({
        message: Messages.botNotFound,
      });
    });
  });

  it('goes to all contacts of the bot, blocked ones included (their 403 counts as failed), stores each sent one as out', async () => {
    const { bot, token } = await telegramBotWith([101, 102, 103, 104]);
    await ctx.db.query(`UPDATE contacts SET blocked_at = now() WHERE bot_id = $1 AND external_user_id = '104'`, [
      bot.id,
    ]);
    ctx.telegram.blockUser(token, 104);

    const res = await broadcast(bot.id, { text: 'Скидки!' }).expect(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      total_count: 4,
      sent_count: 3,
      failed_count: 1,
      created_at: expect.any(String),
    });
    expect(Object.keys(res.body).sort()).toEqual(['created_at', 'failed_count', 'id', 'sent_count', 'total_count']);
    expect(messagesPerChat(ctx.telegram.sentMessages(token))).toEqual(
      new Map([
        ['101', 1],
        ['102', 1],
        ['103', 1],
      ]),
    );
    expect(
      ctx.telegram
        .callsOf('sendMessage')
        .filter((c) => c.token === token && c.params.chat_id !== 104 && c.params.chat_id !== '104')
        .map((c) => c.params.text),
    ).toEqual(['Скидки!', 'Скидки!', 'Скидки!']);
    expect((await outMessages(bot.id)).rows).toEqual([
      { external_user_id: '101', text: 'Скидки!' },
      { external_user_id: '102', text: 'Скидки!' },
      { external_user_id: '103', text: 'Скидки!' },
    ]);
    const listed = await request(ctx.url).get(`/api/bots/${bot.id}/broadcasts`).set(bearer(owner)).expect(200);
    expect(listed.body.data[0]).toMatchObject({ id: res.body.id, segment: {} });
  });

  it('answers 0 counts at once for a bot without contacts', async () => {
    const { bot } = await telegramBotWith([]);
    const res = await broadcast(bot.id, { text: 'anyone?' }).expect(200);
    expect(res.body).toMatchObject({ total_count: 0, sent_count: 0, failed_count: 0 });
  });

  it('two identical calls send two broadcasts', async () => {
    const { bot, token } = await telegramBotWith([201, 202]);
    const [first, second] = await Promise.all([
      broadcast(bot.id, { text: 'twice' }).expect(200),
      broadcast(bot.id, { text: 'twice' }).expect(200),
    ]);
    expect(first.body.id).not.toBe(second.body.id);
    expect(messagesPerChat(ctx.telegram.sentMessages(token))).toEqual(
      new Map([
        ['201', 2],
        ['202', 2],
      ]),
    );
    expect((await outMessages(bot.id)).rows).toHaveLength(4);
  });

  // One recipient each: a 429 pauses every send of the bot, so with several recipients the refusals would spread over them.
  it('a 429 waits retry_after and retries that recipient; 3 refusals in a row (the 3 retries allowed) still end in a send', async () => {
    const { bot, token } = await telegramBotWith([301]);
    ctx.telegram.failNext('sendMessage', FakeTelegram.tooManyRequests(1), 3);
    const res = await broadcast(bot.id, { text: 'retry' }).expect(200);

    expect(res.body).toMatchObject({ total_count: 1, sent_count: 1, failed_count: 0 });
    expect(messagesPerChat(ctx.telegram.sentMessages(token))).toEqual(new Map([['301', 1]]));
    const calls = ctx.telegram.callsOf('sendMessage').filter((c) => c.token === token);
    expect(calls).toHaveLength(4);
    // Each retry came no sooner than the retry_after of 1 s the platform asked for.
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(990);
    expect((await outMessages(bot.id)).rows).toEqual([{ external_user_id: '301', text: 'retry' }]);
  });

  it('a recipient refused with 429 four times (the first try and 3 retries) counts as failed', async () => {
    const { bot, token } = await telegramBotWith([401]);
    ctx.telegram.failNext('sendMessage', FakeTelegram.tooManyRequests(1), 4);
    const res = await broadcast(bot.id, { text: 'give up' }).expect(200);

    expect(res.body).toMatchObject({ total_count: 1, sent_count: 0, failed_count: 1 });
    expect(ctx.telegram.callsOf('sendMessage').filter((c) => c.token === token)).toHaveLength(4);
    expect(ctx.telegram.sentMessages(token)).toHaveLength(0);
    const recipients = await ctx.db.query(
      `SELECT external_user_id, status, attempts, error FROM broadcast_recipients WHERE broadcast_id = $1`,
      [res.body.id],
    );
    expect(recipients.rows).toEqual([
      { external_user_id: '401', status: 'failed', attempts: 4, error: '429 Too Many Requests: retry after 1' },
    ]);
    expect((await outMessages(bot.id)).rows).toEqual([]);
  });

  it('a 403 marks the contact blocked and counts it failed; other refusals count failed and the loop goes on', async () => {
    const { bot, token } = await telegramBotWith([501, 502, 503]);
    ctx.telegram.blockUser(token, 501);
    ctx.telegram.chatNotFound(token, 502);
    const res = await broadcast(bot.id, { text: 'hello' }).expect(200);

    expect(res.body).toMatchObject({ total_count: 3, sent_count: 1, failed_count: 2 });
    const contacts = await ctx.db.query(
      `SELECT external_user_id, blocked_at IS NOT NULL AS blocked FROM contacts WHERE bot_id = $1 ORDER BY external_user_id`,
      [bot.id],
    );
    expect(contacts.rows).toEqual([
      { external_user_id: '501', blocked: true },
      { external_user_id: '502', blocked: false },
      { external_user_id: '503', blocked: false },
    ]);
    expect((await outMessages(bot.id)).rows).toEqual([{ external_user_id: '503', text: 'hello' }]);
    // The next one still counts all three: the open API's broadcast goes to all contacts of the bot.
    const next = await broadcast(bot.id, { text: 'again' }).expect(200);
    expect(next.body).toMatchObject({ total_count: 3, sent_count: 1, failed_count: 2 });
  });

  it('keeps going when the client goes away: the broadcast finishes and is reported', async () => {
    const { bot, token } = await telegramBotWith(range(2000, 15));
    const url = new URL(`${ctx.url}/api/v1/bots/${bot.id}/broadcast`);
    const body = JSON.stringify({ text: 'after you left' });
    const aborted = new Promise<string>((resolve) => {
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-api-key': writeKey,
        },
      });
      req.on('response', () => resolve('answered'));
      req.on('error', () => resolve('aborted'));
      req.end(body);
      setTimeout(() => req.destroy(), 500);
    });
    expect(await aborted).toBe('aborted');
    const sentAtAbort = ctx.telegram.sentMessages(token).length;
    expect(sentAtAbort).toBeLessThan(15);

    const listed = await eventually(async () => {
      const res = await request(ctx.url).get(`/api/bots/${bot.id}/broadcasts`).set(bearer(owner)).expect(200);
      expect(res.body.data[0]).toMatchObject({ status: 'done', total_count: 15, sent_count: 15, failed_count: 0 });
      return res.body.data[0];
    }, 10_000);
    expect(listed.text).toBe('after you left');
    expect(messagesPerChat(ctx.telegram.sentMessages(token)).size).toBe(15);
    expect((await outMessages(bot.id)).rows).toHaveLength(15);
  });

  it('broadcasts on MAX with POST /messages?user_id= and stores each as out', async () => {
    const bound = await bindMaxBot(ctx, owner.token);
    await addMaxContacts(
      ctx,
      { id: bound.bot.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' },
      [7001, 7002],
    );
    ctx.max.failNext('POST /messages', {
      status: 429,
      body: FakeMax.tooManyRequests.body,
      headers: { 'Retry-After': '1' },
    });

    const res = await broadcast(bound.bot.id, { text: 'Привет из MAX' }).expect(200);
    expect(res.body).toMatchObject({ total_count: 2, sent_count: 2, failed_count: 0 });
    const calls = ctx.max.callsOf('POST', '/messages').filter((c) => c.token === bound.token);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.query.user_id))).toEqual(new Set(['7001', '7002']));
    // The refused one was tried again after the Retry-After header's second.
    const refused = calls[0];
    const retried = calls.slice(1).find((c) => c.query.user_id === refused.query.user_id)!;
    expect(retried.at - refused.at).toBeGreaterThanOrEqual(990);
    expect(messagesPerChat(ctx.max.sentMessages(bound.token))).toEqual(
      new Map([
        ['7001', 1],
        ['7002', 1],
      ]),
    );
    expect((await outMessages(bound.bot.id)).rows).toEqual([
      { external_user_id: '7001', text: 'Привет из MAX' },
      { external_user_id: '7002', text: 'Привет из MAX' },
    ]);
  });
});
