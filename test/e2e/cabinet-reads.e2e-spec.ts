import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { addMember, upgradeToBusiness } from './support/team';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('alice on the beach')]);

/** Telegram-shaped people: each case of the cabinet's extra fields (language, blocked, source, phone, photo). */
const ALICE = {
  id: 101,
  is_bot: false,
  first_name: 'Alice',
  last_name: 'Liddell',
  username: 'alice_w',
  is_premium: true,
  language_code: 'en',
};
const BOB = { id: 102, is_bot: false, first_name: 'Bob', username: 'bobby', language_code: 'ru' };
const CAROL = { id: 103, is_bot: false, first_name: 'Carol', last_name: 'Danvers' };
type Person = { id: number; first_name: string } & Record<string, unknown>;

const BOB_PHONE = '+79990001122';
const DELIVERY = { name: 'delivery', color: '#22C55E' };
const ROLES = ['owner', 'administrator', 'observer'] as const;

/**
 * The HTTP contract of the cabinet's reads: who may read, the shapes (the open API's plus the cabinet's fields),
 * the bounds, and the avatar links. What the reads compute (counts, search rules, paging totals, intents by name,
 * sources through mappings) is proven by test/medium/cabinet-reads.medium-spec.ts on a fuller script.
 */
describe('Cabinet reads (session API: stats, timeline, sources, contacts, dialog messages with intents)', () => {
  let ctx: TestApp;
  let capture: CaptureService;
  let owner: { token: string; user: { id: string } };
  let administrator: { token: string };
  let observer: { token: string };
  let stranger: { token: string };
  let readKey: string;
  let botId: string;
  let captureBot: CaptureBot;
  let contactIds: Record<string, string>;
  let deliveryId: string;

  const now = Math.floor(Date.now() / 1000);
  /** Whole seconds, so the answers can be compared exactly. */
  const minutesAgo = (minutes: number) => now - minutes * 60;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  const T = {
    aliceStart: minutesAgo(50),
    bobStart: minutesAgo(45),
    bobPhone: minutesAgo(44),
    aliceAsks: minutesAgo(40),
    botAnswers: minutesAgo(39),
    carolHello: minutesAgo(30),
    carolBlocks: minutesAgo(29),
  };

  let updateId = 7000;
  const inbound = (from: Person, date: number, fields: Record<string, unknown>) =>
    capture.inboundUpdates(captureBot, [
      {
        update_id: ++updateId,
        message: { message_id: updateId, from, chat: { id: from.id, type: 'private' }, date, ...fields },
      },
    ]);

  const get = (path: string, session: { token: string } = owner) => request(ctx.url).get(path).set(bearer(session));
  const cabinet = (path: string) => `/api/bots/${botId}${path}`;
  const openApi = (path: string) => request(ctx.url).get(`/api/v1/bots/${botId}${path}`).set('X-API-Key', readKey);
  /** A signed avatar link of one of the bot's users, on PUBLIC_BASE_URL. */
  const avatarLink = (bot: string, userId: number) =>
    expect.stringMatching(
      new RegExp(
        `^https://botlens\\.test/api/avatars/contact/${bot}/${userId}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`,
      ),
    );

  beforeAll(async () => {
    ctx = await startTestApp();
    capture = ctx.app.get(CaptureService);
    owner = await registerUser(ctx);
    await upgradeToBusiness(ctx, owner.token);
    administrator = await addMember(ctx, owner.token, 'administrator');
    observer = await addMember(ctx, owner.token, 'observer');
    stranger = await registerUser(ctx);
    await bindTelegramBot(ctx, stranger.token);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;

    const bound = await bindTelegramBot(ctx, owner.token);
    botId = bound.bot.id;
    captureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    ctx.telegram.addProfilePhoto(bound.token, ALICE.id, JPEG);

    const delivery = await request(ctx.url)
      .post(cabinet('/intents'))
      .set(bearer(owner))
      .send({ ...DELIVERY, keywords: ['доставка'], patterns: [] })
      .expect(201);
    deliveryId = delivery.body.id;

    await inbound(ALICE, T.aliceStart, { text: '/start utm_source=ads' });
    await inbound(BOB, T.bobStart, { text: '/start' });
    await inbound(BOB, T.bobPhone, { contact: { phone_number: BOB_PHONE, first_name: 'Bob', user_id: BOB.id } });
    await inbound(ALICE, T.aliceAsks, { text: 'где доставка?' });
    await capture.outboundResult(captureBot, 'sendMessage', null, {
      message_id: ++updateId,
      from: { id: 999, is_bot: true, first_name: 'Shop bot' },
      chat: { id: ALICE.id, type: 'private' },
      date: T.botAnswers,
      text: 'Доставка 300 ₽?',
    });
    await inbound(CAROL, T.carolHello, { text: 'hello' });
    await capture.inboundUpdates(captureBot, [
      {
        update_id: ++updateId,
        my_chat_member: {
          chat: { id: CAROL.id, type: 'private' },
          from: CAROL,
          date: T.carolBlocks,
          new_chat_member: { status: 'kicked' },
        },
      },
    ]);

    // Intents are matched right after the message is stored.
    await eventually(async () => {
      const { rows } = await ctx.db.query(`SELECT count(*)::int AS n FROM message_intents WHERE bot_id = $1`, [botId]);
      if (rows[0].n !== 1) throw new Error(`${rows[0].n} intent matches so far`);
    });
    const { rows } = await ctx.db.query<{ external_user_id: string; id: string }>(
      `SELECT external_user_id, id FROM contacts WHERE bot_id = $1`,
      [botId],
    );
    contactIds = Object.fromEntries(rows.map((row) => [row.external_user_id, row.id]));
  });
  afterAll(() => ctx.close());

  /** Where each listed contact came from: only Alice has a source; each first appeared with their first message. */
  const origin = (userId: number) => ({
    source_value: userId === ALICE.id ? 'ads' : null,
    campaign_name: null,
    first_seen_at: iso({ [ALICE.id]: T.aliceStart, [BOB.id]: T.bobStart, [CAROL.id]: T.carolHello }[userId]!),
  });
  const item = (person: Person, fields: Record<string, unknown>) => ({
    ...origin(person.id),
    id: contactIds[String(person.id)],
    external_user_id: String(person.id),
    username: person.username ?? null,
    first_name: person.first_name,
    last_name: person.last_name ?? null,
    is_premium: person.is_premium ?? false,
    language_code: person.language_code ?? null,
    blocked: false,
    avatar_url: avatarLink(botId, person.id),
    // Nobody here paid (test/e2e/revenue.e2e-spec.ts has payers).
    payments: 0,
    revenue: [],
    ...fields,
  });
  const ALL_CONTACTS = () => [
    item(CAROL, { last_seen_at: iso(T.carolHello), messages_count: 1, blocked: true }),
    item(ALICE, { last_seen_at: iso(T.aliceAsks), messages_count: 3 }),
    item(BOB, { last_seen_at: iso(T.bobPhone), messages_count: 2 }),
  ];

  describe("every team role reads every route; the answers are the open API's, plus the cabinet's fields", () => {
    it.each(ROLES)('%s reads stats, the timeline, sources, contacts, a contact card and a dialog', async (role) => {
      const session = { owner, administrator, observer }[role];
      for (const path of [
        '/stats',
        '/stats/timeline?days=3',
        '/sources',
        '/contacts',
        '/contacts/102',
        '/dialogs/101/messages',
      ]) {
        const res = await get(cabinet(path), session);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
    });

    it('the list and the card: language, blocked state, avatar link, and on the list source, campaign and first sight', async () => {
      expect((await get(cabinet('/contacts'), observer).expect(200)).body).toEqual({
        data: ALL_CONTACTS(),
        total: 3,
        limit: 100,
        offset: 0,
      });
      expect((await get(cabinet('/contacts/103'), observer).expect(200)).body).toEqual({
        contact: {
          id: contactIds['103'],
          external_user_id: '103',
          username: null,
          first_name: 'Carol',
          last_name: 'Danvers',
          is_premium: false,
          phone: null,
          last_seen_at: iso(T.carolHello),
          language_code: null,
          blocked: true,
          avatar_url: avatarLink(botId, 103),
        },
        stats: { total_messages: 1, inbound: 1, outbound: 0, first_at: iso(T.carolHello), last_at: iso(T.carolHello) },
        attribution: null,
        payments: 0,
        revenue: [],
        clicks: [],
      });
    });

    it('the shared reads answer exactly what the open API answers', async () => {
      for (const path of ['/stats', '/stats/timeline', '/stats/timeline?days=7', '/sources']) {
        const [session, key] = await Promise.all([get(cabinet(path), observer), openApi(path)]);
        expect({ path, status: session.status, body: session.body }).toEqual({ path, status: 200, body: key.body });
      }
      const timeline = await get(cabinet('/stats/timeline'), observer);
      expect({ days: timeline.body.days, length: timeline.body.data.length }).toEqual({ days: 30, length: 30 });
      const [list, v1List] = await Promise.all([get(cabinet('/contacts'), observer), openApi('/contacts')]);
      expect(list.body).toEqual({
        ...v1List.body,
        data: v1List.body.data.map((contact: { external_user_id: string }) => ({
          ...contact,
          language_code: { '101': 'en', '102': 'ru' }[contact.external_user_id] ?? null,
          blocked: contact.external_user_id === '103',
          avatar_url: avatarLink(botId, Number(contact.external_user_id)),
          ...origin(Number(contact.external_user_id)),
        })),
      });
      const [card, v1Card] = await Promise.all([get(cabinet('/contacts/101'), observer), openApi('/contacts/101')]);
      expect(card.body).toEqual({
        ...v1Card.body,
        contact: { ...v1Card.body.contact, language_code: 'en', blocked: false, avatar_url: avatarLink(botId, 101) },
      });
    });

    it('the open API keeps its own shapes: no cabinet fields, no intents', async () => {
      const list = await openApi('/contacts').expect(200);
      expect(Object.keys(list.body.data[0]).sort()).toEqual([
        'external_user_id',
        'first_name',
        'id',
        'is_premium',
        'last_name',
        'last_seen_at',
        'messages_count',
        'payments',
        'revenue',
        'username',
      ]);
      const card = await openApi('/contacts/101').expect(200);
      expect(Object.keys(card.body.contact).sort()).toEqual([
        'external_user_id',
        'first_name',
        'id',
        'is_premium',
        'last_name',
        'last_seen_at',
        'phone',
        'username',
      ]);
      const messages = await openApi('/messages?userId=101').expect(200);
      expect(Object.keys(messages.body.data[0]).sort()).toEqual([
        'created_at',
        'direction',
        'external_user_id',
        'id',
        'text',
      ]);
    });
  });

  describe('who is refused', () => {
    const ROUTES = ['/stats', '/stats/timeline', '/sources', '/contacts', '/contacts/101', '/dialogs/101/messages'];

    it("another account's bot is 404 Bot not found, as is an unknown bot", async () => {
      for (const path of ROUTES) {
        const theirs = await get(cabinet(path), stranger);
        expect({ path, status: theirs.status, body: theirs.body }).toEqual({
          path,
          status: 404,
          body: { message: Messages.botNotFound },
        });
        const unknown = await get(`/api/bots/00000000-0000-4000-8000-000000000000${path}`);
        expect({ path, status: unknown.status, body: unknown.body }).toEqual({
          path,
          status: 404,
          body: { message: Messages.botNotFound },
        });
      }
    });

    it('an API key is not a session (401), and neither is no header', async () => {
      for (const path of ROUTES) {
        const keyed = await request(ctx.url).get(cabinet(path)).set(bearer(readKey));
        expect({ path, status: keyed.status, body: keyed.body }).toEqual({
          path,
          status: 401,
          body: { message: Messages.sessionRequired },
        });
        const viaHeader = await request(ctx.url).get(cabinet(path)).set('X-API-Key', readKey);
        expect({ path, status: viaHeader.status, body: viaHeader.body }).toEqual({
          path,
          status: 401,
          body: { message: Messages.sessionRequired },
        });
      }
    });

    it('an unknown contact is 404 Contact not found', async () => {
      const res = await get(cabinet('/contacts/999999'), observer).expect(404);
      expect(res.body).toEqual({ message: Messages.contactNotFound });
    });

    it.each([
      ['/contacts?limit=0', Messages.badLimitOffset],
      ['/contacts?limit=1001', Messages.badLimitOffset],
      ['/contacts?limit=1.5', Messages.badLimitOffset],
      ['/contacts?offset=-1', Messages.badLimitOffset],
      ['/contacts?offset=x', Messages.badLimitOffset],
      ['/stats/timeline?days=0', Messages.badDays],
      ['/stats/timeline?days=366', Messages.badDays],
      ['/stats/timeline?days=1e2', Messages.badDays],
    ])('bounds as in the open API: %s is 400 %s', async (path, message) => {
      const [session, key] = await Promise.all([get(cabinet(path), observer), openApi(path)]);
      expect({ status: session.status, body: session.body }).toEqual({ status: 400, body: { message } });
      expect({ status: key.status, body: key.body }).toEqual({ status: 400, body: { message } });
    });
  });

  describe('GET /api/bots/:id/contacts?q=', () => {
    it('finds by a part of a name; an empty or blank q lists every contact, surrounding spaces are ignored; up to 100 characters, longer, given twice or holding a control character is 400', async () => {
      const search = async (q: string) => {
        const res = await get(cabinet(`/contacts?q=${encodeURIComponent(q)}`), observer);
        expect({ q, status: res.status }).toEqual({ q, status: 200 });
        return res.body;
      };
      expect(await search('ALI')).toEqual({
        data: [item(ALICE, { last_seen_at: iso(T.aliceAsks), messages_count: 3 })],
        total: 1,
        limit: 100,
        offset: 0,
      });
      expect(await search('')).toEqual({ data: ALL_CONTACTS(), total: 3, limit: 100, offset: 0 });
      expect(await search('   ')).toEqual({ data: ALL_CONTACTS(), total: 3, limit: 100, offset: 0 });
      expect((await search('  bob ')).data.map((c: { external_user_id: string }) => c.external_user_id)).toEqual([
        '102',
      ]);
      expect(await search('x'.repeat(100))).toEqual({ data: [], total: 0, limit: 100, offset: 0 });
      for (const query of [`q=${'x'.repeat(101)}`, 'q=a&q=b', 'q=a%00b', 'q=a%0Ab']) {
        const res = await get(cabinet(`/contacts?${query}`), observer);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 400,
          body: { message: Messages.contactSearchInvalid },
        });
      }
    });
  });

  describe('GET /api/bots/:id/dialogs/:userId/messages: each message with the intents it matched', () => {
    it('answers each message with the intents it matched (id, name, colour; [] for none); the open API without them', async () => {
      const res = await get(cabinet('/dialogs/101/messages'), observer).expect(200);
      expect(res.body).toEqual({
        data: [
          {
            id: expect.any(String),
            direction: 'out',
            external_user_id: '101',
            text: 'Доставка 300 ₽?',
            created_at: iso(T.botAnswers),
            intents: [],
          },
          {
            id: expect.any(String),
            direction: 'in',
            external_user_id: '101',
            text: 'где доставка?',
            created_at: iso(T.aliceAsks),
            intents: [{ id: deliveryId, ...DELIVERY }],
          },
          {
            id: expect.any(String),
            direction: 'in',
            external_user_id: '101',
            text: '/start utm_source=ads',
            created_at: iso(T.aliceStart),
            intents: [],
          },
        ],
        limit: 100,
      });
      const v1 = await openApi('/messages?userId=101').expect(200);
      expect(res.body.data.map(({ intents: _, ...message }: { intents: unknown }) => message)).toEqual(v1.body.data);
    });

    it('keeps its paging and bounds: limit cut to 1000, below 1 is 400', async () => {
      const page = await get(cabinet('/dialogs/101/messages?limit=1'), observer).expect(200);
      expect(page.body).toEqual({
        data: [expect.objectContaining({ text: 'Доставка 300 ₽?', intents: [] })],
        limit: 1,
      });
      const cut = await get(cabinet('/dialogs/101/messages?limit=5000'), observer).expect(200);
      expect(cut.body.limit).toBe(1000);
      const bad = await get(cabinet('/dialogs/101/messages?limit=0'), observer).expect(400);
      expect(bad.body).toEqual({ message: Messages.badLimit });
    });
  });

  describe('avatar_url', () => {
    it('is a signed link that serves the photo without a session', async () => {
      const card = await get(cabinet('/contacts/101'), observer).expect(200);
      const link = new URL(card.body.contact.avatar_url as string);
      const image = await request(ctx.url)
        .get(link.pathname + link.search)
        .buffer(true)
        .expect(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(image.body as Buffer, JPEG)).toBe(0);
    });

    it('is null once the platform said the user has no photo', async () => {
      const card = await get(cabinet('/contacts/102'), observer).expect(200);
      const link = new URL(card.body.contact.avatar_url as string);
      const none = await request(ctx.url)
        .get(link.pathname + link.search)
        .expect(404);
      expect(none.body).toEqual({ message: Messages.avatarNotFound });

      const after = await get(cabinet('/contacts/102'), observer).expect(200);
      expect(after.body.contact.avatar_url).toBeNull();
      const list = await get(cabinet('/contacts'), observer).expect(200);
      expect(
        list.body.data.map((c: { external_user_id: string; avatar_url: string | null }) => [
          c.external_user_id,
          c.avatar_url,
        ]),
      ).toEqual([
        ['103', avatarLink(botId, 103)],
        ['101', avatarLink(botId, 101)],
        ['102', null],
      ]);
    });

    it('is null for every contact of a bot without a token (analytics-only mode loads no avatars)', async () => {
      const created = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'telegram', name: 'No token' })
        .expect(201);
      const bot: CaptureBot = {
        id: created.body.id,
        userId: owner.user.id,
        platform: 'telegram',
        utmKey: 'utm_source',
      };
      await capture.inboundUpdates(bot, [
        {
          update_id: 1,
          message: { message_id: 1, from: ALICE, chat: { id: ALICE.id, type: 'private' }, date: now, text: 'hi' },
        },
      ]);
      const list = await get(`/api/bots/${bot.id}/contacts`, observer).expect(200);
      expect(list.body.data).toEqual([
        expect.objectContaining({ external_user_id: '101', language_code: 'en', blocked: false, avatar_url: null }),
      ]);
      const card = await get(`/api/bots/${bot.id}/contacts/101`, observer).expect(200);
      expect(card.body.contact.avatar_url).toBeNull();
    });
  });

  it('the OpenAPI document describes the routes, their role and their bodies', async () => {
    const document = (await request(ctx.url).get('/api/docs-json').expect(200)).body;
    const schemas = document.components.schemas;
    const routes = {
      '/api/bots/{id}/stats': 'StatsDto',
      '/api/bots/{id}/stats/timeline': 'TimelineDto',
      '/api/bots/{id}/sources': 'SourcesDto',
      '/api/bots/{id}/contacts': 'CabinetContactListDto',
      '/api/bots/{id}/contacts/{userId}': 'CabinetContactDetailDto',
      '/api/bots/{id}/dialogs/{userId}/messages': 'CabinetMessageListDto',
    };
    for (const [path, schema] of Object.entries(routes)) {
      const operation = document.paths[path].get;
      expect({
        path,
        security: operation.security,
        role: operation['x-team-role'],
        ok: operation.responses['200'].content['application/json'].schema.$ref,
        errors: Object.keys(operation.responses).filter((status) => status >= '400'),
      }).toEqual({
        path,
        security: [{ session: [] }],
        role: 'observer',
        ok: `#/components/schemas/${schema}`,
        errors: expect.arrayContaining(['401', '403', '404']),
      });
    }
    expect(
      document.paths['/api/bots/{id}/contacts'].get.parameters.map((p: { name: string }) => p.name).sort(),
    ).toEqual(['id', 'limit', 'offset', 'payer', 'q']);
    expect(
      document.paths['/api/bots/{id}/dialogs/{userId}/messages'].get.parameters
        .map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['from', 'id', 'limit', 'to', 'userId']);
    for (const name of ['CabinetContactListItemDto', 'CabinetContactDto']) {
      expect(schemas[name].properties).toMatchObject({
        language_code: { type: 'string', nullable: true },
        blocked: { type: 'boolean' },
        avatar_url: { type: 'string', nullable: true },
      });
    }
    expect(schemas.CabinetContactListItemDto.properties).toMatchObject({
      source_value: { type: 'string', nullable: true },
      campaign_name: { type: 'string', nullable: true },
      first_seen_at: { type: 'string', format: 'date-time' },
    });
    expect(schemas.CabinetMessageDto.properties.intents).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/MessageIntentDto' },
    });
    expect(Object.keys(schemas.MessageIntentDto.properties).sort()).toEqual(['color', 'id', 'name']);
  });
});
