import { createHmac, timingSafeEqual } from 'node:crypto';
import request from 'supertest';
import { pressWindow } from '../../src/analytics/buttons.dto';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, bindTelegramProxyBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

let callbackIds = 0;
let updateIds = 70000;

/** A Telegram callback_query of a button under a message in the user's private chat (or a group's). */
function tgPress(
  userId: number,
  data: string,
  chat: 'private' | 'group' = 'private',
  callbackId = `cb${++callbackIds}`,
) {
  return {
    update_id: ++updateIds,
    callback_query: {
      id: callbackId,
      from: { id: userId, is_bot: false, first_name: 'Ann', username: 'ann' },
      chat_instance: '42',
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: chat === 'private' ? { id: userId, type: 'private' } : { id: -100, type: 'group', title: 'G' },
        text: 'Choose',
      },
      data,
    },
  };
}

/** A MAX message_callback of a button under a message of the user's dialog (or a group chat). */
function maxPress(
  userId: number,
  payload: string,
  at: number,
  chatType: 'dialog' | 'chat' = 'dialog',
  id = `mcb${++callbackIds}`,
) {
  return {
    update_type: 'message_callback',
    timestamp: at,
    callback: { timestamp: at, callback_id: id, payload, user: { user_id: userId, first_name: 'Max', is_bot: false } },
    message: {
      sender: { user_id: 1, first_name: 'Bot', is_bot: true },
      recipient: { chat_id: 500 + userId, chat_type: chatType },
      timestamp: at - 1000,
      body: { mid: `mid.${id}`, seq: 1, text: 'Choose' },
    },
    user_locale: 'ru',
  };
}

const inboundText = (userId: number, text: string, at: number) => ({
  update_id: ++updateIds,
  message: {
    message_id: updateIds,
    from: { id: userId, is_bot: false, first_name: 'U' },
    chat: { id: userId, type: 'private' },
    date: at,
    text,
  },
});

function signatureIsValid(secret: string, body: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('Button presses (issue 16)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let readKey: string;
  let capture: CaptureService;

  const presses = async (botId: string) =>
    (
      await ctx.db.query(
        `SELECT external_user_id, data FROM button_presses WHERE bot_id = $1 ORDER BY created_at, data`,
        [botId],
      )
    ).rows;
  const contact = async (botId: string, userId: string) =>
    (
      await ctx.db.query(
        `SELECT username, messages_in, messages_out, last_seen_at, blocked_at, last_at FROM contacts
          WHERE bot_id = $1 AND external_user_id = $2`,
        [botId, userId],
      )
    ).rows[0];
  const buttons = (botId: string, query = '') =>
    request(ctx.url).get(`/api/v1/bots/${botId}/buttons${query}`).set('X-API-Key', readKey);

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    capture = ctx.app.get(CaptureService);
  });
  afterAll(() => ctx.close());

  describe('recording', () => {
    it('records a Telegram press through the proxy once, as activity and not as a message; groups are ignored', async () => {
      const { bot, token } = await bindTelegramProxyBot(ctx, owner.token);
      const press = tgPress(7001, 'plan:pro');
      expect(await ctx.telegram.deliverWebhook(token, press)).toMatchObject({ status: 200 });
      // The platform's retry of the same update, and a press in a group chat.
      expect(await ctx.telegram.deliverWebhook(token, press)).toMatchObject({ status: 200 });
      expect(await ctx.telegram.deliverWebhook(token, tgPress(7001, 'plan:group', 'group'))).toMatchObject({
        status: 200,
      });

      expect(await presses(bot.id)).toEqual([{ external_user_id: '7001', data: 'plan:pro' }]);
      const row = await contact(bot.id, '7001');
      expect(row).toMatchObject({ username: 'ann', messages_in: 0, messages_out: 0, blocked_at: null, last_at: null });
      expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
      const messages = await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id]);
      expect(messages.rows[0].n).toBe(0);
      // Active: counted among the contacts active in the last 24 hours, with no message counted.
      const stats = await request(ctx.url).get(`/api/v1/bots/${bot.id}/stats`).set('X-API-Key', readKey).expect(200);
      expect(stats.body).toMatchObject({ contacts_active_24h: 1, messages_total: 0 });
    });

    it('records a Telegram press polled through the mirror (getUpdates)', async () => {
      const { bot, token } = await bindTelegramBot(ctx, owner.token);
      ctx.telegram.pushUpdate(token, tgPress(7002, 'menu:help'));
      const polled = (await (await fetch(`${ctx.url}/tg/bot${token}/getUpdates`)).json()) as { result: unknown[] };
      expect(polled.result).toHaveLength(1);
      await eventually(async () =>
        expect(await presses(bot.id)).toEqual([{ external_user_id: '7002', data: 'menu:help' }]),
      );
    });

    it('records a MAX message_callback from a dialog through the proxy once; a group chat press is ignored', async () => {
      const bound = await bindMaxBot(ctx, owner.token);
      await request(ctx.url).post(`/api/bots/${bound.bot.id}/webhook`).set(bearer(owner)).expect(200);
      const [subscription] = ctx.max.subscriptionsOf(bound.token);
      expect(subscription.update_types).toContain('message_callback');
      subscription.url = subscription.url.replace(ctx.config.publicBaseUrl, ctx.url);

      const at = Date.now() - 5000;
      const press = maxPress(8001, 'size:xl', at);
      await ctx.max.deliverWebhook(bound.token, press);
      await ctx.max.deliverWebhook(bound.token, press);
      await ctx.max.deliverWebhook(bound.token, maxPress(8001, 'size:s', at, 'chat'));

      expect(await presses(bound.bot.id)).toEqual([{ external_user_id: '8001', data: 'size:xl' }]);
      const stored = await ctx.db.query(`SELECT created_at FROM button_presses WHERE bot_id = $1`, [bound.bot.id]);
      expect(new Date(stored.rows[0].created_at).getTime()).toBe(at);
      expect(await contact(bound.bot.id, '8001')).toMatchObject({ messages_in: 0, last_at: null });
    });

    it('a press after a block ends the block, as an inbound message does', async () => {
      const { bot, token } = await bindTelegramProxyBot(ctx, owner.token);
      await ctx.telegram.deliverWebhook(token, inboundText(7003, 'hi', Math.floor(Date.now() / 1000) - 60));
      await ctx.telegram.deliverWebhook(token, {
        update_id: ++updateIds,
        my_chat_member: {
          chat: { id: 7003, type: 'private' },
          from: { id: 7003, is_bot: false, first_name: 'U' },
          date: Math.floor(Date.now() / 1000) - 30,
          old_chat_member: { status: 'member', user: { id: 1, is_bot: true, first_name: 'B' } },
          new_chat_member: { status: 'kicked', user: { id: 1, is_bot: true, first_name: 'B' } },
        },
      });
      expect((await contact(bot.id, '7003')).blocked_at).not.toBeNull();
      await ctx.telegram.deliverWebhook(token, tgPress(7003, 'again'));
      expect(await contact(bot.id, '7003')).toMatchObject({ blocked_at: null, messages_in: 1, username: 'ann' });
    });
  });

  describe('GET /api/v1/bots/{id}/buttons', () => {
    let botId: string;
    let bot: CaptureBot;

    beforeAll(async () => {
      const bound = await bindMaxBot(ctx, owner.token);
      botId = bound.bot.id;
      bot = { id: botId, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
      const day1 = Date.parse('2024-05-01T10:00:00Z');
      const day2 = Date.parse('2024-05-02T10:00:00Z');
      await capture.inboundUpdates(bot, [
        maxPress(1, 'buy', day1),
        maxPress(1, 'buy', day1 + 1000),
        maxPress(2, 'buy', day1 + 2000),
        maxPress(2, 'help', day1 + 3000),
        maxPress(3, 'b', day2),
        maxPress(3, 'a', day2 + 1000),
        maxPress(4, 'help', day2 + 2000),
      ]);
    });

    it('answers presses and contacts per data value: most presses, then most contacts, then data in byte order', async () => {
      const res = await buttons(botId).expect(200);
      expect(res.body).toEqual({
        data: [
          { data: 'buy', presses: 3, contacts: 2 },
          { data: 'help', presses: 2, contacts: 2 },
          { data: 'a', presses: 1, contacts: 1 },
          { data: 'b', presses: 1, contacts: 1 },
        ],
      });
      const session = await request(ctx.url).get(`/api/bots/${botId}/buttons`).set(bearer(owner)).expect(200);
      expect(session.body).toEqual(res.body);
    });

    it('takes from/to as the messages list does: a date `to` is that whole day, a timestamp is inclusive', async () => {
      expect((await buttons(botId, '?to=2024-05-01').expect(200)).body).toEqual({
        data: [
          { data: 'buy', presses: 3, contacts: 2 },
          { data: 'help', presses: 1, contacts: 1 },
        ],
      });
      expect((await buttons(botId, '?from=2024-05-02&to=2024-05-02T10:00:01Z').expect(200)).body).toEqual({
        data: [
          { data: 'a', presses: 1, contacts: 1 },
          { data: 'b', presses: 1, contacts: 1 },
        ],
      });
      expect((await buttons(botId, '?from=2025-01-01').expect(200)).body).toEqual({ data: [] });
    });

    it.each([
      ['from=yesterday'],
      ['to=2024-13-01'],
      ['from=2024-02-30'],
      ['to=1714550400'],
      ['from=2024-05-02&to=2024-05-01'],
    ])('refuses %s with 400 "неверный from/to"', async (query) => {
      const res = await buttons(botId, `?${query}`).expect(400);
      expect(res.body).toEqual({ message: 'неверный from/to' });
      const session = await request(ctx.url).get(`/api/bots/${botId}/buttons?${query}`).set(bearer(owner)).expect(400);
      expect(session.body).toEqual({ message: 'неверный from/to' });
    });

    it('needs the read scope, and answers 404 for a bot of another account', async () => {
      const writeOnly = (await issueKey(ctx, owner.token, ['write'])).key;
      const refused = await request(ctx.url)
        .get(`/api/v1/bots/${botId}/buttons`)
        .set('X-API-Key', writeOnly)
        .expect(403);
      expect(refused.body).toEqual({ message: Messages.scopeRequired('read') });
      const other = await registerUser(ctx);
      const theirKey = (await issueKey(ctx, other.token, ['read'])).key;
      const missing = await request(ctx.url)
        .get(`/api/v1/bots/${botId}/buttons`)
        .set('X-API-Key', theirKey)
        .expect(404);
      expect(missing.body).toEqual({ message: Messages.botNotFound });
      await request(ctx.url).get(`/api/bots/${botId}/buttons`).expect(401);
    });
  });

  describe('the report read from the rollup the ingest keeps', () => {
    let bot: CaptureBot;
    const at = (iso: string) => Date.parse(iso);
    // Windows with whole days, partial days at either edge, both edges within one or two days, and bounds on
    // the first and last microsecond-free instants of a day.
    const windows = [
      '',
      '?from=2024-08-02',
      '?to=2024-08-02',
      '?from=2024-08-02&to=2024-08-03',
      '?from=2024-08-01T23:59:59Z',
      '?from=2024-08-02T00:00:00.001Z',
      '?to=2024-08-03T00:00:00Z',
      '?to=2024-08-04T00:00:00.001Z',
      '?from=2024-08-04T00:00:00.001Z',
      '?from=2024-08-01T12:00:00Z&to=2024-08-03T12:00:00Z',
      '?from=2024-08-02T10:00:00Z&to=2024-08-02T10:00:00Z',
      '?from=2024-08-01T23:00:00Z&to=2024-08-02T01:00:00Z',
      '?from=2024-08-03&to=2024-08-03T23:59:59.998Z',
      '?from=2024-08-01T06:00:00.001Z&to=2024-08-04',
      // A contact at the first edge whose next day is within, at the last edge, or past the window.
      '?from=2024-08-01T23:00:00Z&to=2024-08-03T00:00:00Z',
      '?from=2024-08-01T20:00:00Z&to=2024-08-04T12:00:00Z',
      '?from=2024-08-02T12:00:00Z&to=2024-08-04T00:00:00Z',
    ];

    /** The report as the raw presses answer it: what the rollup must equal, window by window. */
    const fromRawPresses = async (query: string) => {
      const params = new URLSearchParams(query.slice(1));
      const window = pressWindow({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined });
      const { rows } = await ctx.db.query(
        `SELECT data, count(*)::int AS presses, count(DISTINCT contact_id)::int AS contacts
           FROM button_presses
          WHERE bot_id = $1
            AND ($2::timestamptz IS NULL OR created_at >= $2)
            AND ($3::timestamptz IS NULL OR created_at <= $3)
            AND ($4::timestamptz IS NULL OR created_at < $4)
          GROUP BY data
          ORDER BY count(*) DESC, count(DISTINCT contact_id) DESC, data COLLATE "C"`,
        [bot.id, window.notBefore, window.notAfter, window.before],
      );
      return { data: rows };
    };
    const expectEveryWindowExact = async () => {
      for (const query of windows) {
        const res = await buttons(bot.id, query).expect(200);
        expect({ query, body: res.body }).toEqual({ query, body: await fromRawPresses(query) });
      }
    };
    /** The rollup's rows of the bot next to what the migration's backfill computes from the raw presses. */
    const rollupAndRecount = async () => {
      const kept = await ctx.db.query(
        `SELECT (SELECT json_agg(p ORDER BY p.day, p.data) FROM (SELECT day::text, data, presses FROM button_day_presses
                  WHERE bot_id = $1) p) AS presses,
                (SELECT json_agg(c ORDER BY c.day, c.data, c.previous_day) FROM (SELECT day::text, data,
                  previous_day::text, contacts FROM button_day_contacts WHERE bot_id = $1 AND contacts <> 0) c) AS contacts,
                (SELECT json_agg(d ORDER BY d.contact_id, d.data, d.day) FROM (SELECT contact_id, data, day::text,
                  previous_day::text FROM button_contact_days WHERE bot_id = $1) d) AS days`,
        [bot.id],
      );
      const recounted = await ctx.db.query(
        `WITH days AS (SELECT DISTINCT contact_id, data, (created_at AT TIME ZONE 'UTC')::date AS day
                         FROM button_presses WHERE bot_id = $1)
         SELECT (SELECT json_agg(p ORDER BY p.day, p.data) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day,
                  data, count(*)::int AS presses FROM button_presses WHERE bot_id = $1 GROUP BY 1, 2) p) AS presses,
                (SELECT json_agg(c ORDER BY c.day, c.data, c.previous_day) FROM (
                  SELECT day::text, data, previous_day::text, count(*)::int AS contacts
                    FROM (SELECT day, data, coalesce(lag(day) OVER (PARTITION BY contact_id, data ORDER BY day),
                                 '-infinity') AS previous_day FROM days) d
                   GROUP BY 1, 2, 3) c) AS contacts,
                (SELECT json_agg(d ORDER BY d.contact_id, d.data, d.day) FROM (
                  SELECT contact_id, data, day::text, coalesce(lag(day) OVER (PARTITION BY contact_id, data ORDER BY day),
                         '-infinity')::text AS previous_day FROM days) d) AS days`,
        [bot.id],
      );
      return { kept: kept.rows[0], recounted: recounted.rows[0] };
    };

    beforeAll(async () => {
      const bound = await bindMaxBot(ctx, owner.token);
      bot = { id: bound.bot.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
      // Later days first, then earlier ones, then one in between: a contact's days arrive in any order.
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-03T12:00:00Z'), 'dialog', 'r1'),
        maxPress(32, 'help', at('2024-08-03T00:00:00.000Z'), 'dialog', 'r2'),
        maxPress(32, 'help', at('2024-08-03T23:59:59.999Z'), 'dialog', 'r3'),
        maxPress(33, 'buy', at('2024-08-04T00:00:00.001Z'), 'dialog', 'r4'),
        maxPress(34, 'buy', at('2024-08-03T12:00:00Z'), 'dialog', 'r5'),
      ]);
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-01T23:59:59Z'), 'dialog', 'r6'),
        maxPress(33, 'help', at('2024-08-01T06:00:00Z'), 'dialog', 'r7'),
      ]);
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-02T00:00:00Z'), 'dialog', 'r8'),
        maxPress(32, 'buy', at('2024-08-02T10:00:00Z'), 'dialog', 'r9'),
      ]);
    });

    it('answers every window exactly as the raw presses do, across day edges', async () => {
      expect((await buttons(bot.id).expect(200)).body).toEqual({
        data: [
          { data: 'buy', presses: 6, contacts: 4 },
          { data: 'help', presses: 3, contacts: 2 },
        ],
      });
      // 31 pressed on the 1st (an edge), the 2nd (a whole day) and the 3rd (the other edge): once.
      expect((await buttons(bot.id, '?from=2024-08-01T12:00:00Z&to=2024-08-03T12:00:00Z').expect(200)).body).toEqual({
        data: [
          { data: 'buy', presses: 5, contacts: 3 },
          { data: 'help', presses: 1, contacts: 1 },
        ],
      });
      await expectEveryWindowExact();
      const { kept, recounted } = await rollupAndRecount();
      expect(kept).toEqual(recounted);
    });

    it('counts a press delivered again once, within a batch and across batches', async () => {
      const before = (await buttons(bot.id).expect(200)).body;
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-03T12:00:00Z'), 'dialog', 'r1'),
        maxPress(35, 'help', at('2024-08-02T08:00:00Z'), 'dialog', 'r10'),
        maxPress(35, 'help', at('2024-08-02T08:00:00Z'), 'dialog', 'r10'),
      ]);
      await capture.inboundUpdates(bot, [maxPress(35, 'help', at('2024-08-02T08:00:00Z'), 'dialog', 'r10')]);
      expect((await buttons(bot.id).expect(200)).body).toEqual({
        data: [before.data[0], { data: 'help', presses: 4, contacts: 3 }],
      });
      await expectEveryWindowExact();
      const { kept, recounted } = await rollupAndRecount();
      expect(kept).toEqual(recounted);
    });

    it("takes an erased contact's presses out of the rollup, and leaves no counters when none is left", async () => {
      await request(ctx.url).delete(`/api/bots/${bot.id}/contacts/31`).set(bearer(owner)).expect(204);
      expect((await buttons(bot.id).expect(200)).body).toEqual({
        data: [
          { data: 'help', presses: 4, contacts: 3 },
          { data: 'buy', presses: 3, contacts: 3 },
        ],
      });
      await expectEveryWindowExact();
      const { kept, recounted } = await rollupAndRecount();
      expect(kept).toEqual(recounted);

      for (const userId of ['32', '33', '34', '35'])
        await request(ctx.url).delete(`/api/bots/${bot.id}/contacts/${userId}`).set(bearer(owner)).expect(204);
      expect((await buttons(bot.id).expect(200)).body).toEqual({ data: [] });
      const left = await ctx.db.query(
        `SELECT (SELECT count(*) FROM button_day_presses WHERE bot_id = $1)::int AS presses,
                (SELECT count(*) FROM button_contact_days WHERE bot_id = $1)::int AS days,
                (SELECT count(*) FROM button_day_contacts WHERE bot_id = $1)::int AS contacts`,
        [bot.id],
      );
      expect(left.rows[0]).toEqual({ presses: 0, days: 0, contacts: 0 });
    });
  });

  it("answers a dialog's presses to the session API only, newest first, with the messages' limit and from/to", async () => {
    const { bot: created } = await bindMaxBot(ctx, owner.token);
    const bot: CaptureBot = { id: created.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
    const t = Date.parse('2024-07-01T10:00:00Z');
    await capture.inboundUpdates(bot, [
      maxPress(21, 'first', t),
      maxPress(21, 'second', t + 1000),
      maxPress(22, 'other', t),
    ]);
    const path = `/api/bots/${bot.id}/dialogs/21/presses`;
    const all = await request(ctx.url).get(path).set(bearer(owner)).expect(200);
    const ids = (await ctx.db.query(`SELECT id, data FROM button_presses WHERE bot_id = $1`, [bot.id])).rows;
    const idOf = (data: string) => ids.find((row: { data: string }) => row.data === data).id;
    expect(all.body).toEqual({
      data: [
        { id: idOf('second'), data: 'second', created_at: '2024-07-01T10:00:01.000Z' },
        { id: idOf('first'), data: 'first', created_at: '2024-07-01T10:00:00.000Z' },
      ],
      limit: 100,
    });
    const page = await request(ctx.url).get(`${path}?limit=1&to=2024-07-01T10:00:00Z`).set(bearer(owner)).expect(200);
    expect(page.body).toEqual({
      data: [{ id: idOf('first'), data: 'first', created_at: '2024-07-01T10:00:00.000Z' }],
      limit: 1,
    });
    const bad = await request(ctx.url).get(`${path}?from=soon`).set(bearer(owner)).expect(400);
    expect(bad.body).toEqual({ message: 'неверный from/to' });
    expect(
      (await request(ctx.url).get(`/api/bots/${bot.id}/dialogs/999/presses`).set(bearer(owner)).expect(200)).body,
    ).toEqual({
      data: [],
      limit: 100,
    });
    await request(ctx.url).get(path).set('X-API-Key', readKey).expect(401);
  });

  it('counts a button stage in the funnel live and by the backfill (exact and contains on the data)', async () => {
    const { bot: created } = await bindMaxBot(ctx, owner.token);
    const bot: CaptureBot = { id: created.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
    const t = Date.parse('2024-06-01T10:00:00Z');
    // Before the funnel exists: only the backfill can count these.
    await capture.inboundUpdates(bot, [
      maxPress(11, 'plan:pro', t),
      maxPress(12, 'plan:free', t),
      maxPress(13, 'PLAN:PRO', t),
    ]);
    const put = await request(ctx.url)
      .put(`/api/bots/${bot.id}/funnel/config`)
      .set(bearer(owner))
      .send({
        stages: [
          { name: 'Any plan', type: 'button', match: 'contains', value: 'plan:' },
          { name: 'Pro', type: 'button', value: 'plan:pro' },
        ],
      })
      .expect(200);
    expect(put.body).toEqual({
      stages: [
        { name: 'Any plan', type: 'button', match: 'contains', value: 'plan:' },
        { name: 'Pro', type: 'button', match: 'exact', value: 'plan:pro' },
      ],
    });
    const funnel = async () =>
      (await request(ctx.url).get(`/api/bots/${bot.id}/funnel`).set(bearer(owner)).expect(200)).body;
    await eventually(
      async () =>
        expect(await funnel()).toEqual({
          source: null,
          computing: false,
          stages: [
            { name: 'Any plan', reached: 2, conversion: null },
            { name: 'Pro', reached: 1, conversion: 0.5 },
          ],
        }),
      15000,
    );

    // Live: a new contact presses both; a repeated press and a message with the same text count nothing more.
    await capture.inboundUpdates(bot, [maxPress(14, 'plan:pro', t + 5000), maxPress(11, 'plan:pro', t + 6000)]);
    await eventually(async () =>
      expect((await funnel()).stages).toEqual([
        { name: 'Any plan', reached: 3, conversion: null },
        { name: 'Pro', reached: 2, conversion: 0.6667 },
      ]),
    );

    const refused = await request(ctx.url)
      .put(`/api/bots/${bot.id}/funnel/config`)
      .set(bearer(owner))
      .send({ stages: [{ name: 'x', type: 'button', match: 'regex', value: 'a' }] })
      .expect(400);
    expect(refused.body).toEqual({ message: 'stages[0].match must be exact or contains' });
  });

  it('delivers button.pressed signed, after the press is stored', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { bot, token } = await bindTelegramProxyBot(ctx, owner.token);
      const subscription = (
        await request(ctx.url)
          .post('/api/me/webhooks')
          .set(bearer(owner))
          .send({ url: receiver.url, events: ['button.pressed'], bot_id: bot.id })
          .expect(201)
      ).body;
      expect(subscription.events).toEqual(['button.pressed']);

      await ctx.telegram.deliverWebhook(token, tgPress(7100, 'order:42'));
      await ctx.telegram.deliverWebhook(token, inboundText(7100, 'not a press', Math.floor(Date.now() / 1000)));
      await receiver.waitForCount(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.requests).toHaveLength(1);
      const [delivery] = receiver.requests;
      expect(delivery.headers['x-webhook-event']).toBe('button.pressed');
      expect(
        signatureIsValid(subscription.secret, delivery.body, delivery.headers['x-webhook-signature'] as string),
      ).toBe(true);
      const stored = await ctx.db.query(`SELECT id, created_at FROM button_presses WHERE bot_id = $1`, [bot.id]);
      expect(JSON.parse(delivery.body)).toEqual({
        event: 'button.pressed',
        delivered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        subscription_id: subscription.id,
        data: {
          bot_id: bot.id,
          press_id: stored.rows[0].id,
          external_user_id: '7100',
          data: 'order:42',
          created_at: new Date(stored.rows[0].created_at).toISOString(),
        },
      });
    } finally {
      await receiver.close();
    }
  });
});
