// The cap will move to src/ingest/recording-cap/ (issue 13); this test follows it there.
import { useFreshDatabase } from './support/database';
import { daysAgo, inbound, newAccount, newBot, outbound } from './support/factories';
import { ingestPipeline, IngestPipeline } from './support/ingest';

const CAP = 3;

describe('The free plan recording cap on PostgreSQL', () => {
  const db = useFreshDatabase();
  let ingest: IngestPipeline;

  beforeEach(() => {
    ingest = ingestPipeline(db, { FREE_PLAN_MESSAGE_CAP: String(CAP) });
  });

  const messageCount = async (botId: string): Promise<number> =>
    (await db.dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [botId]))[0].n;
  const usage = async (accountId: string) =>
    db.dataSource.query(`SELECT messages, cap_reached_at IS NOT NULL AS reached FROM usage_months WHERE user_id = $1`, [
      accountId,
    ]);

  it('records a free account up to the cap in both directions, then stops and mails the owner once', async () => {
    const account = await newAccount(db.dataSource, { tariff: 'free' });
    const bot = await newBot(db.dataSource, account);
    const at = daysAgo(0);
    await ingest.writer.write(bot, [inbound('1', 'one', at), outbound('1', 'two', at)]);
    expect(await usage(account.id)).toEqual([{ messages: 2, reached: false }]);

    // Two more than fit: the batch is cut to the one that still does.
    await ingest.writer.write(bot, [inbound('1', 'three', at), inbound('2', 'four', at), inbound('3', 'five', at)]);
    expect(await messageCount(bot.id)).toBe(CAP);
    expect(await usage(account.id)).toEqual([{ messages: CAP, reached: true }]);

    await ingest.writer.write(bot, [inbound('1', 'six', at)]);
    expect(await messageCount(bot.id)).toBe(CAP);
    expect(await usage(account.id)).toEqual([{ messages: CAP, reached: true }]);

    const mails = await ingest.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(account.email);
    expect(mails[0].subject).toBe('Botlens: достигнут месячный лимит бесплатного тарифа');
  });

  it('duplicates do not count against the cap', async () => {
    const account = await newAccount(db.dataSource, { tariff: 'free' });
    const bot = await newBot(db.dataSource, account);
    const hello = inbound('1', 'hello', daysAgo(0));
    await ingest.writer.write(bot, [hello]);
    await ingest.writer.write(bot, [hello]);
    await ingest.writer.write(bot, [hello]);
    expect(await usage(account.id)).toEqual([{ messages: 1, reached: false }]);
    expect(await ingest.mails()).toEqual([]);
  });

  it('a paid account is never capped and keeps no usage row', async () => {
    const account = await newAccount(db.dataSource, { tariff: 'pro' });
    const bot = await newBot(db.dataSource, account);
    const at = daysAgo(0);
    await ingest.writer.write(
      bot,
      Array.from({ length: CAP + 2 }, (_, i) => inbound(String(i), `message ${i}`, at)),
    );
    expect(await messageCount(bot.id)).toBe(CAP + 2);
    expect(await usage(account.id)).toEqual([]);
    expect(await ingest.mails()).toEqual([]);
  });
});
