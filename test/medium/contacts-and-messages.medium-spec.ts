import { ContactsQueries } from '../../src/contacts/contacts.queries';
import { DialogsQueries } from '../../src/contacts/dialogs.queries';
import { messageFilter } from '../../src/contacts/messages-v1.controller';
import { MessagesQueries } from '../../src/contacts/messages.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import {
  ALICE,
  BOB,
  CAROL,
  ConversationTimes,
  DAN,
  EVE,
  LONG_TEXT,
  reportsConversation,
} from './support/conversations';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot, utcDay } from './support/factories';
import { telegramTraffic, type TelegramPerson } from './support/telegram';

const UUID = /^[0-9a-f-]{36}$/;

/** The open API's contact, message and dialog reads of the reports' scripted conversation; nothing here writes. */
describe('The contact, message and dialog reads of the scripted conversation', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let bot: CaptureBot;
  let T: ConversationTimes;
  const contacts = () => new ContactsQueries(db.dataSource);
  const messages = (query: { userId?: string; from?: string; to?: string; limit?: number }) =>
    new MessagesQueries(db.dataSource).list(bot.id, messageFilter({ limit: 100, ...query }));

  beforeAll(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    T = await reportsConversation(telegramTraffic(db), bot);
  });

  describe('contacts', () => {
    const item = (person: TelegramPerson, lastSeen: Date | null, messagesCount: number) => ({
      id: expect.stringMatching(UUID),
      external_user_id: String(person.id),
      username: person.username ?? null,
      first_name: person.first_name,
      last_name: person.last_name ?? null,
      is_premium: person.is_premium ?? false,
      last_seen_at: lastSeen,
      messages_count: messagesCount,
      // Nobody in this conversation paid (test/medium/revenue-reads.medium-spec.ts has payers).
      payments: 0,
      revenue: [],
    });
    const page = (limit: number, offset: number) =>
      contacts().withTotal(bot.id, { limit, offset }, (condition) =>
        contacts().page(bot.id, { limit, offset }, condition),
      );

    it('lists contacts by last inbound message, newest first, with both directions counted', async () => {
      expect(await page(100, 0)).toEqual({
        rows: [
          item(DAN, T.danStart, 1),
          item(ALICE, T.alicePrice, 6),
          item(CAROL, T.carolHi, 3),
          item(BOB, T.bobLong, 3),
          item(EVE, T.eveStart, 1),
        ],
        total: 5,
      });
    });

    it('pages with limit and offset; the total stays the number of all contacts', async () => {
      expect(await page(2, 1)).toEqual({ rows: [item(ALICE, T.alicePrice, 6), item(CAROL, T.carolHi, 3)], total: 5 });
      expect(await page(1000, 5)).toEqual({ rows: [], total: 5 });
    });

    it('a card: the profile, the message counts and the first-touch attribution with all touches', async () => {
      expect(await contacts().detail(bot.id, '101')).toEqual({
        contact: {
          id: expect.stringMatching(UUID),
          external_user_id: '101',
          username: 'alice',
          first_name: 'Alice',
          last_name: 'Liddell',
          is_premium: true,
          phone: null,
          last_seen_at: T.alicePrice,
        },
        stats: { total_messages: 6, inbound: 4, outbound: 2, first_at: T.aliceStart, last_at: T.aliceAnswer },
        // The first /start with a parameter wins; the later utm_source=tg visit only counts as a touch.
        attribution: {
          source_value: 'ads',
          campaign_name: 'spring',
          first_seen_at: T.aliceStart,
          last_seen_at: T.aliceStartTg,
          touches: 2,
        },
        payments: 0,
        revenue: [],
      });
    });

    it('counts a /start without a parameter as a touch but attributes the first one with a parameter', async () => {
      expect((await contacts().detail(bot.id, '102'))!.attribution).toEqual({
        source_value: 'ADS',
        campaign_name: null,
        first_seen_at: T.bobStart,
        last_seen_at: T.bobStartAds,
        touches: 2,
      });
    });

    it('gives attribution null to a contact who came without a source, and the shared phone', async () => {
      expect(await contacts().detail(bot.id, '103')).toEqual({
        contact: {
          id: expect.any(String),
          external_user_id: '103',
          username: 'carol',
          first_name: 'Carol',
          last_name: 'Danvers',
          is_premium: false,
          phone: '+79990001122',
          last_seen_at: T.carolHi,
        },
        stats: { total_messages: 3, inbound: 2, outbound: 1, first_at: T.carolPhone, last_at: T.carolPhoto },
        attribution: null,
        payments: 0,
        revenue: [],
      });
      expect((await contacts().detail(bot.id, '104'))!.attribution).toBeNull();
    });

    it('finds no card for a user the bot never saw', async () => {
      expect(await contacts().detail(bot.id, '999999')).toBeNull();
    });
  });

  describe('messages', () => {
    const message = (direction: 'in' | 'out', person: TelegramPerson, text: string, at: Date) => ({
      id: expect.stringMatching(UUID),
      direction,
      external_user_id: String(person.id),
      text,
      created_at: at,
    });

    it('lists all messages newest first, texts of messages without one as "", and never the raw update', async () => {
      const all = await messages({});
      expect(all).toEqual([
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
      expect(JSON.stringify(all)).not.toMatch(/raw_json|update_id|message_id|phone_number/);
    });

    it('filters by userId; an unknown userId gives an empty list', async () => {
      expect((await messages({ userId: '101' })).map((m) => m.text)).toEqual([
        '100 ₽',
        'price?',
        'hello',
        '/start utm_source=tg',
        'Welcome!',
        '/start utm_source=ads|utm_campaign=spring',
      ]);
      expect(await messages({ userId: '424242' })).toEqual([]);
    });

    it('takes dates as whole UTC days, both ends included', async () => {
      const window = await messages({ from: utcDay(T.aliceHello), to: utcDay(T.carolHi) });
      expect(window.map((m) => m.created_at)).toEqual([
        T.carolPhoto,
        T.carolHi,
        T.carolPhone,
        T.bobLong,
        T.bobStartAds,
        T.aliceHello,
        T.aliceStartTg,
      ]);
    });

    it('takes timestamps as instants, both ends included, with or without an offset', async () => {
      const from = T.carolHi.toISOString();
      const to = T.carolPhoto.toISOString().replace('Z', '+00:00');
      expect((await messages({ from, to })).map((m) => m.text)).toEqual(['', 'hi there']);
      const local = T.carolPhone.toISOString().slice(0, 19); // no offset: UTC
      expect(await messages({ userId: '103', from: local })).toHaveLength(3);
      expect((await messages({ userId: '103', to: local })).map((m) => m.created_at)).toEqual([T.carolPhone]);
    });

    it('a limit takes the newest messages', async () => {
      expect(await messages({ limit: 2 })).toEqual([
        message('in', DAN, '/start', T.danStart),
        message('out', ALICE, '100 ₽', T.aliceAnswer),
      ]);
    });
  });

  describe('dialogs', () => {
    const dialog = (
      person: TelegramPerson,
      lastText: string,
      direction: 'in' | 'out',
      lastAt: Date,
      total: number,
      /** The oldest inbound message still without an answer (issue 27). */
      awaiting: Date | null = null,
    ) => ({
      id: expect.stringMatching(UUID),
      external_user_id: String(person.id),
      username: person.username ?? null,
      first_name: person.first_name,
      last_name: person.last_name ?? null,
      last_text: lastText,
      last_direction: direction,
      last_at: lastAt,
      messages_total: total,
      awaiting_since: awaiting,
      // Exact values at a fixed clock: test/medium/bot-health.medium-spec.ts.
      waited_s: awaiting ? expect.any(Number) : null,
    });

    it('lists dialogs by last message either way, with its first 200 characters, as the contacts it names', async () => {
      const dialogs = await new DialogsQueries(db.dataSource).list(bot.id, 100);
      expect(dialogs).toEqual([
        dialog(DAN, '/start', 'in', T.danStart, 1, T.danStart),
        dialog(ALICE, '100 ₽', 'out', T.aliceAnswer, 6),
        dialog(CAROL, '', 'out', T.carolPhoto, 3),
        dialog(BOB, LONG_TEXT.slice(0, 200), 'in', T.bobLong, 3, T.bobStart),
        dialog(EVE, '/start ads', 'in', T.eveStart, 1, T.eveStart),
      ]);
      // The contact list and the dialog list name the same contact ids.
      const listed = await contacts().page(bot.id, { limit: 100, offset: 0 });
      expect(new Set(dialogs.map((d) => d.id))).toEqual(new Set(listed.map((c) => c.id)));
    });

    it('a limit takes the latest dialogs', async () => {
      expect(await new DialogsQueries(db.dataSource).list(bot.id, 1)).toEqual([
        dialog(DAN, '/start', 'in', T.danStart, 1, T.danStart),
      ]);
    });
  });
});
