import { AlertConditions, HealthBot } from '../../src/bot-health/alert-conditions';
import { DEFAULT_ALERT_RULES } from '../../src/bots/alert-rules';
import type { BotAlertRow } from '../../src/bots/bot-alerts.repository';
import type { CaptureBot } from '../../src/ingest/capture.service';
import type { Fact } from '../../src/ingest/facts';
import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot, outbound } from './support/factories';
import { ingestPipeline } from './support/ingest';

/** The alert rules' conditions at a fixed clock (issue 27); opening, telling and resolving are the e2e's. */
describe('Alert conditions across the fleet', () => {
  const db = useFreshDatabase();
  const now = new Date(Date.now() - 60_000);
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  async function bot(): Promise<CaptureBot> {
    return newBot(db.dataSource, await newAccount(db.dataSource));
  }
  const write = (b: CaptureBot, facts: Fact[]) => ingestPipeline(db).writer.write(b, facts);
  const healthBot = (b: CaptureBot, targetUrl: string | null = null): HealthBot => ({
    id: b.id,
    userId: b.userId,
    name: 'bot',
    targetUrl,
    rules: { ...DEFAULT_ALERT_RULES },
  });
  const verdictOf = async (b: HealthBot, kind: string, open: BotAlertRow[] = []) =>
    (await new AlertConditions(db.dataSource).verdicts([b], open, now)).find((v) => v.kind === kind);

  it('silence: three messages unanswered for 10 minutes from a bot that answered before; not from one that never does', async () => {
    const answering = await bot();
    await write(answering, [inbound('1', 'hi', ago(120)), outbound('1', 'hello', ago(119))]);
    await write(answering, [inbound('2', 'a', ago(15)), inbound('2', 'b', ago(14)), inbound('3', 'c', ago(12))]);
    expect(await verdictOf(healthBot(answering), 'silence')).toEqual({
      botId: answering.id,
      kind: 'silence',
      holds: true,
      details: { unanswered: 3, since: ago(15).toISOString() },
    });
    // Two late and one too recent: not yet.
    const early = await bot();
    await write(early, [inbound('1', 'hi', ago(120)), outbound('1', 'hello', ago(119))]);
    await write(early, [inbound('2', 'a', ago(15)), inbound('2', 'b', ago(14)), inbound('3', 'c', ago(5))]);
    expect((await verdictOf(healthBot(early), 'silence'))?.holds).toBe(false);

    const mute = await bot();
    await write(mute, [inbound('2', 'a', ago(15)), inbound('2', 'b', ago(14)), inbound('3', 'c', ago(12))]);
    expect(await verdictOf(healthBot(mute), 'silence')).toMatchObject({ holds: false, details: { unanswered: 3 } });
  });

  it('errors: at least 20% of at least 20 sends in 5 minutes failed with 429 or >= 500', async () => {
    const error = (code: number, minutes: number): Fact => ({
      kind: 'platform_error',
      method: 'sendMessage',
      errorCode: code,
      description: 'x',
      retryAfter: null,
      send: true,
      at: ago(minutes),
    });
    const busy = await bot();
    await write(
      busy,
      Array.from({ length: 25 }, (_, i) => outbound(String(i), 'x', ago(1))),
    );
    await write(busy, [...Array.from({ length: 6 }, () => error(429, 2)), error(400, 2), error(429, 10)]);
    // 6 of 32 sends (25 sent, 7 refused; the one 10 minutes ago is out of the window).
    expect(await verdictOf(healthBot(busy), 'errors')).toMatchObject({
      holds: false,
      details: { failed: 6, sends: 32 },
    });
    await write(busy, [error(502, 1), error(500, 1)]);
    expect(await verdictOf(healthBot(busy), 'errors')).toMatchObject({
      holds: true,
      details: { failed: 8, sends: 34 },
    });

    const quiet = await bot();
    await write(
      quiet,
      Array.from({ length: 10 }, () => error(429, 1)),
    );
    expect(await verdictOf(healthBot(quiet), 'errors')).toMatchObject({ holds: false, details: { sends: 10 } });
  });

  it('target: five failures in a row while the target still fails', async () => {
    const failing = await bot();
    const failures = (count: number): Fact[] =>
      Array.from({ length: count }, (_, i) => ({
        kind: 'target_failure',
        error: 'HTTP 502',
        streak: i + 1,
        at: ago(5 - i),
      }));
    await write(failing, failures(5));
    await db.dataSource.query(`UPDATE bots SET last_forward_error = 'HTTP 502' WHERE id = $1`, [failing.id]);
    expect(await verdictOf(healthBot(failing, 'https://bot.test/hook'), 'target')).toMatchObject({
      holds: true,
      details: { failures_in_a_row: 5, last_error: 'HTTP 502' },
    });
    // The target answered since: the forward status was cleared.
    await db.dataSource.query(`UPDATE bots SET last_forward_error = NULL WHERE id = $1`, [failing.id]);
    expect((await verdictOf(healthBot(failing, 'https://bot.test/hook'), 'target'))?.holds).toBe(false);

    const flaky = await bot();
    await write(flaky, failures(4));
    await db.dataSource.query(`UPDATE bots SET last_forward_error = 'HTTP 502' WHERE id = $1`, [flaky.id]);
    expect((await verdictOf(healthBot(flaky, 'https://bot.test/hook'), 'target'))?.holds).toBe(false);
  });

  it('polling: a bot that polled within the hour and not for 5 minutes; past the hour only while its alert is open', async () => {
    const [stopped, long, fresh] = [await bot(), await bot(), await bot()];
    await db.dataSource.query(`INSERT INTO bot_polls (bot_id, last_poll_at) VALUES ($1, $4), ($2, $5), ($3, $6)`, [
      stopped.id,
      long.id,
      fresh.id,
      ago(10),
      ago(120),
      ago(1),
    ]);
    expect((await verdictOf(healthBot(stopped), 'polling'))?.holds).toBe(true);
    expect((await verdictOf(healthBot(fresh), 'polling'))?.holds).toBe(false);
    expect((await verdictOf(healthBot(long), 'polling'))?.holds).toBe(false);
    const open: BotAlertRow = {
      id: '00000000-0000-0000-0000-000000000000',
      bot_id: long.id,
      kind: 'polling',
      opened_at: ago(115),
      resolved_at: null,
      details: {},
    };
    expect((await verdictOf(healthBot(long), 'polling', [open]))?.holds).toBe(true);
  });
});
