import { EventEmitter2 } from '@nestjs/event-emitter';
import { UNMAPPED_SOURCE } from '../../src/common/unmapped-source';
import { SourcesQueries } from '../../src/analytics/sources.queries';
import { StatsQueries } from '../../src/analytics/stats.queries';
import { ContactPage, ContactsQueries } from '../../src/contacts/contacts.queries';
import { MessagesQueries } from '../../src/contacts/messages.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { FactEvents, type MessageEvent } from '../../src/ingest/events';
import { Intent } from '../../src/intents/intent.entity';
import { IntentMatcher } from '../../src/intents/intent-matcher';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot, utcDay } from './support/factories';
import { ingestPipeline } from './support/ingest';
import { telegramTraffic, type TelegramPerson } from './support/telegram';

/** People with every searchable field and every case of the cabinet's extra fields. */
const ALICE = {
  id: 101,
  first_name: 'Alice',
  last_name: 'Liddell',
  username: 'alice_w',
  is_premium: true,
  language_code: 'en',
};
const BOB = { id: 102, first_name: 'Bob', username: 'bobby', language_code: 'ru' };
const CAROL = { id: 103, first_name: 'Carol', last_name: 'Danvers' };
const DAN = { id: 104, first_name: 'Скидка 50%' };
const EVE = { id: 105, first_name: 'Скидка 500', last_name: 'back\\slash' };
const BOB_PHONE = '+79990001122';
const DELIVERY = { name: 'delivery', color: '#22C55E' };
const QUESTION = { name: 'question', color: '#3B82F6' };

/**
 * The cabinet's reads of one hour of a bot: Alice came from an ad and asked about delivery (both intents match),
 * the bot answered; Bob came with a bare /start and shared his phone; Carol wrote and blocked the bot; Dan and Eve
 * (names with `%` and a backslash) said hi. Nothing here writes but the test of the mappings, which restores them.
 */
describe("The cabinet's reads of a scripted hour", () => {
  const db = useFreshDatabase({ perDescribe: true });
  let bot: CaptureBot;
  let intentIds: Record<string, string>;
  let contactIds: Record<string, string>;
  const now = Math.floor(Date.now() / 1000);
  const at = (minutesAgo: number) => new Date((now - minutesAgo * 60) * 1000);
  const T = {
    aliceStart: at(50),
    bobStart: at(45),
    bobPhone: at(44),
    aliceAsks: at(40),
    botAnswers: at(39),
    carolHello: at(30),
    carolBlocks: at(29),
    danHi: at(20),
    eveHi: at(10),
  };
  const contacts = () => new ContactsQueries(db.dataSource);
  /** The cabinet's list as its service reads it: a page of the search with the total it is part of. */
  const cabinetList = (page: ContactPage) =>
    contacts().withTotal(bot.id, page, (condition) => contacts().cabinetPage(bot.id, page, condition));
  const found = async (search: string) => {
    const { rows, total } = await cabinetList({ limit: 100, offset: 0, search });
    return { users: rows.map((row) => row.external_user_id), total };
  };

  beforeAll(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    // Created in the reverse of name order, so the answer's order is by name, not by creation.
    const intents = db.dataSource.getRepository(Intent);
    const intent = (fields: { name: string; color: string; keywords: string[]; patterns: string[] }) =>
      intents.save({ ...fields, botId: bot.id, description: '', isActive: true });
    const question = await intent({ ...QUESTION, keywords: [], patterns: ['\\?'] });
    const delivery = await intent({ ...DELIVERY, keywords: ['доставка'], patterns: [] });
    intentIds = { question: question.id, delivery: delivery.id };

    const ingest = ingestPipeline(db);
    const { capture, inbound, sent } = telegramTraffic(db, ingest);
    await inbound(bot, ALICE, T.aliceStart, { text: '/start utm_source=ads' });
    await inbound(bot, BOB, T.bobStart, { text: '/start' });
    await inbound(bot, BOB, T.bobPhone, { contact: { phone_number: BOB_PHONE, first_name: 'Bob', user_id: BOB.id } });
    await inbound(bot, ALICE, T.aliceAsks, { text: 'где доставка?' });
    await sent(bot, 'sendmessage', ALICE, T.botAnswers, { text: 'Доставка 300 ₽?' });
    await inbound(bot, CAROL, T.carolHello, { text: 'hello' });
    await capture.inboundUpdates(bot, [
      {
        update_id: 7001,
        my_chat_member: {
          chat: { id: CAROL.id, type: 'private' },
          from: { is_bot: false, ...CAROL },
          date: T.carolBlocks.getTime() / 1000,
          new_chat_member: { status: 'kicked' },
        },
      },
    ]);
    await inbound(bot, DAN, T.danHi, { text: 'hi' });
    await inbound(bot, EVE, T.eveHi, { text: 'hi' });
    // Intents are matched right after a message is stored, as the app's matcher hears the writer's events.
    const matcher = new IntentMatcher(intents, db.dataSource, new EventEmitter2());
    for (const [name, payload] of ingest.events)
      if (name === FactEvents.messageCreated) await matcher.onInbound(payload as MessageEvent);

    const rows = await db.dataSource.query<Array<{ external_user_id: string; id: string }>>(
      `SELECT external_user_id, id FROM contacts WHERE bot_id = $1`,
      [bot.id],
    );
    contactIds = Object.fromEntries(rows.map((row) => [row.external_user_id, row.id]));
  });

  /** A listed contact: only Alice has a source; each first appeared with their first message. */
  const item = (person: TelegramPerson, firstSeen: Date, fields: Record<string, unknown>) => ({
    id: contactIds[String(person.id)],
    external_user_id: String(person.id),
    username: person.username ?? null,
    first_name: person.first_name,
    last_name: person.last_name ?? null,
    is_premium: person.is_premium ?? false,
    language_code: person.language_code ?? null,
    blocked: false,
    source_value: person === ALICE ? 'ads' : null,
    campaign_name: null,
    first_seen_at: firstSeen,
    // Nobody here paid (test/medium/revenue-reads.medium-spec.ts has payers).
    payments: 0,
    revenue: [],
    ...fields,
  });
  const EVE_ITEM = () => item(EVE, T.eveHi, { last_seen_at: T.eveHi, messages_count: 1 });
  const DAN_ITEM = () => item(DAN, T.danHi, { last_seen_at: T.danHi, messages_count: 1 });

  it('stats, sources and the timeline of the hour, exactly', async () => {
    expect(await new StatsQueries(db.dataSource).stats(bot.id)).toEqual({
      contacts_total: 5,
      contacts_active_24h: 5,
      messages_total: 8,
      messages_in: 7,
      messages_out: 1,
      messages_24h: 8,
      new_users_7d: 5,
      active_users_7d: 0,
    });
    expect(await new SourcesQueries(db.dataSource).rows(bot.id)).toEqual([
      { source_value: UNMAPPED_SOURCE, campaign_name: null, contacts_count: 4, touches: 1 },
      { source_value: 'ads', campaign_name: null, contacts_count: 1, touches: 1 },
    ]);
    // The script ran within the last hour: today, or yesterday when the hour crossed midnight UTC.
    const perDay = new Map<string, { messages_in: number; messages_out: number; new_contacts: number }>();
    for (const [when, direction, newContact] of [
      [T.aliceStart, 'in', 1],
      [T.bobStart, 'in', 1],
      [T.bobPhone, 'in', 0],
      [T.aliceAsks, 'in', 0],
      [T.botAnswers, 'out', 0],
      [T.carolHello, 'in', 1],
      [T.danHi, 'in', 1],
      [T.eveHi, 'in', 1],
    ] as const) {
      const counts = perDay.get(utcDay(when)) ?? { messages_in: 0, messages_out: 0, new_contacts: 0 };
      counts[direction === 'in' ? 'messages_in' : 'messages_out'] += 1;
      counts.new_contacts += newContact;
      perDay.set(utcDay(when), counts);
    }
    const day = (back: number) => utcDay(new Date(Date.parse(utcDay(new Date())) - back * 24 * 3600_000));
    const zero = { messages_in: 0, messages_out: 0, new_contacts: 0 };
    expect(await new StatsQueries(db.dataSource).timeline(bot.id, 3)).toEqual(
      [2, 1, 0].map((back) => ({ date: day(back), ...(perDay.get(day(back)) ?? zero) })),
    );
  });

  it("the list adds each contact's language, blocked state, mapped source, campaign and first sight", async () => {
    expect(await cabinetList({ limit: 100, offset: 0 })).toEqual({
      rows: [
        EVE_ITEM(),
        DAN_ITEM(),
        item(CAROL, T.carolHello, { last_seen_at: T.carolHello, messages_count: 1, blocked: true }),
        item(ALICE, T.aliceStart, { last_seen_at: T.aliceAsks, messages_count: 3 }),
        item(BOB, T.bobStart, { last_seen_at: T.bobPhone, messages_count: 2 }),
      ],
      total: 5,
    });
  });

  it('the card adds language and blocked state to the open API card: a shared phone, a block', async () => {
    expect(await contacts().cabinetDetail(bot.id, '102')).toEqual({
      contact: {
        id: contactIds['102'],
        external_user_id: '102',
        username: 'bobby',
        first_name: 'Bob',
        last_name: null,
        is_premium: false,
        phone: BOB_PHONE,
        last_seen_at: T.bobPhone,
        language_code: 'ru',
        blocked: false,
      },
      stats: { total_messages: 2, inbound: 2, outbound: 0, first_at: T.bobStart, last_at: T.bobPhone },
      attribution: null,
      payments: 0,
      revenue: [],
    });
    expect(await contacts().cabinetDetail(bot.id, '103')).toEqual({
      contact: {
        id: contactIds['103'],
        external_user_id: '103',
        username: null,
        first_name: 'Carol',
        last_name: 'Danvers',
        is_premium: false,
        phone: null,
        last_seen_at: T.carolHello,
        language_code: null,
        blocked: true,
      },
      stats: { total_messages: 1, inbound: 1, outbound: 0, first_at: T.carolHello, last_at: T.carolHello },
      attribution: null,
      payments: 0,
      revenue: [],
    });
    const { language_code, blocked, ...contact } = (await contacts().cabinetDetail(bot.id, '101'))!.contact;
    expect({ language_code, blocked }).toEqual({ language_code: 'en', blocked: false });
    expect(await contacts().detail(bot.id, '101')).toEqual({
      ...(await contacts().cabinetDetail(bot.id, '101')),
      contact,
      attribution: {
        source_value: 'ads',
        campaign_name: null,
        first_seen_at: T.aliceStart,
        last_seen_at: T.aliceStart,
        touches: 1,
      },
    });
  });

  it("the list and the card show the source and campaign through the bot's mappings", async () => {
    await db.dataSource.query(
      `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name) VALUES ($1, 'ads', 'Реклама', 'Весна')`,
      [bot.id],
    );
    try {
      const { rows } = await cabinetList({ limit: 100, offset: 0, search: 'alice' });
      expect(rows.map((c) => [c.external_user_id, c.source_value, c.campaign_name, c.first_seen_at])).toEqual([
        ['101', 'Реклама', 'Весна', T.aliceStart],
      ]);
      const { attribution } = (await contacts().cabinetDetail(bot.id, '101'))!;
      expect([attribution!.source_value, attribution!.campaign_name]).toEqual(['Реклама', 'Весна']);
    } finally {
      await db.dataSource.query(`DELETE FROM source_mappings WHERE bot_id = $1`, [bot.id]);
    }
  });

  describe('the search (q)', () => {
    it('finds a case-insensitive part of the first name, last name or the full name', async () => {
      expect(await found('ALI')).toEqual({ users: ['101'], total: 1 });
      expect(await found('dDeL')).toEqual({ users: ['101'], total: 1 });
      expect(await found('alice liddell')).toEqual({ users: ['101'], total: 1 });
      expect(await found('DANV')).toEqual({ users: ['103'], total: 1 });
      expect(await found('СКИДКА')).toEqual({ users: ['105', '104'], total: 2 });
    });

    it('finds a part of the username or the phone, and the exact user id only', async () => {
      expect(await found('BBY')).toEqual({ users: ['102'], total: 1 });
      expect(await found('9990001')).toEqual({ users: ['102'], total: 1 });
      expect(await found('103')).toEqual({ users: ['103'], total: 1 });
      expect(await found('10')).toEqual({ users: [], total: 0 });
    });

    it('matches %, _ and \\ literally', async () => {
      expect(await found('50%')).toEqual({ users: ['104'], total: 1 });
      expect(await found('_')).toEqual({ users: ['101'], total: 1 });
      expect(await found('k\\s')).toEqual({ users: ['105'], total: 1 });
      expect(await found('%')).toEqual({ users: ['104'], total: 1 });
    });

    it('pages the matches; the total counts all of them', async () => {
      const search = 'скидка';
      expect(await cabinetList({ limit: 1, offset: 0, search })).toEqual({ rows: [EVE_ITEM()], total: 2 });
      expect(await cabinetList({ limit: 1, offset: 1, search })).toEqual({ rows: [DAN_ITEM()], total: 2 });
      expect(await cabinetList({ limit: 100, offset: 5, search })).toEqual({ rows: [], total: 2 });
      // A page that is not full ends the matches: its total is the offset plus its rows.
      expect(await cabinetList({ limit: 5, offset: 1, search })).toEqual({ rows: [DAN_ITEM()], total: 2 });
    });
  });

  it("a dialog's messages carry the intents each matched, by name, with id, name and colour; [] for none", async () => {
    const filter = { userId: '101', limit: 100 };
    const dialog = await new MessagesQueries(db.dataSource).listWithIntents(bot.id, filter);
    expect(dialog).toEqual([
      {
        id: expect.any(String),
        direction: 'out',
        external_user_id: '101',
        text: 'Доставка 300 ₽?',
        created_at: T.botAnswers,
        intents: [],
      },
      {
        id: expect.any(String),
        direction: 'in',
        external_user_id: '101',
        text: 'где доставка?',
        created_at: T.aliceAsks,
        intents: [
          { id: intentIds.delivery, ...DELIVERY },
          { id: intentIds.question, ...QUESTION },
        ],
      },
      {
        id: expect.any(String),
        direction: 'in',
        external_user_id: '101',
        text: '/start utm_source=ads',
        created_at: T.aliceStart,
        intents: [],
      },
    ]);
    // The open API's messages are the same without the intents.
    expect(dialog.map(({ intents: _, ...message }) => message)).toEqual(
      await new MessagesQueries(db.dataSource).list(bot.id, filter),
    );
  });
});
