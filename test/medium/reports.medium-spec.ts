import { UNMAPPED_SOURCE } from '../../src/common/unmapped-source';
import { SourcesQueries } from '../../src/analytics/sources.queries';
import { StatsQueries } from '../../src/analytics/stats.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import type { MessageFact } from '../../src/ingest/facts';
import { useFreshDatabase } from './support/database';
import { daysAgo, inbound, newAccount, newBot, outbound, utcDay } from './support/factories';
import { ingestPipeline } from './support/ingest';

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
