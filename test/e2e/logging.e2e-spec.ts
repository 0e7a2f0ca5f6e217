import { Writable } from 'node:stream';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { bindTelegramBot, issueKey, registerUser, telegramToken, uniqueEmail } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

/** Collects every log line the app writes. */
class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _: BufferEncoding, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

describe('Logs: structured JSON with request ids, and no secret in any line', () => {
  const sink = new LogSink();
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp({ LOG_LEVEL: 'debug' }, { logDestination: sink as never });
  });
  afterAll(() => ctx.close());

  it('never writes a password, session token, API key or bot token', async () => {
    const password = 'correct-horse-battery';
    const { token: session } = await registerUser(ctx, uniqueEmail(), password);
    const key = await issueKey(ctx, session, ['read']);
    const { token: botToken, bot } = await bindTelegramBot(ctx, session);
    await request(ctx.url).get('/api/v1/bots').set('X-API-Key', key.key).expect(200);
    await request(ctx.url).get(`/api/v1/bots/${bot.id}`).set(bearer(key.key)).expect(200);
    await request(ctx.url)
      .post('/api/bots')
      .set(bearer(session))
      .send({ platform: 'telegram', name: 'x', token: telegramToken().token })
      .expect(400);
    await request(ctx.url).post('/api/auth/login').send({ email: uniqueEmail(), password }).expect(401);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(sink.lines.length).toBeGreaterThan(5);
    const everything = sink.lines.join('\n');
    for (const secret of [password, session, key.key, botToken, botToken.split(':')[1]]) {
      expect(everything.includes(secret)).toBe(false);
    }
    expect(everything).toContain('[redacted]');
  });

  it('writes one JSON object a line, with a request id on request lines', async () => {
    await request(ctx.url).get('/health').set('X-Request-Id', 'trace-me-123').expect(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = sink.lines.map((line) => JSON.parse(line) as { req?: { id?: string; url?: string } });
    const health = entries.find((entry) => entry.req?.url === '/health');
    expect(health?.req?.id).toBe('trace-me-123');
    expect(entries.filter((entry) => entry.req).every((entry) => typeof entry.req!.id === 'string')).toBe(true);
  });

  it('logs an unexpected failure by its message, with no stack trace in any line', async () => {
    const { token } = await registerUser(ctx, uniqueEmail());
    const before = sink.lines.length;
    // A missing table is the kind of internal failure nobody planned a message for.
    await ctx.db.query('ALTER TABLE support_tickets RENAME TO support_tickets_away');
    try {
      const res = await request(ctx.url)
        .get('/api/support')
        .set(bearer(token))
        .set('X-Request-Id', 'failing-request-7')
        .expect(500);
      expect(res.body).toEqual({ message: Messages.internal });
    } finally {
      await ctx.db.query('ALTER TABLE support_tickets_away RENAME TO support_tickets');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = sink.lines.slice(before);
    const failure = lines.find((line) => line.includes('relation \\"support_tickets\\" does not exist'));
    // Logged by the request's own logger: the line names the request it failed.
    expect(failure && (JSON.parse(failure) as { req?: { id?: string } }).req?.id).toBe('failing-request-7');
    // The request's logger carries its headers: the session token in Authorization is redacted there too.
    expect(failure).toContain('"authorization":"[redacted]"');
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    expect(lines.filter((line) => /\bat .*\.[jt]s:\d+:\d+/.test(line))).toEqual([]);
  });
});
