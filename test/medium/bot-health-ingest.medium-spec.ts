import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot, outbound } from './support/factories';
import { ingestPipeline, IngestPipeline } from './support/ingest';

describe('The ingest keeps reply times, waiting dialogs and errors (issue 27)', () => {
  const db = useFreshDatabase();
  let ingest: IngestPipeline;

  beforeEach(() => {
    ingest = ingestPipeline(db);
  });

  const base = new Date(Date.now() - 3_600_000);
  const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);

  const replies = (botId: string) =>
    db.dataSource.query(
      `SELECT m.text, r.latency_ms FROM message_replies r JOIN messages m ON m.id = r.message_id
         WHERE r.bot_id = $1 ORDER BY m.created_at`,
      [botId],
    );
  const waiting = async (botId: string, userId: string): Promise<Date | null> =>
    (
      await db.dataSource.query(`SELECT awaiting_since FROM contacts WHERE bot_id = $1 AND external_user_id = $2`, [
        botId,
        userId,
      ])
    )[0].awaiting_since;

  it('a burst answered once gives each inbound message its own latency, across batches', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [inbound('1', 'a', at(0)), inbound('1', 'b', at(2))]);
    expect(await waiting(bot.id, '1')).toEqual(at(0));
    await ingest.writer.write(bot, [inbound('1', 'c', at(5)), outbound('1', 'answer', at(10))]);
    expect(await replies(bot.id)).toEqual([
      { text: 'a', latency_ms: 10_000 },
      { text: 'b', latency_ms: 8_000 },
      { text: 'c', latency_ms: 5_000 },
    ]);
    expect(await waiting(bot.id, '1')).toBeNull();
    // A second answer answers nothing more; the next inbound waits again and gets the answer after it.
    await ingest.writer.write(bot, [outbound('1', 'more', at(11)), inbound('1', 'd', at(20))]);
    expect(await waiting(bot.id, '1')).toEqual(at(20));
    await ingest.writer.write(bot, [outbound('1', 'late', at(320))]);
    expect((await replies(bot.id)).slice(3)).toEqual([{ text: 'd', latency_ms: 300_000 }]);
  });

  it('within one batch each inbound message takes the first answer after it', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [
      inbound('2', 'q1', at(0)),
      outbound('2', 'a1', at(1)),
      inbound('2', 'q2', at(3)),
      outbound('2', 'a2', at(7)),
      inbound('2', 'q3', at(9)),
    ]);
    expect(await replies(bot.id)).toEqual([
      { text: 'q1', latency_ms: 1000 },
      { text: 'q2', latency_ms: 4000 },
    ]);
    expect(await waiting(bot.id, '2')).toEqual(at(9));
  });

  it('a broadcast answers nobody', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [inbound('3', 'hi', at(0))]);
    await ingest.writer.write(bot, [{ ...outbound('3', 'sale!', at(5)), broadcast: true }]);
    expect(await replies(bot.id)).toEqual([]);
    expect(await waiting(bot.id, '3')).toEqual(at(0));
  });

  it('stores platform errors and target failures with the batch', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [
      {
        kind: 'platform_error',
        method: 'sendMessage',
        errorCode: 429,
        description: 'Too Many Requests: retry after N',
        retryAfter: 35,
        send: true,
        at: at(0),
      },
      { kind: 'target_failure', error: 'HTTP 502', streak: 3, at: at(1) },
    ]);
    expect(
      await db.dataSource.query(
        `SELECT method, error_code, description, retry_after, is_send FROM platform_errors WHERE bot_id = $1`,
        [bot.id],
      ),
    ).toEqual([
      {
        method: 'sendMessage',
        error_code: 429,
        description: 'Too Many Requests: retry after N',
        retry_after: 35,
        is_send: true,
      },
    ]);
    expect(await db.dataSource.query(`SELECT error, streak FROM target_failures WHERE bot_id = $1`, [bot.id])).toEqual([
      { error: 'HTTP 502', streak: 3 },
    ]);
  });
});
