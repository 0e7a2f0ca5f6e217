import { HealthQueries } from '../../src/bot-health/health.queries';
import { DialogsQueries } from '../../src/contacts/dialogs.queries';
import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot, outbound } from './support/factories';
import { ingestPipeline } from './support/ingest';

describe('The health report and the waiting dialogs (issue 27)', () => {
  const db = useFreshDatabase();
  const today = new Date();
  const dayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 10 * 86_400_000;
  const day = (offset: number) => new Date(dayMs + offset * 86_400_000).toISOString().slice(0, 10);
  /** `hh:mm:ss` on the day `offset` days after the first. */
  const at = (offset: number, time: string) => new Date(`${day(offset)}T${time}Z`);
  const now = at(1, '12:00:00');

  async function seededBot() {
    const ingest = ingestPipeline(db);
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [
      inbound('1', 'a', at(0, '10:00:00')),
      inbound('1', 'b', at(0, '10:00:02')),
      outbound('1', 'answer', at(0, '10:00:10')),
      inbound('2', 'late', at(0, '11:00:00')),
      inbound('3', 'never', at(0, '12:00:00')),
    ]);
    await ingest.writer.write(bot, [outbound('2', 'sorry', at(0, '11:10:00'))]);
    await ingest.writer.write(bot, [
      inbound('4', 'hi', at(1, '09:00:00')),
      outbound('4', 'hello', at(1, '09:00:01')),
      inbound('5', 'just now', new Date(now.getTime() - 60_000)),
    ]);
    const error = (method: string, errorCode: number, description: string, when: Date) => ({
      kind: 'platform_error' as const,
      method,
      errorCode,
      description,
      retryAfter: null,
      send: true,
      at: when,
    });
    await ingest.writer.write(bot, [
      error('sendMessage', 429, 'Too Many Requests: retry after N', at(0, '10:01:00')),
      error('sendMessage', 429, 'Too Many Requests: retry after N', at(0, '10:02:00')),
      error('POST /messages', 400, 'Chat N denied', at(0, '10:03:00')),
      { kind: 'target_failure', error: 'HTTP 502', streak: 1, at: at(1, '08:00:00') },
      { kind: 'target_failure', error: 'ETIMEDOUT', streak: 2, at: at(1, '08:01:00') },
    ]);
    return bot;
  }

  it('reports reply-time percentiles, unanswered messages past the window, errors and the timeline', async () => {
    const bot = await seededBot();
    const report = await new HealthQueries(db.dataSource).report(bot.id, { from: day(0), to: day(1) }, 300, now);
    expect(report).toEqual({
      from: day(0),
      to: day(1),
      reply_time: { replied: 4, p50_ms: 9000, p90_ms: 423_000, p99_ms: 582_300 },
      // 1 late (600 s > 300 s) and 1 never answered of 6; the one 60 s old is still within the window.
      unanswered: { count: 2, share: 0.33 },
      errors: [
        {
          method: 'sendMessage',
          error_code: 429,
          description: 'Too Many Requests: retry after N',
          count: 2,
          last_at: at(0, '10:02:00'),
        },
        {
          method: 'POST /messages',
          error_code: 400,
          description: 'Chat N denied',
          count: 1,
          last_at: at(0, '10:03:00'),
        },
      ],
      target_errors: { count: 2, last_at: at(1, '08:01:00'), last_error: 'ETIMEDOUT' },
      last_inbound_at: new Date(now.getTime() - 60_000),
      last_outbound_at: at(1, '09:00:01'),
      timeline: [
        { date: day(0), inbound: 4, replied: 3, unanswered: 2, p50_ms: 10_000, p90_ms: 482_000, errors: 3 },
        { date: day(1), inbound: 2, replied: 1, unanswered: 0, p50_ms: 1000, p90_ms: 1000, errors: 0 },
      ],
    });
  });

  it('gives null percentiles and a zero share when nothing was received or answered', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const report = await new HealthQueries(db.dataSource).report(bot.id, { from: day(0), to: day(0) }, 300, now);
    expect(report).toMatchObject({
      reply_time: { replied: 0, p50_ms: null, p90_ms: null, p99_ms: null },
      unanswered: { count: 0, share: 0 },
      errors: [],
      target_errors: { count: 0, last_at: null, last_error: null },
      last_inbound_at: null,
      last_outbound_at: null,
      timeline: [{ date: day(0), inbound: 0, replied: 0, unanswered: 0, p50_ms: null, p90_ms: null, errors: 0 }],
    });
  });

  it('lists the dialogs waiting past the reply window, the longest wait first, with how long they waited', async () => {
    const bot = await seededBot();
    const ingest = ingestPipeline(db);
    await ingest.writer.write(bot, [inbound('6', 'earlier', at(0, '06:00:00'))]);
    const dialogs = new DialogsQueries(db.dataSource);
    const waiting = await dialogs.waitingDialogs(bot.id, 300, 50, now);
    expect(waiting.map((d) => [d.external_user_id, d.awaiting_since, d.waited_s])).toEqual([
      ['6', at(0, '06:00:00'), 30 * 3600],
      ['3', at(0, '12:00:00'), 24 * 3600],
    ]);
    expect(await dialogs.waitingDialogs(bot.id, 300, 1, now)).toHaveLength(1);
    // A longer window: the 60-second-old message of user 5 still is not late, user 3's still is.
    expect((await dialogs.waitingDialogs(bot.id, 86_400, 50, now)).map((d) => d.external_user_id)).toEqual(['6', '3']);
  });
});
