import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Metrics } from '../../src/metrics/metrics';
import { bindMaxBot, bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _: BufferEncoding, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

const USER = 7_100_001;
const OTHER = 7_100_002;
const from = { id: USER, is_bot: false, first_name: 'Ann' };
const chat = { id: USER, type: 'private' };
const now = () => Math.floor(Date.now() / 1000);

/** A Telegram update written as JSON text by hand, so it can carry escapes JSON.stringify would not write. */
const tgUpdate = (updateId: number, message: string) =>
  `{"update_id":${updateId},"message":{"message_id":${updateId},${message}}}`;

describe('Poison updates: answered 200, stored as far as they can be, never taking their batch down', () => {
  const sink = new LogSink();
  let ctx: TestApp;
  let session: string;

  beforeAll(async () => {
    ctx = await startTestApp({ LOG_LEVEL: 'warn' }, { logDestination: sink as never });
    session = (await registerUser(ctx)).token;
  });
  afterAll(() => ctx.close());

  const post = (bot: Record<string, unknown>, body: string) =>
    fetch(String(bot.proxy_url).replace(ctx.config.publicBaseUrl, ctx.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  /** Summed over the instances: in fleet mode each counts the updates that reached it. */
  const metric = async (name: string) => {
    let total = 0;
    for (const app of ctx.apps) {
      const { values } = await app.get(Metrics).registry.getSingleMetric(name)!.get();
      total += values.find((v) => v.labels.reason === 'poison')!.value;
    }
    return total;
  };

  it('Telegram: NUL and lone surrogates, a date or text of the wrong type, a bad sender, a huge /start, deep nesting', async () => {
    const { bot } = await bindTelegramBot(ctx, session);
    const common = `"from":${JSON.stringify(from)},"chat":${JSON.stringify(chat)}`;
    const bodies = [
      tgUpdate(1, `${common},"date":${now()},"text":"good neighbour"`),
      tgUpdate(
        2,
        `"from":{"id":${OTHER},"is_bot":false,"first_name":"N\\u0000\\ud800"},"chat":{"id":${OTHER},"type":"private"},"date":${now()},"text":"a\\u0000b\\udc00c"`,
      ),
      tgUpdate(3, `${common},"date":"yesterday","text":"date as a string"`),
      tgUpdate(4, `${common},"date":${now()},"text":12345`),
      tgUpdate(5, `"from":{"id":{"nested":1}},"chat":${JSON.stringify(chat)},"date":${now()},"text":"no sender id"`),
      tgUpdate(6, `${common},"date":${now()},"text":"/start ${'s'.repeat(3000)}"`),
      tgUpdate(7, `${common},"date":${now()},"text":"deep","x":${'['.repeat(20_000)}${']'.repeat(20_000)}`),
    ];
    const before = Date.now();
    // Sent together, so the ingest writes them in one transaction.
    const answers = await Promise.all(bodies.map((body) => post(bot, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);

    const rows = (
      await ctx.db.query(
        `SELECT m.platform_message_id AS id, m.text, m.created_at, r.raw_json->'message'->>'text' AS raw_text, r.raw_json IS NULL AS no_raw
           FROM messages m LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at
          WHERE m.bot_id = $1 ORDER BY m.platform_message_id`,
        [bot.id],
      )
    ).rows;
    const cut = (text: string | null) => (text === null ? null : text.slice(0, 20));
    expect(rows.map((r) => [r.id, cut(r.text), cut(r.raw_text), r.no_raw])).toEqual([
      ['1', 'good neighbour', 'good neighbour', false],
      ['2', 'a\uFFFDb\uFFFDc', 'a\uFFFDb\uFFFDc', false],
      ['3', 'date as a string', 'date as a string', false],
      // The raw copy keeps what the platform sent; the text column holds only a string.
      ['4', null, '12345', false],
      ['6', `/start ${'s'.repeat(13)}`, `/start ${'s'.repeat(13)}`, false],
      ['7', 'deep', null, true],
    ]);
    expect(rows[2].created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const contacts = (
      await ctx.db.query(
        `SELECT external_user_id, first_name, source_value FROM contacts WHERE bot_id = $1 ORDER BY 1`,
        [bot.id],
      )
    ).rows;
    expect(contacts).toEqual([
      { external_user_id: String(USER), first_name: 'Ann', source_value: 's'.repeat(256) },
      { external_user_id: String(OTHER), first_name: 'N\uFFFD\uFFFD', source_value: null },
    ]);
  });

  it('MAX: an update PostgreSQL refuses even alone is skipped with a log line and a metric; the good one beside it is stored', async () => {
    const { bot } = await bindMaxBot(ctx, session);
    const skippedBefore = await metric('botlens_ingest_updates_skipped_total');
    const update = (mid: string, text: string) =>
      JSON.stringify({
        update_type: 'message_created',
        timestamp: Date.now(),
        message: {
          sender: { user_id: 4242, first_name: 'Max' },
          recipient: { chat_id: 1, chat_type: 'dialog' },
          timestamp: Date.now(),
          body: { mid, text },
        },
      });
    // A message id too long for the dedupe index (random, so compression cannot save it): nothing of this update can be stored.
    const hugeMid = `mid.${randomBytes(6000).toString('base64')}`;
    const answers = await Promise.all([post(bot, update('mid.good', 'kept')), post(bot, update(hugeMid, 'lost'))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);

    const rows = (await ctx.db.query(`SELECT text FROM messages WHERE bot_id = $1`, [bot.id])).rows;
    expect(rows).toEqual([{ text: 'kept' }]);
    expect((await metric('botlens_ingest_updates_skipped_total')) - skippedBefore).toBe(1);
    expect(
      sink.lines.some((line) =>
        /1 updates skipped as poison, 1 facts not recorded \(poison\): .*index row size/.test(line),
      ),
    ).toBe(true);
  });
});
