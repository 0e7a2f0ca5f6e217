import { EventEmitter2 } from '@nestjs/event-emitter';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindTelegramBot, maxToken, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import request from 'supertest';
import { bearer } from './support/session';

const DAY = 86400;
const now = Math.floor(Date.now() / 1000);

function tgMessage(updateId: number, userId: number, text: string, date = now, extra: Record<string, unknown> = {}) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: {
        id: userId,
        is_bot: false,
        first_name: `User${userId}`,
        username: `user${userId}`,
        language_code: 'ru',
        ...extra,
      },
      chat: { id: userId, type: 'private' },
      date,
      text,
    },
  };
}

describe('Ingest: facts from traffic (contract §6)', () => {
  let ctx: TestApp;
  let capture: CaptureService;
  let bot: CaptureBot;
  const events: Array<{ name: string; payload: Record<string, unknown> }> = [];

  beforeAll(async () => {
    ctx = await startTestApp();
    capture = ctx.app.get(CaptureService);
    const owner = await registerUser(ctx);
    const bound = await bindTelegramBot(ctx, owner.token);
    bot = { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    const bus = ctx.app.get(EventEmitter2);
    for (const name of ['contact.created', 'message.created', 'message.outbound']) {
      bus.on(name, (payload: Record<string, unknown>) => events.push({ name, payload }));
    }
  });
  afterAll(() => ctx.close());

  const contact = async (userId: number) =>
    (await ctx.db.query(`SELECT * FROM contacts WHERE bot_id = $1 AND external_user_id = $2`, [bot.id, String(userId)]))
      .rows[0];

  it('makes a contact, a message and the events from a first /start with a parameter', async () => {
    await capture.inboundUpdates(bot, [
      tgMessage(1, 501, '/start utm_source=vk|utm_campaign=Spring', now - 60, { is_premium: true }),
    ]);
    const c = await contact(501);
    expect(c).toMatchObject({
      username: 'user501',
      first_name: 'User501',
      is_premium: true,
      language_code: 'ru',
      source_value: 'vk',
      campaign_name: 'Spring',
      touches: 1,
      messages_in: 1,
      messages_out: 0,
      last_text: '/start utm_source=vk|utm_campaign=Spring',
      last_direction: 'in',
    });
    expect(c.last_seen_at.getTime()).toBe((now - 60) * 1000);
    const messages = await ctx.db.query(`SELECT * FROM messages WHERE contact_id = $1`, [c.id]);
    expect(messages.rows).toHaveLength(1);
    expect(messages.rows[0]).toMatchObject({
      direction: 'in',
      external_user_id: '501',
      platform_message_id: '1',
      dedupe_key: 'tg:update:1',
    });
    const [raw] = (
      await ctx.db.query(`SELECT raw_json FROM message_raws WHERE message_id = $1 AND created_at = $2`, [
        messages.rows[0].id,
        messages.rows[0].created_at,
      ])
    ).rows;
    expect(raw.raw_json.update_id).toBe(1);
    expect(events.map((e) => e.name)).toEqual(['contact.created', 'message.created']);
    expect(events[0].payload).toMatchObject({
      bot_id: bot.id,
      contact_id: c.id,
      external_user_id: '501',
      source_value: 'vk',
      campaign_name: 'Spring',
      userId: bot.userId,
    });
    expect(events[1].payload).toMatchObject({
      bot_id: bot.id,
      message_id: messages.rows[0].id,
      direction: 'in',
      text: '/start utm_source=vk|utm_campaign=Spring',
    });
  });

  it('stores the same update once, however often it arrives', async () => {
    events.length = 0;
    // Redelivered as Telegram redelivers: the same update, its date included (the date is part of the dedupe key,
    // messages being partitioned by it).
    const again = () => tgMessage(1, 501, '/start utm_source=vk|utm_campaign=Spring', now - 60, { is_premium: true });
    await Promise.all([capture.inboundUpdates(bot, [again()]), capture.inboundUpdates(bot, [again()])]);
    const count = await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id]);
    expect(count.rows[0].n).toBe(1);
    expect((await contact(501)).messages_in).toBe(1);
    expect(events).toEqual([]);
  });

  it('keeps first-touch attribution and counts every touch', async () => {
    await capture.inboundUpdates(bot, [
      tgMessage(2, 501, '/start utm_source=ads', now - 30),
      tgMessage(3, 501, '/start', now - 20),
    ]);
    const c = await contact(501);
    expect(c).toMatchObject({ source_value: 'vk', campaign_name: 'Spring', touches: 3, messages_in: 3 });
    const rollups = await ctx.db.query(
      `SELECT source_value, campaign_name, contacts_count, touches FROM source_rollups WHERE bot_id = $1 ORDER BY 1, 2`,
      [bot.id],
    );
    expect(rollups.rows).toEqual([
      { source_value: '', campaign_name: '', contacts_count: 0, touches: 1 },
      { source_value: 'ads', campaign_name: '', contacts_count: 0, touches: 1 },
      { source_value: 'vk', campaign_name: 'Spring', contacts_count: 1, touches: 1 },
    ]);
  });

  it('records outbound sends from the platform answer, and the dialog shows the last message', async () => {
    events.length = 0;
    const sent = {
      message_id: 77,
      from: { id: 1, is_bot: true },
      chat: { id: 501, type: 'private' },
      date: now,
      text: 'Привет! '.repeat(40),
    };
    await capture.outboundResult(bot, 'sendmessage', null, sent);
    await capture.outboundResult(bot, 'sendmessage', null, sent);
    const c = await contact(501);
    expect(c).toMatchObject({ messages_out: 1, last_direction: 'out' });
    expect(Array.from(c.last_text as string)).toHaveLength(200);
    expect(events.map((e) => e.name)).toEqual(['message.outbound']);
    expect(events[0].payload).toMatchObject({ direction: 'out', external_user_id: '501' });
  });

  it('keeps daily_stats in step with the stored messages and new contacts', async () => {
    await capture.inboundUpdates(bot, [tgMessage(10, 601, 'old', now - 3 * DAY), tgMessage(11, 602, 'hello', now)]);
    const days = await ctx.db.query(
      `SELECT day::text, messages_in, messages_out, new_contacts FROM daily_stats WHERE bot_id = $1 ORDER BY day`,
      [bot.id],
    );
    const totals = days.rows.reduce(
      (a, d) => ({ in: a.in + d.messages_in, out: a.out + d.messages_out, contacts: a.contacts + d.new_contacts }),
      { in: 0, out: 0, contacts: 0 },
    );
    const real = await ctx.db.query(
      `SELECT (SELECT count(*) FROM messages WHERE bot_id = $1 AND direction = 'in')::int AS i,
              (SELECT count(*) FROM messages WHERE bot_id = $1 AND direction = 'out')::int AS o,
              (SELECT count(*) FROM contacts WHERE bot_id = $1)::int AS c`,
      [bot.id],
    );
    expect(totals).toEqual({ in: real.rows[0].i, out: real.rows[0].o, contacts: real.rows[0].c });
    const threeDaysAgo = new Date((now - 3 * DAY) * 1000).toISOString().slice(0, 10);
    expect(days.rows.find((d) => d.day === threeDaysAgo)).toEqual({
      day: threeDaysAgo,
      messages_in: 1,
      messages_out: 0,
      new_contacts: 1,
    });
  });

  it('marks a contact blocked on my_chat_member kicked, and a later message clears it', async () => {
    const member = (updateId: number, status: string, date: number) => ({
      update_id: updateId,
      my_chat_member: {
        chat: { id: 602, type: 'private' },
        from: { id: 602, is_bot: false, first_name: 'U' },
        date,
        new_chat_member: { status },
      },
    });
    await capture.inboundUpdates(bot, [member(20, 'kicked', now + 1)]);
    expect((await contact(602)).blocked_at).not.toBeNull();
    await capture.inboundUpdates(bot, [tgMessage(21, 602, 'back', now + 2)]);
    expect((await contact(602)).blocked_at).toBeNull();
  });

  it("ignores group chats and bots, and takes the phone only from the user's own contact", async () => {
    const group = tgMessage(30, 701, 'in a group');
    group.message.chat = { id: -100, type: 'group' };
    await capture.inboundUpdates(bot, [group]);
    expect(await contact(701)).toBeUndefined();

    const shared = tgMessage(31, 702, '');
    Object.assign(shared.message, {
      text: undefined,
      contact: { phone_number: '+79990001122', first_name: 'Me', user_id: 702 },
    });
    const other = tgMessage(32, 703, '');
    Object.assign(other.message, {
      text: undefined,
      contact: { phone_number: '+70000000000', first_name: 'Friend', user_id: 999 },
    });
    await capture.inboundUpdates(bot, [shared, other]);
    expect((await contact(702)).phone).toBe('+79990001122');
    expect((await contact(703)).phone).toBeNull();
  });

  it('stores every update exactly once under concurrent load, in shared transactions', async () => {
    const before = (await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id])).rows[0]
      .n;
    await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        capture.inboundUpdates(bot, [
          tgMessage(1000 + i, 800 + (i % 40), `m${i}`),
          tgMessage(1000 + (i % 50), 800, 'dup'),
        ]),
      ),
    );
    const after = (await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id])).rows[0].n;
    expect(after - before).toBe(400);
    const contacts = await ctx.db.query(
      `SELECT sum(messages_in)::int AS n FROM contacts WHERE bot_id = $1 AND external_user_id::bigint BETWEEN 800 AND 839`,
      [bot.id],
    );
    expect(contacts.rows[0].n).toBe(400);
  });

  it('files each message under a contact of its own bot when two bots in one batch share a platform user (messages have no key to bots)', async () => {
    const owner = await registerUser(ctx);
    const second = await bindTelegramBot(ctx, owner.token);
    const other: CaptureBot = { id: second.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await Promise.all([
      capture.inboundUpdates(bot, [tgMessage(7100, 710, 'to the first bot')]),
      capture.inboundUpdates(other, [tgMessage(7100, 710, 'to the second bot')]),
    ]);
    const stored = await ctx.db.query(
      `SELECT m.bot_id, c.bot_id AS contact_bot_id, m.text FROM messages m JOIN contacts c ON c.id = m.contact_id
        WHERE m.bot_id = ANY($1::uuid[]) AND m.external_user_id = '710' ORDER BY m.text`,
      [[bot.id, other.id]],
    );
    expect(stored.rows).toEqual([
      { bot_id: bot.id, contact_bot_id: bot.id, text: 'to the first bot' },
      { bot_id: other.id, contact_bot_id: other.id, text: 'to the second bot' },
    ]);
  });

  it('rolls a failed shared transaction back whole: the failing caller stores nothing, the callers batched with it are stored', async () => {
    const sent = { message_id: 77, chat: { id: 901, type: 'private' }, date: now, text: 'never stored' };
    const failing = capture.recordSent(bot, 'sendmessage', { chat_id: 901, text: 'never stored' }, sent, () => ({
      text: 'SELECT 1/0',
      values: [],
    }));
    const batchedWithIt = Array.from({ length: 5 }, (_, i) =>
      capture.inboundUpdates(bot, [tgMessage(5000 + i, 902, `kept ${i}`)]),
    );
    await expect(failing).rejects.toThrow('division by zero');
    await Promise.all(batchedWithIt);
    expect(await contact(901)).toBeUndefined();
    expect(
      (
        await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND external_user_id = '901'`, [
          bot.id,
        ])
      ).rows[0].n,
    ).toBe(0);
    expect((await contact(902)).messages_in).toBe(5);
  });

  it('turns MAX bot_started into an inbound /start with the payload, and stores MAX sends', async () => {
    const { token, id } = maxToken();
    ctx.max.addBot({ token, user_id: id, first_name: 'M', username: 'm_bot' });
    const owner = await registerUser(ctx);
    const created = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'max', name: 'M', token })
      .expect(201);
    const maxBot: CaptureBot = { id: created.body.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
    const ts = Date.now() - 1000;
    await capture.inboundUpdates(maxBot, [
      {
        update_type: 'bot_started',
        timestamp: ts,
        chat_id: 5000,
        user: { user_id: 42, first_name: 'Max', username: null },
        payload: 'promo',
        user_locale: 'ru',
      },
      {
        update_type: 'message_created',
        timestamp: ts + 10,
        user_locale: 'ru',
        message: {
          sender: { user_id: 42, first_name: 'Max' },
          recipient: { chat_id: 5000, chat_type: 'dialog' },
          timestamp: ts + 10,
          body: { mid: 'mid.1', text: 'hi' },
        },
      },
      { update_type: 'bot_stopped', timestamp: ts + 5, chat_id: 5000, user: { user_id: 42, first_name: 'Max' } },
    ]);
    await capture.outboundResult(
      maxBot,
      'POST /messages',
      { user_id: '42' },
      {
        message: {
          recipient: { chat_id: 5000, chat_type: 'dialog', user_id: 42 },
          timestamp: ts + 20,
          body: { mid: 'mid.2', text: 'reply' },
        },
      },
    );
    const rows = await ctx.db.query(`SELECT direction, text FROM messages WHERE bot_id = $1 ORDER BY created_at`, [
      maxBot.id,
    ]);
    expect(rows.rows).toEqual([
      { direction: 'in', text: '/start promo' },
      { direction: 'in', text: 'hi' },
      { direction: 'out', text: 'reply' },
    ]);
    const c = (await ctx.db.query(`SELECT * FROM contacts WHERE bot_id = $1`, [maxBot.id])).rows[0];
    expect(c).toMatchObject({
      external_user_id: '42',
      source_value: 'promo',
      touches: 1,
      messages_in: 2,
      messages_out: 1,
      language_code: 'ru',
      blocked_at: null,
    });
  });
});
