import { backfillReplyTimeCounts } from '../../migrations/1795402700000-ReplyTimeCounts';
import { HealthQueries } from '../../src/bot-health/health.queries';
import { ContactsRepository } from '../../src/ingest/contacts.repository';
import { ReplyTimes } from '../../src/ingest/reply-times';
import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot, outbound } from './support/factories';
import { ingestPipeline, IngestPipeline } from './support/ingest';

/**
 * The reply-time rollup (`reply_time_counts`, issue 27): the ingest counts each reply on its inbound message's UTC day
 * in its latency bucket, and the health report's percentiles and replies within the reply window are read from it.
 */
describe('The reply-time rollup and the percentiles read from it (issue 27)', () => {
  const db = useFreshDatabase();
  let ingest: IngestPipeline;
  const today = new Date();
  const dayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 10 * 86_400_000;
  const day = (offset: number) => new Date(dayMs + offset * 86_400_000).toISOString().slice(0, 10);
  /** `hh:mm:ss.sss` on the day `offset` days after the first. */
  const at = (offset: number, time: string) => new Date(`${day(offset)}T${time}Z`);
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
  /** Long after every message: nothing is still inside a reply window. */
  const now = at(5, '12:00:00');

  beforeEach(() => {
    ingest = ingestPipeline(db);
  });

  const counts = (botId: string) =>
    db.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, bucket_ms, replies FROM reply_time_counts WHERE bot_id = $1
        ORDER BY day, bucket_ms`,
      [botId],
    );
  const report = (botId: string, from: string, to: string, replyWindowS = 300) =>
    new HealthQueries(db.dataSource).report(botId, { from, to }, replyWindowS, now);

  /**
   * Replies across two days: one over midnight, one of 1.234 s, and (unless `third` is false) a burst of two
   * answered after about two minutes.
   */
  async function twoDays(third = true) {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const unless = <T>(facts: T[]) => (third ? facts : []);
    await ingest.writer.write(bot, [
      inbound('1', 'late evening', at(0, '23:59:50')),
      inbound('2', 'morning', at(1, '10:00:00')),
      outbound('2', 'hi', at(1, '10:00:01.234')),
      ...unless([inbound('3', 'one', at(1, '11:00:00'))]),
    ]);
    await ingest.writer.write(bot, [
      outbound('1', 'after midnight', at(1, '00:00:05')),
      ...unless([inbound('3', 'two', at(1, '11:00:00.500'))]),
    ]);
    if (third) await ingest.writer.write(bot, [outbound('3', 'both', at(1, '11:02:03.456'))]);
    return bot;
  }

  it("counts each reply on its inbound message's day in its latency bucket, across batches", async () => {
    const bot = await twoDays();
    // 15 s (exact), 1,234 ms up to 1,240, 122,956 and 123,456 ms up to whole seconds.
    expect(await counts(bot.id)).toEqual([
      { day: day(0), bucket_ms: 15_000, replies: 1 },
      { day: day(1), bucket_ms: 1240, replies: 1 },
      { day: day(1), bucket_ms: 123_000, replies: 1 },
      { day: day(1), bucket_ms: 124_000, replies: 1 },
    ]);
  });

  it("the migration's backfill counts the stored replies as the ingest did", async () => {
    const bot = await twoDays();
    const kept = await counts(bot.id);
    await db.dataSource.query(`DELETE FROM reply_time_counts WHERE bot_id = $1`, [bot.id]);
    await backfillReplyTimeCounts(db.dataSource, bot.id);
    expect(await counts(bot.id)).toEqual(kept);
  });

  it('interpolates percentiles between the bucketed latencies as percentile_cont does, per day and in all', async () => {
    const bot = await twoDays();
    const health = await report(bot.id, day(0), day(1));
    // All: 1,240, 15,000, 123,000, 124,000. p50 halfway between the 2nd and 3rd; p90 at 0.7 and p99 at 0.97 of the
    // way from the 3rd to the 4th.
    expect(health.reply_time).toEqual({ replied: 4, p50_ms: 69_000, p90_ms: 123_700, p99_ms: 123_970 });
    expect(health.timeline.map(({ date, replied, p50_ms, p90_ms }) => ({ date, replied, p50_ms, p90_ms }))).toEqual([
      { date: day(0), replied: 1, p50_ms: 15_000, p90_ms: 15_000 },
      { date: day(1), replied: 3, p50_ms: 123_000, p90_ms: 123_800 },
    ]);
  });

  it('counts the replies within a changed reply window exactly at its second, from the same counts', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const start = at(2, '08:00:00');
    const latencies = [299_999, 300_000, 300_001, 600_000];
    await ingest.writer.write(
      bot,
      latencies.map((_, i) => inbound(`w${i}`, 'hello?', start)),
    );
    await ingest.writer.write(
      bot,
      latencies.map((ms, i) => outbound(`w${i}`, 'sorry', later(start, ms))),
    );
    const unanswered = async (replyWindowS: number) =>
      (await report(bot.id, day(2), day(2), replyWindowS)).unanswered.count;
    expect(await unanswered(300)).toBe(2);
    expect(await unanswered(301)).toBe(1);
    expect(await unanswered(599)).toBe(1);
    expect(await unanswered(600)).toBe(0);
  });

  it('gives percentile_cont over the bucketed latencies, within 1% of the exact ones, for many replies over days', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    // A fixed pseudo-random sequence (a failure is reproducible), spread over the buckets' ranges.
    let seed = 27;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const scales = [900, 9000, 90_000, 900_000, 9_000_000];
    const dialogs = Array.from({ length: 400 }, (_, i) => ({
      user: `r${i}`,
      asked: later(at(i % 3, '06:00:00'), Math.floor(random() * 3_600_000)),
      latency: 1 + Math.floor(random() * scales[i % scales.length]),
    }));
    await ingest.writer.write(
      bot,
      dialogs.map((d) => inbound(d.user, 'q', d.asked)),
    );
    await ingest.writer.write(
      bot,
      dialogs.map((d) => outbound(d.user, 'a', later(d.asked, d.latency))),
    );

    const health = await report(bot.id, day(0), day(2), 120);
    const [exact] = await db.dataSource.query(
      `SELECT count(*)::int AS replied, count(*) FILTER (WHERE latency_ms <= 120000)::int AS in_window,
              percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY reply_time_bucket(latency_ms)) AS bucketed,
              percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY latency_ms) AS exact
         FROM message_replies WHERE bot_id = $1`,
      [bot.id],
    );
    expect(exact.replied).toBe(400);
    const { p50_ms, p90_ms, p99_ms } = health.reply_time;
    expect([p50_ms, p90_ms, p99_ms]).toEqual(exact.bucketed.map(Math.round));
    for (const [i, p] of [p50_ms!, p90_ms!, p99_ms!].entries()) {
      expect(p).toBeGreaterThanOrEqual(Math.floor(exact.exact[i]));
      expect(p).toBeLessThanOrEqual(Math.ceil(exact.exact[i] * 1.01));
    }
    expect(health.unanswered.count).toBe(400 - exact.in_window);

    const perDay = await db.dataSource.query(
      `SELECT to_char((inbound_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS replied,
              percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY reply_time_bucket(latency_ms)) AS p
         FROM message_replies WHERE bot_id = $1 GROUP BY 1 ORDER BY 1`,
      [bot.id],
    );
    expect(health.timeline.map(({ date, replied, p50_ms, p90_ms }) => ({ date, replied, p50_ms, p90_ms }))).toEqual(
      perDay.map((d: { date: string; replied: number; p: number[] }) => ({
        date: d.date,
        replied: d.replied,
        p50_ms: Math.round(d.p[0]),
        p90_ms: Math.round(d.p[1]),
      })),
    );
  });

  it("takes an erased contact's replies out of the counts: the report equals that of a bot the person never wrote to", async () => {
    const bot = await twoDays();
    const [{ id }] = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = '3'`,
      [bot.id],
    );
    await db.dataSource.transaction(async (tx) => {
      const key = { id, externalUserId: '3' };
      await new ReplyTimes().eraseContact(tx, bot.id, key);
      await new ContactsRepository(db.dataSource).eraseContact(tx, bot.id, key);
    });
    const never = await twoDays(false);
    expect(await report(bot.id, day(0), day(1))).toEqual(await report(never.id, day(0), day(1)));
    // Counters taken to zero are gone, as if never written.
    expect(await counts(bot.id)).toEqual(await counts(never.id));
    expect(await counts(bot.id)).toEqual([
      { day: day(0), bucket_ms: 15_000, replies: 1 },
      { day: day(1), bucket_ms: 1240, replies: 1 },
    ]);
  });

  it('an erasure counts down a counter other replies share', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const start = at(3, '08:00:00');
    await ingest.writer.write(bot, [inbound('a', 'q', start), inbound('b', 'q', start)]);
    await ingest.writer.write(bot, [outbound('a', 'r', later(start, 2000)), outbound('b', 'r', later(start, 2000))]);
    expect(await counts(bot.id)).toEqual([{ day: day(3), bucket_ms: 2000, replies: 2 }]);
    const [{ id }] = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = 'a'`,
      [bot.id],
    );
    await db.dataSource.transaction((tx) => new ReplyTimes().eraseContact(tx, bot.id, { id, externalUserId: 'a' }));
    expect(await counts(bot.id)).toEqual([{ day: day(3), bucket_ms: 2000, replies: 1 }]);
  });
});
