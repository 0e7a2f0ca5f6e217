import { ButtonsQueries } from '../../src/analytics/buttons.queries';
import { ReportsService } from '../../src/analytics/reports.service';
import { RetentionQueries } from '../../src/analytics/retention.queries';
import { UNMAPPED_SOURCE } from '../../src/common/unmapped-source';
import { SourceMappingsPipe } from '../../src/analytics/source-mappings.pipe';
import { SourceMappingsService } from '../../src/analytics/source-mappings.service';
import { SourcesQueries } from '../../src/analytics/sources.queries';
import { StatsQueries } from '../../src/analytics/stats.queries';
import { BotAccess } from '../../src/bots/bot-access';
import { Bot } from '../../src/bots/bot.entity';
import { BotsRepository } from '../../src/bots/bots.repository';
import { ContactsQueries } from '../../src/contacts/contacts.queries';
import { MessagesQueries } from '../../src/contacts/messages.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import type { MessageFact } from '../../src/ingest/facts';
import { ConversationTimes, dayAt, reportsConversation, startOfToday } from './support/conversations';
import { useFreshDatabase } from './support/database';
import { daysAgo, inbound, newAccount, newBot, outbound, ownerOf, utcDay } from './support/factories';
import { ingestPipeline } from './support/ingest';
import { telegramTraffic, type TelegramTraffic, wholeSeconds } from './support/telegram';

const DAY_MS = 24 * 60 * 60 * 1000;

describe("The reports' query objects on PostgreSQL", () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  let facts: MessageFact[];

  /**
   * Three contacts: A came from an ad 10 days ago and wrote again now; B came from a promo link 2 days ago;
   * C wrote now without a link and got an answer.
   */
  beforeEach(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    facts = [
      inbound('A', '/start utm_source=ads|utm_campaign=spring', daysAgo(10)),
      inbound('B', '/start promo', daysAgo(2)),
      inbound('A', 'back again', daysAgo(0)),
      inbound('C', 'hi', daysAgo(0)),
      outbound('C', 'hello, C', daysAgo(0)),
    ];
    const ingest = ingestPipeline(db);
    for (const fact of facts) await ingest.writer.write(bot, [fact]);
  });

  it('stats: all-time totals from the daily rollup and the rolling windows from the facts', async () => {
    expect(await new StatsQueries(db.dataSource).stats(bot.id)).toEqual({
      contacts_total: 3,
      contacts_active_24h: 2,
      messages_total: 5,
      messages_in: 4,
      messages_out: 1,
      messages_24h: 3,
      new_users_7d: 2,
      active_users_7d: 1,
    });
  });

  it('timeline: one row per UTC day ending today, oldest first, zeros where nothing happened', async () => {
    const days = [2, 1, 0].map((back) => utcDay(new Date(Date.now() - back * DAY_MS)));
    const firstSeen = new Map<string, string>();
    for (const fact of facts)
      if (!firstSeen.has(fact.externalUserId)) firstSeen.set(fact.externalUserId, utcDay(fact.at));
    const on = (day: string, direction: 'in' | 'out') =>
      facts.filter((f) => f.direction === direction && utcDay(f.at) === day).length;

    expect(await new StatsQueries(db.dataSource).timeline(bot.id, 3)).toEqual(
      days.map((date) => ({
        date,
        messages_in: on(date, 'in'),
        messages_out: on(date, 'out'),
        new_contacts: [...firstSeen.values()].filter((day) => day === date).length,
      })),
    );
  });

  it('sources: raw values through the mappings, the contacts without a source as the unmapped row', async () => {
    await db.dataSource.query(
      `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name) VALUES ($1, 'promo', 'Promo', 'Q4')`,
      [bot.id],
    );
    expect(await new SourcesQueries(db.dataSource).rows(bot.id)).toEqual([
      { source_value: 'Promo', campaign_name: 'Q4', contacts_count: 1, touches: 1 },
      { source_value: 'ads', campaign_name: 'spring', contacts_count: 1, touches: 1 },
      { source_value: UNMAPPED_SOURCE, campaign_name: null, contacts_count: 1, touches: 0 },
    ]);
  });
});

describe('The reports of the scripted Telegram conversation', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let bot: CaptureBot;
  let T: ConversationTimes;

  beforeAll(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    T = await reportsConversation(telegramTraffic(db), bot);
  });

  it('stats count the conversation exactly: 24-hour and 7-day windows against first and last sight', async () => {
    expect(await new StatsQueries(db.dataSource).stats(bot.id)).toEqual({
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

  it('the timeline gives exactly the asked UTC days ending today, oldest first, zeros on quiet days', async () => {
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
        const date = utcDay(new Date(startOfToday() - (days - 1 - i) * DAY_MS));
        return { date, ...(counts.get(date) ?? { messages_in: 0, messages_out: 0, new_contacts: 0 }) };
      });
    };
    const timeline = (days: number) => new StatsQueries(db.dataSource).timeline(bot.id, days);

    const month = await timeline(30);
    expect(month).toEqual(expectedDays(30));
    // The fixed past days, spelled out.
    const byDate = new Map<string, unknown>(month.map((d) => [d.date, d]));
    const on = (at: Date, messages_in: number, messages_out: number, new_contacts: number) =>
      expect(byDate.get(utcDay(at))).toEqual({ date: utcDay(at), messages_in, messages_out, new_contacts });
    on(T.eveStart, 1, 0, 1);
    on(T.aliceStart, 2, 1, 2);
    on(T.aliceHello, 2, 0, 0);
    on(T.carolHi, 4, 1, 1);
    on(dayAt(15, 0), 0, 0, 0);
    expect(month[29].date).toBe(utcDay(new Date()));
    for (const days of [1, 7, 365])
      expect({ days, data: await timeline(days) }).toEqual({ days, data: expectedDays(days) });
  });

  it('sources: contacts by the attributed source, touches by the parsed one; `— unmapped` takes the rest', async () => {
    expect(await new SourcesQueries(db.dataSource).rows(bot.id)).toEqual([
      sourceRow(UNMAPPED_SOURCE, null, 2, 2), // Carol and Dan; Bob's and Dan's bare /start
      sourceRow('ADS', null, 1, 1),
      sourceRow('ads', null, 1, 1),
      sourceRow('ads', 'spring', 1, 1),
      sourceRow('tg', null, 0, 1), // Alice's repeat visit: a touch, no contact
    ]);
  });
});

describe('The reports of bots of their own', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let account: { id: string; email: string };
  let traffic: TelegramTraffic;
  const owner = () => ownerOf(account);
  const access = () => new BotAccess(db.dataSource.getRepository(Bot));
  const reports = () =>
    new ReportsService(
      access(),
      new StatsQueries(db.dataSource),
      new SourcesQueries(db.dataSource),
      new RetentionQueries(db.dataSource),
      new ButtonsQueries(db.dataSource),
    );

  beforeAll(async () => {
    account = await newAccount(db.dataSource);
    traffic = telegramTraffic(db);
  });

  it('regroups the whole history when mappings change, and a replacement drops the old ones', async () => {
    const bot = await newBot(db.dataSource, account);
    await reportsConversation(traffic, bot);
    const mappings = new SourceMappingsService(db.dataSource, new BotsRepository(db.dataSource), access());
    const replace = (body: unknown) => mappings.replace(owner(), bot.id, new SourceMappingsPipe().transform(body));
    const sources = () => new SourcesQueries(db.dataSource).rows(bot.id);
    const attribution = async () => (await new ContactsQueries(db.dataSource).detail(bot.id, '101'))!.attribution;

    expect(
      await replace([
        { raw: 'ads', source_value: 'Ads' },
        { raw: 'ADS', source_value: 'Ads', campaign_name: '' },
        { raw: 'tg', source_value: 'Telegram', campaign_name: 'channel' },
      ]),
    ).toEqual([
      { raw: 'ADS', source_value: 'Ads', campaign_name: null },
      { raw: 'ads', source_value: 'Ads', campaign_name: null },
      { raw: 'tg', source_value: 'Telegram', campaign_name: 'channel' },
    ]);
    expect(await sources()).toEqual([
      sourceRow('Ads', null, 2, 2),
      sourceRow(UNMAPPED_SOURCE, null, 2, 2),
      sourceRow('Ads', 'spring', 1, 1),
      sourceRow('Telegram', 'channel', 0, 1),
    ]);
    expect(await attribution()).toMatchObject({ source_value: 'Ads', campaign_name: 'spring', touches: 2 });

    // A mapping's campaign replaces the link's own; the body may also be { data: [...] } as GET answers it.
    await replace({ data: [{ raw: 'ads', source_value: 'Ads', campaign_name: 'promo' }] });
    expect(await mappings.list(owner(), bot.id)).toEqual([{ raw: 'ads', source_value: 'Ads', campaign_name: 'promo' }]);
    expect(await sources()).toEqual([
      sourceRow('Ads', 'promo', 2, 2),
      sourceRow(UNMAPPED_SOURCE, null, 2, 2),
      sourceRow('ADS', null, 1, 1),
      sourceRow('tg', null, 0, 1),
    ]);
    expect(await attribution()).toMatchObject({ source_value: 'Ads', campaign_name: 'promo' });
  });

  it("a MAX bot's bot_started is a /start message, a touch and the attribution by the bot's own UTM key", async () => {
    const bot = await newBot(db.dataSource, account, { platform: 'max', utmKey: 'src' });
    const at = wholeSeconds(Date.now() - 5 * 60_000);
    const started = {
      update_type: 'bot_started',
      timestamp: at.getTime(),
      chat_id: 77,
      user: { user_id: 555, first_name: 'Ivan', username: null },
      payload: 'src=vk|utm_campaign=launch',
    };
    await traffic.capture.inboundUpdates(bot, [started]);
    // Redelivered: still one message and one raw copy; the dialog's chat id is kept on the message.
    await traffic.capture.inboundUpdates(bot, [started]);
    expect(
      await db.dataSource.query(
        `SELECT m.chat_id, r.raw_json ->> 'update_type' AS copy_of
           FROM messages m LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at
          WHERE m.bot_id = $1`,
        [bot.id],
      ),
    ).toEqual([{ chat_id: '77', copy_of: 'bot_started' }]);
    expect(await reports().sources(owner(), bot.id)).toEqual({
      utm_key: 'src',
      data: [sourceRow('vk', 'launch', 1, 1)],
    });
    expect(await new MessagesQueries(db.dataSource).list(bot.id, { limit: 100 })).toEqual([
      {
        id: expect.any(String),
        direction: 'in',
        external_user_id: '555',
        text: '/start src=vk|utm_campaign=launch',
        created_at: at,
      },
    ]);
    expect((await new ContactsQueries(db.dataSource).detail(bot.id, '555'))!.attribution).toEqual({
      source_value: 'vk',
      campaign_name: 'launch',
      first_seen_at: at,
      last_seen_at: at,
      touches: 1,
    });
  });
});

const sourceRow = (source_value: string, campaign_name: string | null, contacts_count: number, touches: number) => ({
  source_value,
  campaign_name,
  contacts_count,
  touches,
});
