import { backfillRetention } from '../../migrations/1795401800000-RetentionActivity';
import { backfillRetentionTotals } from '../../migrations/1795402050000-RetentionTotals';
import { RetentionQueries } from '../../src/analytics/retention.queries';
import { UNMAPPED_SOURCE } from '../../src/common/unmapped-source';
import type { CaptureBot } from '../../src/ingest/capture.service';
import type { MessageFact } from '../../src/ingest/facts';
import { RetentionActivity } from '../../src/ingest/retention-activity';
import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot, outbound } from './support/factories';
import { ingestPipeline } from './support/ingest';

const at = (iso: string) => new Date(`${iso}Z`);
// Wednesday of the ISO week starting Monday 2026-03-16; the weeks before start on 03-09 and 03-02.
const NOW = at('2026-03-18T20:00:00');

describe('The retention rollup on PostgreSQL', () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  const queries = () => new RetentionQueries(db.dataSource);
  const totals = () =>
    db.dataSource.query(
      `SELECT period, cohort_start::text, active_start::text, contacts FROM retention_totals
        WHERE bot_id = $1 AND contacts <> 0 ORDER BY 1, 2, 3`,
      [bot.id],
    );
  const cohorts = (period: 'week' | 'day', periods: number, source: string | null = null) =>
    queries().cohorts(bot.id, period, periods, source, NOW);

  /**
   * A came through an ad and wrote in each of the three weeks; B wrote without a link and came back
   * through a promo link in the third week (attributed late, `promo` mapped to `partners`); C was
   * first written to by the bot and answered in the third week; D arrived in the third week, and a
   * back-dated message of D from before it arrived (delivered late) belongs to no cohort period.
   */
  beforeEach(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await db.dataSource.query(
      `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name) VALUES ($1, 'promo', 'partners', NULL)`,
      [bot.id],
    );
    const ingest = ingestPipeline(db);
    const aWeek2 = inbound('A', 'week 2', at('2026-03-10T09:00:00'));
    const batches = [
      [
        inbound('A', '/start utm_source=ads', at('2026-03-02T10:00:00')),
        inbound('A', 'more', at('2026-03-03T10:00:00')),
      ],
      [inbound('B', 'hi', at('2026-03-04T23:59:59'))],
      [aWeek2, outbound('C', 'Hello from the bot', at('2026-03-09T08:00:00'))],
      [aWeek2],
      [inbound('B', '/start promo', at('2026-03-16T00:00:00')), inbound('D', 'hello', at('2026-03-16T12:00:00'))],
      [inbound('A', 'week 3', at('2026-03-17T09:00:00')), inbound('C', 'answer', at('2026-03-18T10:00:00'))],
      [inbound('D', 'from before', at('2026-03-01T12:00:00'))],
    ];
    for (const batch of batches) await ingest.writer.write(bot, batch);
  });

  it('counts each cohort of ISO weeks: size, then the contacts who wrote in each later week', async () => {
    expect(await cohorts('week', 3)).toEqual([
      { start: '2026-03-02', size: 2, retained: [2, 1, 2] },
      { start: '2026-03-09', size: 1, retained: [1, 1] },
      { start: '2026-03-16', size: 1, retained: [1] },
    ]);
  });

  it('filters by the mapped source; a contact attributed late moves with its history', async () => {
    expect(await cohorts('week', 3, 'ads')).toEqual([
      { start: '2026-03-02', size: 1, retained: [1, 1, 1] },
      { start: '2026-03-09', size: 0, retained: [0, 0] },
      { start: '2026-03-16', size: 0, retained: [0] },
    ]);
    expect(await cohorts('week', 3, 'partners')).toEqual([
      { start: '2026-03-02', size: 1, retained: [1, 0, 1] },
      { start: '2026-03-09', size: 0, retained: [0, 0] },
      { start: '2026-03-16', size: 0, retained: [0] },
    ]);
    expect(await cohorts('week', 3, 'promo')).toEqual([
      { start: '2026-03-02', size: 0, retained: [0, 0, 0] },
      { start: '2026-03-09', size: 0, retained: [0, 0] },
      { start: '2026-03-16', size: 0, retained: [0] },
    ]);
    expect(await cohorts('week', 2, UNMAPPED_SOURCE)).toEqual([
      { start: '2026-03-09', size: 1, retained: [1, 1] },
      { start: '2026-03-16', size: 1, retained: [1] },
    ]);
  });

  it('counts days alike, UTC, with empty days as zero cohorts', async () => {
    const days = await cohorts('day', 17);
    expect(days[0]).toEqual({
      start: '2026-03-02',
      size: 1,
      retained: [1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
    });
    expect(days[2]).toEqual({ start: '2026-03-04', size: 1, retained: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0] });
    expect(days[7]).toEqual({ start: '2026-03-09', size: 1, retained: [1, 0, 0, 0, 0, 0, 0, 0, 0, 1] });
    expect(days[14]).toEqual({ start: '2026-03-16', size: 1, retained: [1, 0, 0] });
    expect(days[16]).toEqual({ start: '2026-03-18', size: 0, retained: [0] });
    expect(days.map((d) => d.size).reduce((a, b) => a + b)).toBe(4);
  });

  it('the migration backfill computes from the stored facts exactly what the ingest kept', async () => {
    const snapshot = async () => ({
      activity: await db.dataSource.query(
        `SELECT contact_id, period, active_start::text, cohort_start::text FROM contact_activity WHERE bot_id = $1 ORDER BY 1, 2, 3`,
        [bot.id],
      ),
      counts: await db.dataSource.query(
        `SELECT period, cohort_start::text, active_start::text, source_value, contacts FROM retention_counts
          WHERE bot_id = $1 AND contacts <> 0 ORDER BY 1, 2, 3, 4`,
        [bot.id],
      ),
      totals: await totals(),
    });
    const kept = await snapshot();
    expect(kept.activity.length).toBeGreaterThan(10);
    expect(kept.totals.length).toBeGreaterThan(10);
    await db.dataSource.query(`DELETE FROM contact_activity`);
    await db.dataSource.query(`DELETE FROM retention_counts`);
    await db.dataSource.query(`DELETE FROM retention_totals`);
    await backfillRetention(db.dataSource);
    await backfillRetentionTotals(db.dataSource);
    expect(await snapshot()).toEqual(kept);
  });

  it('keeps retention_totals equal to retention_counts summed over the sources, through a late attribution', async () => {
    const summed = await db.dataSource.query(
      `SELECT period, cohort_start::text, active_start::text, sum(contacts)::int AS contacts FROM retention_counts
        WHERE bot_id = $1 GROUP BY 1, 2, 3 HAVING sum(contacts) <> 0 ORDER BY 1, 2, 3`,
      [bot.id],
    );
    // B was attributed late (its earlier cells moved from '' to promo): the totals did not move.
    expect(summed.length).toBeGreaterThan(10);
    expect(await totals()).toEqual(summed);
  });

  it('eraseContact takes the contact out of its cohort and every period it counted in', async () => {
    const [{ id }] = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = 'A'`,
      [bot.id],
    );
    await db.dataSource.transaction((tx) =>
      new RetentionActivity().eraseContact(tx, bot.id, { id, externalUserId: 'A' }),
    );
    expect(await cohorts('week', 3)).toEqual([
      { start: '2026-03-02', size: 1, retained: [1, 0, 1] },
      { start: '2026-03-09', size: 1, retained: [1, 1] },
      { start: '2026-03-16', size: 1, retained: [1] },
    ]);
    expect(await cohorts('week', 3, 'ads')).toEqual([
      { start: '2026-03-02', size: 0, retained: [0, 0, 0] },
      { start: '2026-03-09', size: 0, retained: [0, 0] },
      { start: '2026-03-16', size: 0, retained: [0] },
    ]);
    expect((await cohorts('day', 17))[0]).toEqual({
      start: '2026-03-02',
      size: 0,
      retained: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
  });
});

describe('Retention cohorts of a scripted three weeks and four days', () => {
  const db = useFreshDatabase({ perDescribe: true });
  const DAY = 24 * 60 * 60 * 1000;
  const today = Date.parse('2026-03-18T00:00:00Z');
  const monday = Date.parse('2026-03-16T00:00:00Z');
  const justNow = new Date(NOW.getTime() - 60_000);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  /** Empty cohorts before the scripted ones: `count` of them, the first with `total` periods. */
  const empty = (firstStart: number, step: number, count: number, total: number) =>
    Array.from({ length: count }, (_, i) => ({
      start: day(firstStart + i * step),
      size: 0,
      retained: new Array<number>(total - i).fill(0),
    }));
  let weeksBot: CaptureBot;
  let daysBot: CaptureBot;
  const cohorts = (bot: CaptureBot, period: 'week' | 'day', periods: number, source: string | null = null) =>
    new RetentionQueries(db.dataSource).cohorts(bot.id, period, periods, source, NOW);
  const scriptedWeeks = () => [
    { start: day(monday - 14 * DAY), size: 2, retained: [2, 2, 1] },
    { start: day(monday - 7 * DAY), size: 1, retained: [1, 1] },
    { start: day(monday), size: 1, retained: [1] },
  ];
  const scriptedDays = () => [
    { start: day(today - 3 * DAY), size: 1, retained: [1, 1, 0, 1] },
    { start: day(today - 2 * DAY), size: 1, retained: [1, 0, 0] },
    { start: day(today - DAY), size: 0, retained: [0, 0] },
    { start: day(today), size: 1, retained: [1] },
  ];

  beforeAll(async () => {
    const account = await newAccount(db.dataSource);
    weeksBot = await newBot(db.dataSource, account);
    daysBot = await newBot(db.dataSource, account);
    const ingest = ingestPipeline(db);
    const write = (bot: CaptureBot, fact: MessageFact) => ingest.writer.write(bot, [fact]);
    const at = (ms: number) => new Date(ms);

    // Two weeks ago: Ann from an ad, Bob without a link. Last week: both write again (Bob through a
    // promo link, attributed late), Cat arrives at the last second of Sunday. This week: Ann and Cat
    // write, Bob only hears from the bot, Dan arrives from the ad.
    await write(weeksBot, inbound('Ann', '/start utm_source=ads', at(monday - 14 * DAY + 10 * 3600_000)));
    await write(weeksBot, inbound('Bob', '/start', at(monday - 12 * DAY + 12 * 3600_000)));
    await write(weeksBot, inbound('Ann', 'hi', at(monday - 6 * DAY + 10 * 3600_000)));
    await write(weeksBot, inbound('Bob', '/start promo', at(monday - 5 * DAY)));
    await write(weeksBot, inbound('Cat', 'hello', at(monday - 1000)));
    await write(weeksBot, inbound('Ann', 'again', justNow));
    await write(weeksBot, inbound('Cat', 'back', justNow));
    await write(weeksBot, outbound('Bob', 'We miss you', justNow));
    await write(weeksBot, inbound('Dan', '/start utm_source=ads', justNow));

    // Days: Ann three days ago, again at 23:59 two days ago and now; Bob at midnight two days ago; Cat now.
    await write(daysBot, inbound('Ann', '/start', at(today - 3 * DAY + 10 * 3600_000)));
    await write(daysBot, inbound('Ann', 'x', at(today - DAY - 60_000)));
    await write(daysBot, inbound('Bob', 'hi', at(today - 2 * DAY)));
    await write(daysBot, inbound('Ann', 'y', justNow));
    await write(daysBot, inbound('Cat', 'hey', justNow));
  });

  it('weeks: ISO weeks from Monday, UTC, oldest first, empty weeks as zero cohorts; a bot message is no return', async () => {
    expect(await cohorts(weeksBot, 'week', 3)).toEqual(scriptedWeeks());
    expect(await cohorts(weeksBot, 'week', 12)).toEqual([
      ...empty(monday - 11 * 7 * DAY, 7 * DAY, 9, 12),
      ...scriptedWeeks(),
    ]);
  });

  it('filters by source: the attributed source, a late attribution with its history, `— unmapped`', async () => {
    expect(await cohorts(weeksBot, 'week', 3, 'ads')).toEqual([
      { start: day(monday - 14 * DAY), size: 1, retained: [1, 1, 1] },
      { start: day(monday - 7 * DAY), size: 0, retained: [0, 0] },
      { start: day(monday), size: 1, retained: [1] },
    ]);
    expect(await cohorts(weeksBot, 'week', 3, 'promo')).toEqual([
      { start: day(monday - 14 * DAY), size: 1, retained: [1, 1, 0] },
      { start: day(monday - 7 * DAY), size: 0, retained: [0, 0] },
      { start: day(monday), size: 0, retained: [0] },
    ]);
    expect(await cohorts(weeksBot, 'week', 2, UNMAPPED_SOURCE)).toEqual([
      { start: day(monday - 7 * DAY), size: 1, retained: [1, 1] },
      { start: day(monday), size: 0, retained: [0] },
    ]);
  });

  it('applies the source mappings when it is read', async () => {
    await db.dataSource.query(
      `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name) VALUES ($1, 'promo', 'partners', NULL)`,
      [weeksBot.id],
    );
    try {
      expect((await cohorts(weeksBot, 'week', 3, 'partners'))[0]).toEqual({
        start: day(monday - 14 * DAY),
        size: 1,
        retained: [1, 1, 0],
      });
      expect((await cohorts(weeksBot, 'week', 3, 'promo'))[0].size).toBe(0);
    } finally {
      await db.dataSource.query(`DELETE FROM source_mappings WHERE bot_id = $1`, [weeksBot.id]);
    }
  });

  it('days: UTC days ending with the one that has begun, a message at 23:59 and at midnight on their own days', async () => {
    expect(await cohorts(daysBot, 'day', 4)).toEqual(scriptedDays());
    expect(await cohorts(daysBot, 'day', 30)).toEqual([...empty(today - 29 * DAY, DAY, 26, 30), ...scriptedDays()]);
    expect(await cohorts(daysBot, 'day', 1)).toEqual([{ start: day(today), size: 1, retained: [1] }]);
  });
});
