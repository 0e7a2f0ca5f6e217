import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomUUID } from 'node:crypto';
import { BotAccess } from '../../src/bots/bot-access';
import { Bot } from '../../src/bots/bot.entity';
import { loadConfig } from '../../src/config/config';
import { DatabaseUnavailableError } from '../../src/database/database-errors';
import { clickDays } from '../../src/links/click-days';
import { Click, ClickWriter, LINK_CLICKED, LinkClickedEvent } from '../../src/links/click-writer';
import { LinkClicks } from '../../src/links/link-clicks';
import { LinkTokens } from '../../src/links/link-tokens';
import { LinksRepository, ResolvedLink } from '../../src/links/links.repository';
import { LinksService } from '../../src/links/links.service';
import { TrackedLinks } from '../../src/links/tracked-links';
import { ConnectionWatch } from '../../src/metrics/connection-watch';
import { Metrics } from '../../src/metrics/metrics';
import { eventually } from '../e2e/support/eventually';
import { TestDatabase, useFreshDatabase } from './support/database';
import { newAccount, newBot, ownerOf } from './support/factories';
import { telegramTraffic } from './support/telegram';

const DAY_MS = 86_400_000;

/** The redirect's writer, its reads and the link service on a fresh database, wired as the app wires them. */
function linksOn(db: TestDatabase) {
  const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', METRICS_PORT: '0' });
  const metrics = new Metrics(config);
  const bus = new EventEmitter2();
  const writer = new ClickWriter(config, new ConnectionWatch(metrics), bus, metrics);
  db.closeBeforeDrop(async () => {
    await writer.onModuleDestroy();
    await writer.onApplicationShutdown();
  });
  const repository = new LinksRepository(db.dataSource);
  const tokens = new LinkTokens(config);
  const tracked = new TrackedLinks(repository, tokens, config);
  const clicks = new LinkClicks(db.dataSource);
  const service = new LinksService(new BotAccess(db.dataSource.getRepository(Bot)), repository, tracked, clicks, bus);
  const events: LinkClickedEvent[] = [];
  bus.on(LINK_CLICKED, (event: LinkClickedEvent) => events.push(event));
  return { config, metrics, writer, repository, tracked, clicks, service, events };
}

async function lostClicks(metrics: Metrics): Promise<Record<string, number>> {
  const { values } = await metrics.linkClicksUnrecorded.get();
  return Object.fromEntries(values.map((v) => [v.labels.reason, v.value]));
}

/** Records a click and resolves when its redirect would be answered. */
function click(writer: ClickWriter, link: ResolvedLink, fields: Partial<Click> = {}): Promise<void> {
  return new Promise((resolve) =>
    writer.record({
      link,
      contactId: null,
      visitor: '1',
      agent: 'firefox',
      at: Date.now(),
      ...fields,
      answer: resolve,
    }),
  );
}

describe('Tracked links on PostgreSQL', () => {
  const db = useFreshDatabase();

  async function arranged() {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    const links = linksOn(db);
    const created = await links.tracked.create(bot.id, 'https://example.com/sale');
    const link = (await links.repository.resolve(created.code))!;
    return { account, bot, links, created, link };
  }

  describe('ClickWriter: group commit', () => {
    it('answers each click only after the commit that holds it, with one statement for clicks of one moment', async () => {
      const { links, link } = await arranged();
      const statements = jest.spyOn(
        (links.writer as unknown as { pool: { query: (...args: unknown[]) => unknown } }).pool,
        'query',
      );
      const seenAtAnswer: Array<Promise<number>> = [];
      const stored = (visitor: string) =>
        db.dataSource
          .query(`SELECT count(*)::int AS n FROM clicks WHERE link_id = $1 AND visitor = $2`, [link.id, visitor])
          .then(([row]: Array<{ n: number }>) => row.n);
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          click(links.writer, link, { visitor: String(i + 1) }).then(
            () => void seenAtAnswer.push(stored(String(i + 1))),
          ),
        ),
      );
      // Every click was already in the table when its answer came.
      expect(await Promise.all(seenAtAnswer)).toEqual(Array(100).fill(1));
      expect(statements.mock.calls.length).toBeLessThanOrEqual(2);
      const [row] = await db.dataSource.query(`SELECT count(*)::int AS n FROM clicks WHERE link_id = $1`, [link.id]);
      expect(row.n).toBe(100);
    });

    it("stores a token's contact only if the bot has it, and names it in the event", async () => {
      const { account, bot, links, link } = await arranged();
      await telegramTraffic(db).inbound(bot, { id: 501, first_name: 'Ann' }, new Date(), { text: 'hi' });
      const [contact] = await db.dataSource.query(`SELECT id FROM contacts WHERE bot_id = $1`, [bot.id]);
      const otherBot = await newBot(db.dataSource, account);
      await telegramTraffic(db).inbound(otherBot, { id: 502, first_name: 'Bob' }, new Date(), { text: 'hi' });
      const [stranger] = await db.dataSource.query(`SELECT id FROM contacts WHERE bot_id = $1`, [otherBot.id]);

      await Promise.all([
        click(links.writer, link, { contactId: contact.id, visitor: '7' }),
        click(links.writer, link, { contactId: stranger.id, visitor: '8' }),
        click(links.writer, link, { contactId: randomUUID(), visitor: '9' }),
      ]);
      const rows = await db.dataSource.query(`SELECT contact_id, visitor FROM clicks WHERE link_id = $1 ORDER BY id`, [
        link.id,
      ]);
      // The named contact's click carries no visitor; the others count as anonymous visitors.
      expect(rows).toEqual([
        { contact_id: contact.id, visitor: null },
        { contact_id: null, visitor: '8' },
        { contact_id: null, visitor: '9' },
      ]);
      expect(links.events.map((event) => event.user_id)).toEqual(['501', null, null]);
      expect(links.events[0]).toEqual({
        userId: account.id,
        bot_id: bot.id,
        link_id: link.id,
        url: 'https://example.com/sale',
        user_id: '501',
        clicked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('answers at once while PostgreSQL cannot be reached and writes the held clicks when it is back', async () => {
      const { links, link } = await arranged();
      const pool = (links.writer as unknown as { pool: { query: (...args: unknown[]) => Promise<unknown> } }).pool;
      const outage = jest.spyOn(pool, 'query').mockRejectedValue(new DatabaseUnavailableError());
      await Promise.all([click(links.writer, link), click(links.writer, link)]);
      // Answered while the next try waits: held, not lost.
      await click(links.writer, link);
      expect(outage).toHaveBeenCalled();
      outage.mockRestore();
      await eventually(async () => {
        const [row] = await db.dataSource.query(`SELECT count(*)::int AS n FROM clicks WHERE link_id = $1`, [link.id]);
        expect(row.n).toBe(3);
      });
      expect(await lostClicks(links.metrics)).toEqual({ database_unavailable: 0, refused: 0 });
    });

    it('counts the clicks still held at shutdown as lost', async () => {
      const { links, link } = await arranged();
      const pool = (links.writer as unknown as { pool: { query: (...args: unknown[]) => Promise<unknown> } }).pool;
      jest.spyOn(pool, 'query').mockRejectedValue(new DatabaseUnavailableError());
      await Promise.all([click(links.writer, link), click(links.writer, link), click(links.writer, link)]);
      await links.writer.onModuleDestroy();
      expect(await lostClicks(links.metrics)).toEqual({ database_unavailable: 3, refused: 0 });
    });
  });

  describe('counts and the timeline', () => {
    it('counts every click, and each contact once and each anonymous visitor once a day as unique', async () => {
      const { account, bot, links, link, created } = await arranged();
      await telegramTraffic(db).inbound(bot, { id: 601, first_name: 'Ann' }, new Date(), { text: 'hi' });
      const [contact] = await db.dataSource.query(`SELECT id FROM contacts WHERE bot_id = $1`, [bot.id]);
      const today = Date.now();
      const yesterday = today - DAY_MS;
      const tokens = new LinkTokens(links.config);
      const visitor = (at: number, who: string) => tokens.visitor(at, who, 'ua');
      await Promise.all([
        // The contact twice, on two days: one unique visitor in all, one on each day.
        click(links.writer, link, { contactId: contact.id, at: today }),
        click(links.writer, link, { contactId: contact.id, at: yesterday }),
        // One anonymous person twice today, once yesterday: one visitor a day.
        click(links.writer, link, { visitor: visitor(today, 'a'), at: today }),
        click(links.writer, link, { visitor: visitor(today, 'a'), at: today }),
        click(links.writer, link, { visitor: visitor(yesterday, 'a'), at: yesterday }),
        // Another one today.
        click(links.writer, link, { visitor: visitor(today, 'b'), at: today }),
      ]);
      expect((await links.clicks.counts([link.id])).get(link.id)).toEqual({ clicks: 6, unique_clicks: 4 });
      const other = await links.tracked.create(bot.id, 'https://example.com/other');
      expect((await links.clicks.counts([other.id])).get(other.id)).toEqual({ clicks: 0, unique_clicks: 0 });

      const day = (at: number) => new Date(at).toISOString().slice(0, 10);
      const timeline = await links.service.timeline(
        ownerOf(account),
        bot.id,
        created.id,
        clickDays(day(yesterday - 2 * DAY_MS), day(today)),
      );
      expect(timeline).toEqual({
        link_id: link.id,
        from: day(yesterday - 2 * DAY_MS),
        to: day(today),
        data: [
          { day: day(yesterday - 2 * DAY_MS), clicks: 0, unique_clicks: 0 },
          { day: day(yesterday - DAY_MS), clicks: 0, unique_clicks: 0 },
          { day: day(yesterday), clicks: 2, unique_clicks: 2 },
          { day: day(today), clicks: 4, unique_clicks: 3 },
        ],
      });
    });

    it('puts a click in the UTC day it happened, midnight belonging to the day it starts', async () => {
      const { links, link } = await arranged();
      const midnight = Date.parse('2026-03-02T00:00:00Z');
      await Promise.all(
        [midnight - 1, midnight, midnight + DAY_MS - 1].map((at, i) =>
          click(links.writer, link, { at, visitor: String(i) }),
        ),
      );
      const days = await links.clicks.perDay(link.id, new Date(midnight - DAY_MS), new Date(midnight + DAY_MS));
      expect(days).toEqual([
        { day: '2026-03-01', clicks: 1, unique_clicks: 1 },
        { day: '2026-03-02', clicks: 2, unique_clicks: 2 },
      ]);
    });

    it('reuses the live link of a URL with the same name, and makes another for another name or after a delete', async () => {
      const { account, bot, links } = await arranged();
      const first = await links.tracked.linkFor(bot.id, 'https://example.com/x', 'broadcast 1');
      expect((await links.tracked.linkFor(bot.id, 'HTTPS://EXAMPLE.COM/x', 'broadcast 1')).id).toBe(first.id);
      expect((await links.tracked.linkFor(bot.id, 'https://example.com/x', 'broadcast 2')).id).not.toBe(first.id);
      await links.service.remove(ownerOf(account), bot.id, first.id);
      expect((await links.tracked.linkFor(bot.id, 'https://example.com/x', 'broadcast 1')).id).not.toBe(first.id);
    });
  });
});
