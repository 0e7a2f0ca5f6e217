import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const DAY = 24 * 60 * 60 * 1000;
const UNMAPPED = '— unmapped';

/** Telegram-shaped people of the scripted conversation. */
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
const CAROL = { id: 103, is_bot: false, first_name: 'Carol', last_name: 'Danvers', username: 'carol' };
const DAN = { id: 104, is_bot: false, first_name: 'Dan' };
const EVE = { id: 105, is_bot: false, first_name: 'Eve', username: 'eve' };
type TgPerson = typeof BOB & Partial<typeof ALICE>;

const LONG_TEXT = 'Длинное сообщение '.repeat(20);

/** Platform times have whole seconds; the script uses whole seconds so the answers can be compared exactly. */
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const row = (source_value: string, campaign_name: string | null, contacts_count: number, touches: number) => ({
  source_value,
  campaign_name,
  contacts_count,
  touches,
});

describe('Reports of the open API (spec: contacts … intents, contract §6)', () => {
  let ctx: TestApp;
  let session: string;
  let readKey: string;
  let botId: string;
  let capture: CaptureService;
  let captureBot: CaptureBot;

  // Midnight UTC today; past events sit at fixed hours of past days, so their UTC day is certain.
  const startOfToday = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const dayAt = (daysAgo: number, hh: number, mm = 0) =>
    new Date(startOfToday - daysAgo * DAY + (hh * 60 + mm) * 60_000);
  const now = Date.now();
  const recent = (minutesAgo: number) => wholeSeconds(now - minutesAgo * 60_000);

  const T = {
    eveStart: dayAt(20, 9),
    aliceStart: dayAt(10, 10),
    aliceWelcome: dayAt(10, 10, 1),
    bobStart: dayAt(10, 11),
    aliceStartTg: dayAt(3, 10),
    aliceHello: dayAt(3, 10, 5),
    bobStartAds: dayAt(2, 8),
    bobLong: dayAt(2, 8, 30),
    carolPhone: dayAt(2, 8, 59),
    carolHi: dayAt(2, 9),
    carolPhoto: dayAt(2, 9, 1),
    alicePrice: recent(60),
    aliceAnswer: recent(59),
    danStart: recent(30),
  };

  let updateId = 5000;
  let messageId = 1;
  const inbound = (from: TgPerson, at: Date, fields: Record<string, unknown>) =>
    capture.inboundUpdates(captureBot, [
      {
        update_id: ++updateId,
        message: {
          message_id: ++messageId,
          from,
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          date: at.getTime() / 1000,
          ...fields,
        },
      },
    ]);
  const sent = (method: string, to: TgPerson, at: Date, fields: Record<string, unknown>) =>
    capture.outboundResult(captureBot, method, null, {
      message_id: ++messageId,
      from: { id: 999, is_bot: true, first_name: 'Shop bot', username: 'shop_bot' },
      chat: { id: to.id, type: 'private', first_name: to.first_name },
      date: at.getTime() / 1000,
      ...fields,
    });

  const read = (path: string, key = readKey) => request(ctx.url).get(path).set('X-API-Key', key);
  const api = (path: string) => `/api/v1/bots/${botId}${path}`;
  const iso = (at: Date) => at.toISOString();

  beforeAll(async () => {
    ctx = await startTestApp();
    const owner = await registerUser(ctx);
    session = owner.token;
    readKey = (await issueKey(ctx, session, ['read'])).key;
    const { bot } = await bindTelegramBot(ctx, session);
    botId = bot.id;
    capture = ctx.app.get(CaptureService);
    captureBot = { id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };

    // The scripted conversation, in the order it happened.
    await inbound(EVE, T.eveStart, { text: '/start ads' });
    await inbound(ALICE, T.aliceStart, { text: '/start utm_source=ads|utm_campaign=spring' });
    await sent('sendmessage', ALICE, T.aliceWelcome, { text: 'Welcome!' });
    await inbound(BOB, T.bobStart, { text: '/start' });
    await inbound(ALICE, T.aliceStartTg, { text: '/start utm_source=tg' });
    await inbound(ALICE, T.aliceHello, { text: 'hello' });
    await inbound(BOB, T.bobStartAds, { text: '/start ADS' });
    await inbound(BOB, T.bobLong, { text: LONG_TEXT });
    await inbound(CAROL, T.carolPhone, {
      contact: { phone_number: '+79990001122', first_name: 'Carol', user_id: CAROL.id },
    });
    await inbound(CAROL, T.carolHi, { text: 'hi there' });
    await sent('sendphoto', CAROL, T.carolPhoto, {
      photo: [{ file_id: 'p1', file_unique_id: 'u1', width: 90, height: 90 }],
    });
    await inbound(ALICE, T.alicePrice, { text: 'price?' });
    await sent('sendmessage', ALICE, T.aliceAnswer, { text: '100 ₽' });
    await inbound(DAN, T.danStart, { text: '/start' });
  });
  afterAll(() => ctx.close());

  describe('GET /stats', () => {
    it('counts the scripted conversation exactly', async () => {
      const res = await read(api('/stats')).expect(200);
      expect(res.body).toEqual({
        contacts_total: 5,
        contacts_active_24h: 2, // Alice and Dan wrote within 24 hours
        messages_total: 14,
        messages_in: 11,
        messages_out: 3,
        messages_24h: 3, // "price?", "100 ₽", Dan's /start
        new_users_7d: 2, // Carol and Dan
        active_users_7d: 2, // Alice and Bob, first seen 10 days ago
      });
    });

    it('is fresh: a new message shows at once', async () => {
      const other = await registerUser(ctx);
      const key = (await issueKey(ctx, other.token, ['read'])).key;
      const { bot } = await bindTelegramBot(ctx, other.token);
      const fresh: CaptureBot = { id: bot.id, userId: other.user.id, platform: 'telegram', utmKey: 'utm_source' };
      const before = await read(`/api/v1/bots/${bot.id}/stats`, key).expect(200);
      expect(before.body).toMatchObject({ contacts_total: 0, messages_total: 0, messages_24h: 0 });
      await capture.inboundUpdates(fresh, [
        {
          update_id: 1,
          message: {
            message_id: 1,
            from: BOB,
            chat: { id: BOB.id, type: 'private' },
            date: Math.floor(Date.now() / 1000),
            text: 'hi',
          },
        },
      ]);
      const after = await read(`/api/v1/bots/${bot.id}/stats`, key).expect(200);
      expect(after.body).toEqual({
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
    const expectedDays = (days: number) => {
      const counts = new Map<string, { messages_in: number; messages_out: number; new_contacts: number }>();
      const bump = (at: Date, field: 'messages_in' | 'messages_out' | 'new_contacts') => {
        const day = counts.get(utcDay(at)) ?? { messages_in: 0, messages_out: 0, new_contacts: 0 };
        day[field] += 1;
        counts.set(utcDay(at), day);
      };
      [
        T.eveStart,
        T.aliceStart,
        T.bobStart,
        T.aliceStartTg,
        T.aliceHello,
        T.bobStartAds,
        T.bobLong,
        T.carolPhone,
        T.carolHi,
        T.alicePrice,
        T.danStart,
      ].forEach((at) => bump(at, 'messages_in'));
      [T.aliceWelcome, T.carolPhoto, T.aliceAnswer].forEach((at) => bump(at, 'messages_out'));
      [T.eveStart, T.aliceStart, T.bobStart, T.carolPhone, T.danStart].forEach((at) => bump(at, 'new_contacts'));
      return Array.from({ length: days }, (_, i) => {
        const date = utcDay(new Date(startOfToday - (days - 1 - i) * DAY));
        return { date, ...(counts.get(date) ?? { messages_in: 0, messages_out: 0, new_contacts: 0 }) };
      });
    };

    it('gives 30 UTC days by default, oldest first, today last, with zeros on quiet days', async () => {
      const res = await read(api('/stats/timeline')).expect(200);
      expect(res.body.days).toBe(30);
      expect(res.body.data).toEqual(expectedDays(30));
      // The fixed past days, spelled out.
      const byDate = new Map<string, unknown>(res.body.data.map((d: { date: string }) => [d.date, d]));
      expect(byDate.get(utcDay(T.eveStart))).toEqual({
        date: utcDay(T.eveStart),
        messages_in: 1,
        messages_out: 0,
        new_contacts: 1,
      });
      expect(byDate.get(utcDay(T.aliceStart))).toEqual({
        date: utcDay(T.aliceStart),
        messages_in: 2,
        messages_out: 1,
        new_contacts: 2,
      });
      expect(byDate.get(utcDay(T.aliceHello))).toEqual({
        date: utcDay(T.aliceHello),
        messages_in: 2,
        messages_out: 0,
        new_contacts: 0,
      });
      expect(byDate.get(utcDay(T.carolHi))).toEqual({
        date: utcDay(T.carolHi),
        messages_in: 4,
        messages_out: 1,
        new_contacts: 1,
      });
      expect(byDate.get(utcDay(dayAt(15, 0)))).toEqual({
        date: utcDay(dayAt(15, 0)),
        messages_in: 0,
        messages_out: 0,
        new_contacts: 0,
      });
      expect(res.body.data[29].date).toBe(utcDay(new Date()));
    });

    it.each([1, 7, 365])('gives exactly days=%d days', async (days) => {
      const res = await read(api(`/stats/timeline?days=${days}`)).expect(200);
      expect(res.body).toEqual({ days, data: expectedDays(days) });
    });

    it.each(['0', '366', '-1', '1.5', 'abc', '', '1e2'])('refuses days=%j with 400 "неверный days"', async (days) => {
      const res = await read(api(`/stats/timeline?days=${encodeURIComponent(days)}`)).expect(400);
      expect(res.body).toEqual({ message: Messages.badDays });
    });
  });

  describe('GET /contacts', () => {
    const item = (person: TgPerson, lastSeen: Date | null, messagesCount: number) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_user_id: String(person.id),
      username: person.username ?? null,
      first_name: person.first_name,
      last_name: person.last_name ?? null,
      is_premium: person.is_premium ?? false,
      last_seen_at: lastSeen && iso(lastSeen),
      messages_count: messagesCount,
    });

    it('lists contacts by last inbound message, newest first, with both directions counted', async () => {
      const res = await read(api('/contacts')).expect(200);
      expect(res.body).toEqual({
        data: [
          item(DAN, T.danStart, 1),
          item(ALICE, T.alicePrice, 6),
          item(CAROL, T.carolHi, 3),
          item(BOB, T.bobLong, 3),
          item(EVE, T.eveStart, 1),
        ],
        total: 5,
        limit: 100,
        offset: 0,
      });
    });

    it('pages with limit and offset; total stays the number of all contacts', async () => {
      const res = await read(api('/contacts?limit=2&offset=1')).expect(200);
      expect(res.body).toEqual({
        data: [item(ALICE, T.alicePrice, 6), item(CAROL, T.carolHi, 3)],
        total: 5,
        limit: 2,
        offset: 1,
      });
      const beyond = await read(api('/contacts?limit=1000&offset=5')).expect(200);
      expect(beyond.body).toEqual({ data: [], total: 5, limit: 1000, offset: 5 });
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
    it('shows the profile, the message counts and the first-touch attribution with all touches', async () => {
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
          last_seen_at: iso(T.alicePrice),
        },
        stats: { total_messages: 6, inbound: 4, outbound: 2, first_at: iso(T.aliceStart), last_at: iso(T.aliceAnswer) },
        // The first /start with a parameter wins; the later utm_source=tg visit only counts as a touch.
        attribution: {
          source_value: 'ads',
          campaign_name: 'spring',
          first_seen_at: iso(T.aliceStart),
          last_seen_at: iso(T.aliceStartTg),
          touches: 2,
        },
      });
    });

    it('counts a /start without a parameter as a touch but attributes the first one with a parameter', async () => {
      const res = await read(api('/contacts/102')).expect(200);
      expect(res.body.attribution).toEqual({
        source_value: 'ADS',
        campaign_name: null,
        first_seen_at: iso(T.bobStart),
        last_seen_at: iso(T.bobStartAds),
        touches: 2,
      });
    });

    it('gives attribution null to a contact who came without a source, and the shared phone', async () => {
      const res = await read(api('/contacts/103')).expect(200);
      expect(res.body).toEqual({
        contact: {
          id: expect.any(String),
          external_user_id: '103',
          username: 'carol',
          first_name: 'Carol',
          last_name: 'Danvers',
          is_premium: false,
          phone: '+79990001122',
          last_seen_at: iso(T.carolHi),
        },
        stats: { total_messages: 3, inbound: 2, outbound: 1, first_at: iso(T.carolPhone), last_at: iso(T.carolPhoto) },
        attribution: null,
      });
      expect((await read(api('/contacts/104')).expect(200)).body.attribution).toBeNull();
    });

    it('answers 404 "Contact not found" for a user the bot never saw', async () => {
      const res = await read(api('/contacts/999999')).expect(404);
      expect(res.body).toEqual({ message: Messages.contactNotFound });
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

    it('lists all messages newest first, texts of messages without one as "", and never the raw update', async () => {
      const res = await read(api('/messages')).expect(200);
      expect(res.body.limit).toBe(100);
      expect(res.body.data).toEqual([
        message('in', DAN, '/start', T.danStart),
        message('out', ALICE, '100 ₽', T.aliceAnswer),
        message('in', ALICE, 'price?', T.alicePrice),
        message('out', CAROL, '', T.carolPhoto),
        message('in', CAROL, 'hi there', T.carolHi),
        message('in', CAROL, '', T.carolPhone),
        message('in', BOB, LONG_TEXT, T.bobLong),
        message('in', BOB, '/start ADS', T.bobStartAds),
        message('in', ALICE, 'hello', T.aliceHello),
        message('in', ALICE, '/start utm_source=tg', T.aliceStartTg),
        message('in', BOB, '/start', T.bobStart),
        message('out', ALICE, 'Welcome!', T.aliceWelcome),
        message('in', ALICE, '/start utm_source=ads|utm_campaign=spring', T.aliceStart),
        message('in', EVE, '/start ads', T.eveStart),
      ]);
      expect(res.text).not.toMatch(/raw_json|update_id|message_id|phone_number/);
    });

    it('filters by userId; an unknown userId gives an empty list', async () => {
      const alice = await read(api('/messages?userId=101')).expect(200);
      expect(alice.body.data.map((m: { text: string }) => m.text)).toEqual([
        '100 ₽',
        'price?',
        'hello',
        '/start utm_source=tg',
        'Welcome!',
        '/start utm_source=ads|utm_campaign=spring',
      ]);
      expect((await read(api('/messages?userId=424242')).expect(200)).body).toEqual({ data: [], limit: 100 });
    });

    it('takes dates as whole UTC days, both ends included', async () => {
      const res = await read(api(`/messages?from=${utcDay(T.aliceHello)}&to=${utcDay(T.carolHi)}`)).expect(200);
      expect(res.body.data.map((m: { created_at: string }) => m.created_at)).toEqual(
        [T.carolPhoto, T.carolHi, T.carolPhone, T.bobLong, T.bobStartAds, T.aliceHello, T.aliceStartTg].map(iso),
      );
    });

    it('takes timestamps as instants, both ends included, with or without an offset', async () => {
      const res = await read(
        api(`/messages?from=${iso(T.carolHi)}&to=${encodeURIComponent(iso(T.carolPhoto).replace('Z', '+00:00'))}`),
      ).expect(200);
      expect(res.body.data.map((m: { text: string }) => m.text)).toEqual(['', 'hi there']);
      const local = iso(T.carolPhone).slice(0, 19); // no offset: UTC
      const fromOnly = await read(api(`/messages?userId=103&from=${local}`)).expect(200);
      expect(fromOnly.body.data).toHaveLength(3);
      const toOnly = await read(api(`/messages?userId=103&to=${local}`)).expect(200);
      expect(toOnly.body.data.map((m: { created_at: string }) => m.created_at)).toEqual([iso(T.carolPhone)]);
    });

    it('cuts a limit over 1000 to 1000 and echoes the limit used', async () => {
      const small = await read(api('/messages?limit=2')).expect(200);
      expect(small.body).toEqual({
        data: [message('in', DAN, '/start', T.danStart), message('out', ALICE, '100 ₽', T.aliceAnswer)],
        limit: 2,
      });
      const huge = await read(api('/messages?limit=5000')).expect(200);
      expect(huge.body.limit).toBe(1000);
      expect(huge.body.data).toHaveLength(14);
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
    const dialog = (person: TgPerson, lastText: string, direction: 'in' | 'out', lastAt: Date, total: number) => ({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_user_id: String(person.id),
      username: person.username ?? null,
      first_name: person.first_name,
      last_name: person.last_name ?? null,
      last_text: lastText,
      last_direction: direction,
      last_at: iso(lastAt),
      messages_total: total,
    });

    it('lists dialogs by last message either way, with its first 200 characters', async () => {
      const res = await read(api('/dialogs')).expect(200);
      expect(res.body).toEqual({
        data: [
          dialog(DAN, '/start', 'in', T.danStart, 1),
          dialog(ALICE, '100 ₽', 'out', T.aliceAnswer, 6),
          dialog(CAROL, '', 'out', T.carolPhoto, 3),
          dialog(BOB, LONG_TEXT.slice(0, 200), 'in', T.bobLong, 3),
          dialog(EVE, '/start ads', 'in', T.eveStart, 1),
        ],
        limit: 100,
      });
      // The contact list and the dialog list name the same contact ids.
      const contacts = await read(api('/contacts')).expect(200);
      expect(new Set(res.body.data.map((d: { id: string }) => d.id))).toEqual(
        new Set(contacts.body.data.map((c: { id: string }) => c.id)),
      );
    });

    it('takes limit 1 to 1000 and cuts larger ones to 1000', async () => {
      const one = await read(api('/dialogs?limit=1')).expect(200);
      expect(one.body).toEqual({ data: [dialog(DAN, '/start', 'in', T.danStart, 1)], limit: 1 });
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

    it('counts contacts by attributed source and touches by parsed source; `— unmapped` takes the rest', async () => {
      const res = await read(api('/sources')).expect(200);
      expect(res.body).toEqual({
        utm_key: 'utm_source',
        data: [
          row(UNMAPPED, null, 2, 2), // Carol and Dan; Bob's and Dan's bare /start
          row('ADS', null, 1, 1),
          row('ads', null, 1, 1),
          row('ads', 'spring', 1, 1),
          row('tg', null, 0, 1), // Alice's repeat visit: a touch, no contact
        ],
      });
    });

    it('regroups the whole history when mappings change, and a replacement drops the old ones', async () => {
      const saved = await putMappings([
        { raw: 'ads', source_value: 'Ads' },
        { raw: 'ADS', source_value: 'Ads', campaign_name: '' },
        { raw: 'tg', source_value: 'Telegram', campaign_name: 'channel' },
      ]).expect(200);
      expect(saved.body).toEqual({
        data: [
          { raw: 'ADS', source_value: 'Ads', campaign_name: null },
          { raw: 'ads', source_value: 'Ads', campaign_name: null },
          { raw: 'tg', source_value: 'Telegram', campaign_name: 'channel' },
        ],
      });
      const mapped = await read(api('/sources')).expect(200);
      expect(mapped.body.data).toEqual([
        row('Ads', null, 2, 2),
        row(UNMAPPED, null, 2, 2),
        row('Ads', 'spring', 1, 1),
        row('Telegram', 'channel', 0, 1),
      ]);
      const alice = await read(api('/contacts/101')).expect(200);
      expect(alice.body.attribution).toMatchObject({ source_value: 'Ads', campaign_name: 'spring', touches: 2 });

      // A mapping's campaign replaces the link's own; the body may also be { data: [...] } as GET answers it.
      await putMappings({ data: [{ raw: 'ads', source_value: 'Ads', campaign_name: 'promo' }] }).expect(200);
      const listed = await request(ctx.url).get(`/api/bots/${botId}/sources/mappings`).set(bearer(session)).expect(200);
      expect(listed.body).toEqual({ data: [{ raw: 'ads', source_value: 'Ads', campaign_name: 'promo' }] });
      const regrouped = await read(api('/sources')).expect(200);
      expect(regrouped.body.data).toEqual([
        row('Ads', 'promo', 2, 2),
        row(UNMAPPED, null, 2, 2),
        row('ADS', null, 1, 1),
        row('tg', null, 0, 1),
      ]);
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

  describe('a MAX bot with its own UTM key', () => {
    it('reports bot_started as a /start message, a touch and the attribution, like Telegram', async () => {
      const owner = await registerUser(ctx);
      const key = (await issueKey(ctx, owner.token, ['read'])).key;
      const created = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'max', name: 'MAX shop', utm_key: 'src' })
        .expect(201);
      const maxBot: CaptureBot = { id: created.body.id, userId: owner.user.id, platform: 'max', utmKey: 'src' };
      const at = wholeSeconds(now - 5 * 60_000);
      await capture.inboundUpdates(maxBot, [
        {
          update_type: 'bot_started',
          timestamp: at.getTime(),
          chat_id: 77,
          user: { user_id: 555, first_name: 'Ivan', username: null },
          payload: 'src=vk|utm_campaign=launch',
        },
      ]);
      const base = `/api/v1/bots/${maxBot.id}`;
      expect((await read(`${base}/sources`, key).expect(200)).body).toEqual({
        utm_key: 'src',
        data: [row('vk', 'launch', 1, 1)],
      });
      expect((await read(`${base}/messages`, key).expect(200)).body.data).toEqual([
        {
          id: expect.any(String),
          direction: 'in',
          external_user_id: '555',
          text: '/start src=vk|utm_campaign=launch',
          created_at: iso(at),
        },
      ]);
      expect((await read(`${base}/contacts/555`, key).expect(200)).body.attribution).toEqual({
        source_value: 'vk',
        campaign_name: 'launch',
        first_seen_at: iso(at),
        last_seen_at: iso(at),
        touches: 1,
      });
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
