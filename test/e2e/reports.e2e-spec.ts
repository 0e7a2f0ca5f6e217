import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const UNMAPPED = '— unmapped';

const ALICE = {
  id: 101,
  is_bot: false,
  first_name: 'Alice',
  last_name: 'Liddell',
  username: 'alice',
  is_premium: true,
  language_code: 'en',
};
const BOB = { id: 102, is_bot: false, first_name: 'Bob' };
type TgPerson = typeof BOB & Partial<typeof ALICE>;

/** Platform times have whole seconds; the script uses whole seconds so the answers can be compared exactly. */
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const row = (source_value: string, campaign_name: string | null, contacts_count: number, touches: number) => ({
  source_value,
  campaign_name,
  contacts_count,
  touches,
});

/**
 * The HTTP contract of the report routes: shapes, parameters, bounds and refusals, on a two-contact conversation.
 * What the reports compute (counts, attribution, order, windows, regrouping) is proven on a longer conversation by
 * the medium tests (docs/testing.md, "Where the moved cases went").
 */
describe('Reports of the open API (spec: contacts … intents, contract §6)', () => {
  let ctx: TestApp;
  let session: string;
  let readKey: string;
  let botId: string;
  let capture: CaptureService;
  let owner: { token: string; user: { id: string } };

  // Alice came from an ad campaign two hours ago and got a welcome; Bob wrote a minute ago.
  const now = Date.now();
  const T = {
    aliceStart: wholeSeconds(now - 120 * 60_000),
    aliceWelcome: wholeSeconds(now - 119 * 60_000),
    bobHi: wholeSeconds(now - 60_000),
  };

  let updateId = 5000;
  const inbound = (bot: CaptureBot, from: TgPerson, at: Date, text: string) =>
    capture.inboundUpdates(bot, [
      {
        update_id: ++updateId,
        message: {
          message_id: ++updateId,
          from,
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          date: at.getTime() / 1000,
          text,
        },
      },
    ]);

  const read = (path: string, key = readKey) => request(ctx.url).get(path).set('X-API-Key', key);
  const api = (path: string) => `/api/v1/bots/${botId}${path}`;
  const iso = (at: Date) => at.toISOString();

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    session = owner.token;
    readKey = (await issueKey(ctx, session, ['read'])).key;
    const { bot } = await bindTelegramBot(ctx, session);
    botId = bot.id;
    capture = ctx.app.get(CaptureService);
    const captureBot: CaptureBot = { id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };

    await inbound(captureBot, ALICE, T.aliceStart, '/start utm_source=ads|utm_campaign=spring');
    await capture.outboundResult(captureBot, 'sendmessage', null, {
      message_id: ++updateId,
      from: { id: 999, is_bot: true, first_name: 'Shop bot', username: 'shop_bot' },
      chat: { id: ALICE.id, type: 'private', first_name: ALICE.first_name },
      date: T.aliceWelcome.getTime() / 1000,
      text: 'Welcome!',
    });
    await inbound(captureBot, BOB, T.bobHi, 'hi');
  });
  afterAll(() => ctx.close());

  describe('GET /stats', () => {
    it('answers the counters, and a new message shows at once', async () => {
      const { bot } = await bindTelegramBot(ctx, session);
      const fresh: CaptureBot = { id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
      const stats = async () => (await read(`/api/v1/bots/${bot.id}/stats`).expect(200)).body;
      const zero = { messages_in: 0, messages_out: 0, messages_24h: 0, new_users_7d: 0, active_users_7d: 0 };
      expect(await stats()).toEqual({ contacts_total: 0, contacts_active_24h: 0, messages_total: 0, ...zero });
      await inbound(fresh, BOB, wholeSeconds(Date.now()), 'hi');
      expect(await stats()).toEqual({
        contacts_total: 1,
        contacts_active_24h: 1,
        messages_total: 1,
        messages_in: 1,
        messages_out: 0,
        messages_24h: 1,
        new_users_7d: 1,
        active_users_7d: 0,
      });
    });
  });

  describe('GET /stats/timeline', () => {
    /** The answer's days, checked to be consecutive UTC days ending today, and its counts summed. */
    const timeline = async (query: string) => {
      const { body } = await read(api(`/stats/timeline${query}`)).expect(200);
      const dates = body.data.map((day: { date: string }) => day.date);
      const today = Date.parse(utcDay(new Date()));
      expect(dates).toEqual(
        dates.map((_: string, i: number) => utcDay(new Date(today - (dates.length - 1 - i) * 86_400_000))),
      );
      const sum = (field: string) =>
        body.data.reduce((total: number, day: Record<string, number>) => total + day[field], 0);
      return {
        days: body.days,
        length: body.data.length,
        totals: [sum('messages_in'), sum('messages_out'), sum('new_contacts')],
        keys: Object.keys(body.data[0]).sort(),
      };
    };

    it('gives 30 UTC days by default, oldest first, today last; days takes 1 to 365', async () => {
      expect(await timeline('')).toEqual({
        days: 30,
        length: 30,
        totals: [2, 1, 2],
        keys: ['date', 'messages_in', 'messages_out', 'new_contacts'],
      });
      expect((await timeline('?days=1')).length).toBe(1);
      expect(await timeline('?days=7')).toMatchObject({ days: 7, length: 7, totals: [2, 1, 2] });
      expect(await timeline('?days=365')).toMatchObject({ days: 365, length: 365 });
    });

    it.each(['0', '366', '-1', '1.5', 'abc', '', '1e2'])('refuses days=%j with 400 "неверный days"', async (days) => {
      const res = await read(api(`/stats/timeline?days=${encodeURIComponent(days)}`)).expect(400);
      expect(res.body).toEqual({ message: Messages.badDays });
    });
  });

  describe('GET /contacts', () => {
    const item = (person: TgPerson, lastSeen: Date, messagesCount: number) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_user_id: String(person.id),
      username: person.username ?? null,
      first_name: person.first_name,
      last_name: person.last_name ?? null,
      is_premium: person.is_premium ?? false,
      last_seen_at: iso(lastSeen),
      messages_count: messagesCount,
      // Nobody here paid (test/e2e/revenue.e2e-spec.ts has payers).
      payments: 0,
      revenue: [],
    });

    it('lists contacts, 100 by default, and pages with limit and offset; total stays the number of all contacts', async () => {
      expect((await read(api('/contacts')).expect(200)).body).toEqual({
        data: [item(BOB, T.bobHi, 1), item(ALICE, T.aliceStart, 2)],
        total: 2,
        limit: 100,
        offset: 0,
      });
      expect((await read(api('/contacts?limit=1&offset=1')).expect(200)).body).toEqual({
        data: [item(ALICE, T.aliceStart, 2)],
        total: 2,
        limit: 1,
        offset: 1,
      });
      const beyond = await read(api('/contacts?limit=1000&offset=2')).expect(200);
      expect(beyond.body).toEqual({ data: [], total: 2, limit: 1000, offset: 2 });
    });

    it.each([
      ['limit=0'],
      ['limit=1001'],
      ['limit=-1'],
      ['limit=abc'],
      ['limit=1.5'],
      ['limit='],
      ['offset=-1'],
      ['offset=x'],
      ['offset=99999999999999999999'],
    ])('refuses %s with 400 "неверный limit/offset"', async (query) => {
      const res = await read(api(`/contacts?${query}`)).expect(400);
      expect(res.body).toEqual({ message: Messages.badLimitOffset });
    });
  });

  describe('GET /contacts/{userId}', () => {
    it('answers the profile, the message counts and the attribution; 404 "Contact not found" for a user never seen', async () => {
      const res = await read(api('/contacts/101')).expect(200);
      expect(res.body).toEqual({
        contact: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          external_user_id: '101',
          username: 'alice',
          first_name: 'Alice',
          last_name: 'Liddell',
          is_premium: true,
          phone: null,
          last_seen_at: iso(T.aliceStart),
        },
        stats: {
          total_messages: 2,
          inbound: 1,
          outbound: 1,
          first_at: iso(T.aliceStart),
          last_at: iso(T.aliceWelcome),
        },
        attribution: {
          source_value: 'ads',
          campaign_name: 'spring',
          first_seen_at: iso(T.aliceStart),
          last_seen_at: iso(T.aliceStart),
          touches: 1,
        },
        payments: 0,
        revenue: [],
        clicks: [],
      });
      expect((await read(api('/contacts/102')).expect(200)).body.attribution).toBeNull();
      const unknown = await read(api('/contacts/999999')).expect(404);
      expect(unknown.body).toEqual({ message: Messages.contactNotFound });
    });
  });

  describe('GET /messages', () => {
    const message = (direction: 'in' | 'out', person: TgPerson, text: string, at: Date) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      direction,
      external_user_id: String(person.id),
      text,
      created_at: iso(at),
    });
    const texts = async (query: string) =>
      (await read(api(`/messages?${query}`)).expect(200)).body.data.map((m: { text: string }) => m.text);

    it('lists messages newest first, 100 by default, never the raw update; userId, from and to select', async () => {
      const res = await read(api('/messages')).expect(200);
      expect(res.body).toEqual({
        data: [
          message('in', BOB, 'hi', T.bobHi),
          message('out', ALICE, 'Welcome!', T.aliceWelcome),
          message('in', ALICE, '/start utm_source=ads|utm_campaign=spring', T.aliceStart),
        ],
        limit: 100,
      });
      expect(res.text).not.toMatch(/raw_json|update_id|message_id|phone_number/);
      expect(await texts('userId=101')).toEqual(['Welcome!', '/start utm_source=ads|utm_campaign=spring']);
      expect(
        await texts(`from=${iso(T.aliceWelcome)}&to=${encodeURIComponent(iso(T.bobHi).replace('Z', '+00:00'))}`),
      ).toEqual(['hi', 'Welcome!']);
      expect(await texts(`from=${utcDay(new Date(now + 86_400_000))}`)).toEqual([]);
    });

    it('takes limit 1 to 1000, cuts a larger one to 1000 and echoes the limit used', async () => {
      const small = await read(api('/messages?limit=1')).expect(200);
      expect(small.body).toEqual({ data: [message('in', BOB, 'hi', T.bobHi)], limit: 1 });
      const huge = await read(api('/messages?limit=5000')).expect(200);
      expect(huge.body.limit).toBe(1000);
      expect(huge.body.data).toHaveLength(3);
    });

    it.each(['0', '-5', '1.5', 'abc', '', '1e3'])('refuses limit=%j with 400 "неверный limit"', async (limit) => {
      const res = await read(api(`/messages?limit=${encodeURIComponent(limit)}`)).expect(400);
      expect(res.body).toEqual({ message: Messages.badLimit });
    });

    it.each([
      ['from=yesterday'],
      ['to=2024-13-01'],
      ['from=2024-02-30'],
      ['to=1714550400'],
      ['from=2024-05-02&to=2024-05-01'],
      ['from=2024-05-01T10:00:01Z&to=2024-05-01T10:00:00Z'],
    ])('refuses %s with 400 "неверный from/to"', async (query) => {
      const res = await read(api(`/messages?${query}`)).expect(400);
      expect(res.body).toEqual({ message: Messages.badTimeRange });
    });
  });

  describe('GET /dialogs', () => {
    const dialog = (
      person: TgPerson,
      lastText: string,
      direction: 'in' | 'out',
      lastAt: Date,
      total: number,
      /** The oldest inbound message still without an answer (issue 27). */
      awaiting: Date | null = null,
    ) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_user_id: String(person.id),
      username: person.username ?? null,
      first_name: person.first_name,
      last_name: person.last_name ?? null,
      last_text: lastText,
      last_direction: direction,
      last_at: iso(lastAt),
      messages_total: total,
      awaiting_since: awaiting && iso(awaiting),
      waited_s: awaiting ? expect.any(Number) : null,
    });

    it('lists dialogs by last message, 100 by default; limit takes 1 to 1000 and cuts larger ones to 1000', async () => {
      expect((await read(api('/dialogs')).expect(200)).body).toEqual({
        data: [dialog(BOB, 'hi', 'in', T.bobHi, 1, T.bobHi), dialog(ALICE, 'Welcome!', 'out', T.aliceWelcome, 2)],
        limit: 100,
      });
      const one = await read(api('/dialogs?limit=1')).expect(200);
      expect(one.body).toEqual({ data: [dialog(BOB, 'hi', 'in', T.bobHi, 1, T.bobHi)], limit: 1 });
      expect((await read(api('/dialogs?limit=1001')).expect(200)).body.limit).toBe(1000);
    });

    it.each(['0', 'x', '2.5'])('refuses limit=%j with 400 "неверный limit"', async (limit) => {
      const res = await read(api(`/dialogs?limit=${limit}`)).expect(400);
      expect(res.body).toEqual({ message: Messages.badLimit });
    });
  });

  describe('GET /sources and the source mappings', () => {
    const putMappings = (body: unknown) =>
      request(ctx.url)
        .put(`/api/bots/${botId}/sources/mappings`)
        .set(bearer(session))
        .send(body as object);

    afterEach(async () => {
      await putMappings([]).expect(200);
    });

    it('answers the UTM key and the rows; PUT answers the mappings normalised, GET lists them, the reports read through them', async () => {
      expect((await read(api('/sources')).expect(200)).body).toEqual({
        utm_key: 'utm_source',
        data: [row('ads', 'spring', 1, 1), row(UNMAPPED, null, 1, 0)],
      });
      // An empty campaign is none: the link's own stays.
      const saved = await putMappings([{ raw: 'ads', source_value: 'Ads', campaign_name: '' }]).expect(200);
      expect(saved.body).toEqual({ data: [{ raw: 'ads', source_value: 'Ads', campaign_name: null }] });
      expect((await read(api('/sources')).expect(200)).body.data).toEqual([
        row('Ads', 'spring', 1, 1),
        row(UNMAPPED, null, 1, 0),
      ]);

      // The body may also be { data: [...] } as GET answers it; a mapping's campaign replaces the link's own.
      await putMappings({ data: [{ raw: 'ads', source_value: 'Ads', campaign_name: 'promo' }] }).expect(200);
      const listed = await request(ctx.url).get(`/api/bots/${botId}/sources/mappings`).set(bearer(session)).expect(200);
      expect(listed.body).toEqual({ data: [{ raw: 'ads', source_value: 'Ads', campaign_name: 'promo' }] });
      expect((await read(api('/sources')).expect(200)).body.data[0]).toEqual(row('Ads', 'promo', 1, 1));
      expect((await read(api('/contacts/101')).expect(200)).body.attribution).toMatchObject({
        source_value: 'Ads',
        campaign_name: 'promo',
      });
    });

    it.each([
      ['an object without data', { raw: 'ads' }, 'mappings must be an array of { raw, source_value, campaign_name }'],
      ['an entry that is not an object', ['ads'], 'mappings[0] must be an object'],
      ['a missing raw', [{ source_value: 'Ads' }], 'mappings[0].raw must be 1 to 64 characters'],
      [
        'a raw of 65 characters',
        [{ raw: 'x'.repeat(65), source_value: 'Ads' }],
        'mappings[0].raw must be 1 to 64 characters',
      ],
      [
        'an empty source_value',
        [{ raw: 'a', source_value: '' }],
        'mappings[0].source_value must be 1 to 64 characters',
      ],
      [
        'a campaign of 129 characters',
        [{ raw: 'a', source_value: 'A', campaign_name: 'c'.repeat(129) }],
        'mappings[0].campaign_name must be a string of at most 128 characters',
      ],
      [
        'a repeated raw',
        [
          { raw: 'a', source_value: 'A' },
          { raw: 'a', source_value: 'B' },
        ],
        'mappings[1].raw must be unique, "a" repeats',
      ],
      [
        '501 entries',
        Array.from({ length: 501 }, (_, i) => ({ raw: `r${i}`, source_value: 'S' })),
        'mappings must have at most 500 entries',
      ],
    ])('refuses %s with 400 naming the entry, and keeps the old mappings', async (_case, body, message) => {
      await putMappings([{ raw: 'tg', source_value: 'Telegram' }]).expect(200);
      const res = await putMappings(body).expect(400);
      expect(res.body).toEqual({ message });
      const listed = await request(ctx.url).get(`/api/bots/${botId}/sources/mappings`).set(bearer(session)).expect(200);
      expect(listed.body).toEqual({ data: [{ raw: 'tg', source_value: 'Telegram', campaign_name: null }] });
    });

    it('takes 500 mappings', async () => {
      const body = Array.from({ length: 500 }, (_, i) => ({ raw: `r${i}`, source_value: 'S', campaign_name: null }));
      const res = await putMappings(body).expect(200);
      expect(res.body.data).toHaveLength(500);
    });

    it("needs a session and the owner's bot", async () => {
      const keyOnly = await request(ctx.url)
        .get(`/api/bots/${botId}/sources/mappings`)
        .set('X-API-Key', readKey)
        .expect(401);
      expect(keyOnly.body).toEqual({ message: Messages.sessionRequired });
      const stranger = await registerUser(ctx);
      const res = await request(ctx.url)
        .put(`/api/bots/${botId}/sources/mappings`)
        .set(bearer(stranger))
        .send([])
        .expect(404);
      expect(res.body).toEqual({ message: Messages.botNotFound });
    });
  });

  describe('GET /intents', () => {
    it("lists the bot's intents with their counters, without the rules of the session API", async () => {
      expect((await read(api('/intents')).expect(200)).body).toEqual({ data: [] });
      await request(ctx.url)
        .post(`/api/bots/${botId}/intents`)
        .set(bearer(session))
        .send({ name: 'price', description: 'Asks for a price', color: '#22C55E', keywords: ['цена'], patterns: [] })
        .expect(201);
      expect((await read(api('/intents')).expect(200)).body).toEqual({
        data: [
          {
            id: expect.any(String),
            name: 'price',
            description: 'Asks for a price',
            color: '#22C55E',
            is_active: true,
            users_count: 0,
            messages_count: 0,
            created_at: expect.any(String),
          },
        ],
      });
    });
  });

  describe('access', () => {
    const routes = [
      '/contacts',
      '/contacts/101',
      '/messages',
      '/dialogs',
      '/stats',
      '/stats/timeline',
      '/sources',
      '/intents',
    ];
    let writeKey: string;
    let strangerKey: string;

    beforeAll(async () => {
      writeKey = (await issueKey(ctx, session, ['write'])).key;
      const stranger = await registerUser(ctx);
      strangerKey = (await issueKey(ctx, stranger.token, ['read'])).key;
    });

    it.each(routes)('%s needs the read scope: a write-only key gets 403', async (path) => {
      const res = await read(api(path), writeKey).expect(403);
      expect(res.body).toEqual({ message: Messages.scopeRequired('read') });
    });

    it.each(routes)('%s of another user\'s bot is 404 "Bot not found"', async (path) => {
      const res = await read(api(path), strangerKey).expect(404);
      expect(res.body).toEqual({ message: Messages.botNotFound });
    });

    it.each(routes)('%s of an unknown bot id is 404 "Bot not found"', async (path) => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await read(`/api/v1/bots/${id}${path}`).expect(404);
        expect(res.body).toEqual({ message: Messages.botNotFound });
      }
    });

    it.each(routes)('%s without a key is 401', async (path) => {
      const res = await request(ctx.url).get(api(path)).expect(401);
      expect(res.body).toEqual({ message: Messages.apiKeyRequired });
    });
  });
});
