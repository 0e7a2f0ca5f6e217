import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { FakeMax, FakeTelegram } from '../fakes';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, bindTelegramProxyBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { TargetReceiver } from './support/target-receiver';
import { startTestApp, TestApp } from './support/test-app';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * Issue 27's measures as the ingest records them from real traffic (the mirror on both platforms, the proxy with a
 * webhook reply and a failing target), and the HTTP contract of the health report, the alert list and the dialogs
 * waiting for an answer. What the report computes is proven at a fixed clock in test/medium/bot-health.medium-spec.ts.
 */
describe('Bot health (issue 27): measures and reports', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let readKey: string;
  let target: TargetReceiver;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    target = await TargetReceiver.start();
  });
  afterAll(async () => {
    await target.close();
    await ctx.close();
  });

  const health = (botId: string, query = '') =>
    request(ctx.url).get(`/api/v1/bots/${botId}/health${query}`).set('X-API-Key', readKey);
  const errorRows = async (botId: string) =>
    (
      await ctx.db.query(
        `SELECT method, error_code, description, retry_after, is_send FROM platform_errors WHERE bot_id = $1`,
        [botId],
      )
    ).rows;

  it('Telegram mirror: a burst answered once gives each message its latency; a refused call counts under its documented name', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    ctx.telegram.message(token, { from: { id: 7001 }, text: 'one', date: unixNow() - 20 });
    ctx.telegram.message(token, { from: { id: 7001 }, text: 'two', date: unixNow() - 10 });
    const polled = await fetch(`${ctx.url}/tg/bot${token}/getUpdates`);
    expect(((await polled.json()) as { result: unknown[] }).result).toHaveLength(2);
    const sent = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 7001, text: 'answer' }),
    });
    expect(sent.status).toBe(200);
    ctx.telegram.failNext('sendMessage', FakeTelegram.tooManyRequests(35));
    const refused = await fetch(`${ctx.url}/tg/bot${token}/SENDMESSAGE`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 7001, text: 'again' }),
    });
    expect(refused.status).toBe(429);

    const report = await eventually(async () => {
      const res = await health(bot.id).expect(200);
      expect(res.body.reply_time.replied).toBe(2);
      expect(res.body.errors).toHaveLength(1);
      return res.body;
    });
    // 20 s and 10 s, give or take the second the send took.
    expect(report.reply_time.p90_ms).toBeGreaterThanOrEqual(18_000);
    expect(report.reply_time.p90_ms).toBeLessThanOrEqual(22_000);
    expect(report.errors).toEqual([
      {
        method: 'sendMessage',
        error_code: 429,
        description: 'Too Many Requests: retry after N',
        count: 1,
        last_at: expect.any(String),
      },
    ]);
    expect(await errorRows(bot.id)).toEqual([
      {
        method: 'sendMessage',
        error_code: 429,
        description: 'Too Many Requests: retry after N',
        retry_after: 35,
        is_send: true,
      },
    ]);
  });

  it('MAX mirror: the answer to a dialog is its reply; a 429 keeps its Retry-After', async () => {
    const { bot, token } = await bindMaxBot(ctx, owner.token);
    ctx.max.messageCreated(token, { sender: { user_id: 8001, name: 'Ann' }, text: 'hi', timestamp: Date.now() - 5000 });
    const polled = await fetch(`${ctx.url}/max/updates`, { headers: { Authorization: token } });
    expect(polled.status).toBe(200);
    const send = () =>
      fetch(`${ctx.url}/max/messages?user_id=8001`, {
        method: 'POST',
        headers: { Authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello' }),
      });
    expect((await send()).status).toBe(200);
    ctx.max.failNext('POST /messages', { ...FakeMax.tooManyRequests, headers: { 'Retry-After': '12' } });
    expect((await send()).status).toBe(429);

    await eventually(async () => {
      const res = await health(bot.id).expect(200);
      expect(res.body.reply_time.replied).toBe(1);
      expect(res.body.reply_time.p50_ms).toBeGreaterThanOrEqual(4000);
      expect(res.body.reply_time.p50_ms).toBeLessThanOrEqual(7000);
      expect(await errorRows(bot.id)).toEqual([
        {
          method: 'POST /messages',
          error_code: 429,
          description: 'Too many requests',
          retry_after: 12,
          is_send: true,
        },
      ]);
    });
  });

  it('proxy mode: a webhook reply answers the update; a failing target is counted with its error', async () => {
    const { bot, token } = await bindTelegramProxyBot(ctx, owner.token, { target_url: target.url });
    const update = (text: string) => ({
      message: {
        message_id: 1,
        date: unixNow() - 3,
        chat: { id: 9001, type: 'private', first_name: 'Bo' },
        from: { id: 9001, is_bot: false, first_name: 'Bo' },
        text,
      },
    });
    target.answer = {
      status: 200,
      body: JSON.stringify({ method: 'sendMessage', chat_id: 9001, text: 'got it' }),
      contentType: 'application/json',
    };
    expect((await ctx.telegram.deliverWebhook(token, update('hello'))).status).toBe(200);
    target.answer = { status: 502 };
    expect((await ctx.telegram.deliverWebhook(token, update('again'))).status).toBe(200);

    const report = await eventually(async () => {
      const res = await health(bot.id).expect(200);
      expect(res.body.reply_time.replied).toBe(1);
      expect(res.body.target_errors.count).toBe(1);
      return res.body;
    });
    expect(report.target_errors).toEqual({ count: 1, last_at: expect.any(String), last_error: 'HTTP 502' });
    expect(report.last_inbound_at).toEqual(expect.any(String));
    expect(report.last_outbound_at).toEqual(expect.any(String));
  });

  it('a changed reply window applies to the replies already counted', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    ctx.telegram.message(token, { from: { id: 7201 }, text: 'anyone?', date: unixNow() - 30 });
    await fetch(`${ctx.url}/tg/bot${token}/getUpdates`);
    const sent = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 7201, text: 'sorry, here' }),
    });
    expect(sent.status).toBe(200);
    const window = (reply_window_s: number) =>
      request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send({ reply_window_s }).expect(200);
    const answered = await eventually(async () => {
      const res = await health(bot.id).expect(200);
      expect(res.body.reply_time.replied).toBe(1);
      return res.body;
    });
    // About 30 s: within the default 300 s.
    expect(answered.unanswered).toEqual({ count: 0, share: 0 });
    await window(10);
    const late = (await health(bot.id).expect(200)).body;
    expect(late.unanswered).toEqual({ count: 1, share: 1 });
    expect(late.reply_time).toEqual(answered.reply_time);
    await window(120);
    expect((await health(bot.id).expect(200)).body.unanswered).toEqual({ count: 0, share: 0 });
  });

  it("operators' replies (cabinet, open API) answer; a broadcast answers nobody", async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    const writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
    for (const id of [7101, 7102, 7103])
      ctx.telegram.message(token, { from: { id }, text: 'hi', date: unixNow() - 30 });
    await fetch(`${ctx.url}/tg/bot${token}/getUpdates`);
    await eventually(async () =>
      expect(
        (await health(bot.id).expect(200)).body.timeline.reduce(
          (n: number, d: { inbound: number }) => n + d.inbound,
          0,
        ),
      ).toBe(3),
    );

    const broadcast = await request(ctx.url)
      .post(`/api/v1/bots/${bot.id}/broadcast`)
      .set('X-API-Key', writeKey)
      .send({ text: 'sale!' })
      .expect(200);
    expect(broadcast.body).toMatchObject({ total_count: 3, sent_count: 3 });
    expect((await health(bot.id).expect(200)).body.reply_time.replied).toBe(0);

    await request(ctx.url)
      .post(`/api/bots/${bot.id}/dialogs/7101/messages`)
      .set(bearer(owner))
      .send({ text: 'from the cabinet' })
      .expect(201);
    await request(ctx.url)
      .post(`/api/v1/bots/${bot.id}/send`)
      .set('X-API-Key', writeKey)
      .send({ userId: '7102', text: 'from the API' })
      .expect(200);
    const report = (await health(bot.id).expect(200)).body;
    expect(report.reply_time.replied).toBe(2);
    const waiting = await request(ctx.url)
      .get(`/api/bots/${bot.id}/dialogs?unanswered=true`)
      .set(bearer(owner))
      .expect(200);
    expect(waiting.body.data).toEqual([]);
    const dialogs = await request(ctx.url).get(`/api/bots/${bot.id}/dialogs`).set(bearer(owner)).expect(200);
    expect(
      dialogs.body.data
        .filter((d: { awaiting_since: string | null }) => d.awaiting_since !== null)
        .map((d: { external_user_id: string }) => d.external_user_id),
    ).toEqual(['7103']);
  });

  describe('GET /api/v1/bots/{id}/health and GET /api/bots/:id/health', () => {
    it('the last 7 UTC days by default, one timeline row each; the session route answers the same', async () => {
      const { bot } = await bindTelegramBot(ctx, owner.token);
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      const res = await health(bot.id).expect(200);
      expect(res.body).toEqual({
        from: day(today - 6 * DAY),
        to: day(today),
        reply_time: { replied: 0, p50_ms: null, p90_ms: null, p99_ms: null },
        unanswered: { count: 0, share: 0 },
        errors: [],
        target_errors: { count: 0, last_at: null, last_error: null },
        last_inbound_at: null,
        last_outbound_at: null,
        timeline: Array.from({ length: 7 }, (_, i) => ({
          date: day(today - (6 - i) * DAY),
          inbound: 0,
          replied: 0,
          unanswered: 0,
          p50_ms: null,
          p90_ms: null,
          errors: 0,
        })),
      });
      const cabinet = await request(ctx.url).get(`/api/bots/${bot.id}/health`).set(bearer(owner)).expect(200);
      expect(cabinet.body).toEqual(res.body);
      const window = await health(bot.id, '?from=2026-01-01&to=2026-01-02').expect(200);
      expect(window.body.timeline.map((d: { date: string }) => d.date)).toEqual(['2026-01-01', '2026-01-02']);
    });

    it('answers 400 for a bad from/to, 404 for another account’s bot, 401 without a key', async () => {
      const { bot } = await bindTelegramBot(ctx, owner.token);
      for (const query of ['?from=2026-02-30', '?from=2026-01-05&to=2026-01-01', '?from=2024-01-01&to=2026-01-01']) {
        const res = await health(bot.id, query).expect(400);
        expect(res.body).toEqual({ message: Messages.badTimeRange });
      }
      const stranger = await registerUser(ctx);
      const foreign = await request(ctx.url).get(`/api/bots/${bot.id}/health`).set(bearer(stranger)).expect(404);
      expect(foreign.body).toEqual({ message: Messages.botNotFound });
      await request(ctx.url).get(`/api/v1/bots/${bot.id}/health`).expect(401);
    });
  });

  describe('GET /api/v1/bots/{id}/alerts and GET /api/bots/:id/alerts', () => {
    it('lists alerts newest first, filtered by state; 400 for another state', async () => {
      const { bot } = await bindTelegramBot(ctx, owner.token);
      await ctx.db.query(
        `INSERT INTO bot_alerts (bot_id, kind, opened_at, resolved_at, details) VALUES
           ($1, 'silence', now() - interval '2 hours', now() - interval '1 hour', '{"unanswered": 3}'),
           ($1, 'errors', now() - interval '10 minutes', NULL, '{}')`,
        [bot.id],
      );
      const all = await request(ctx.url).get(`/api/v1/bots/${bot.id}/alerts`).set('X-API-Key', readKey).expect(200);
      expect(all.body).toEqual({
        data: [
          { id: expect.any(String), kind: 'errors', opened_at: expect.any(String), resolved_at: null, details: {} },
          {
            id: expect.any(String),
            kind: 'silence',
            opened_at: expect.any(String),
            resolved_at: expect.any(String),
            details: { unanswered: 3 },
          },
        ],
      });
      const open = await request(ctx.url).get(`/api/bots/${bot.id}/alerts?state=open`).set(bearer(owner)).expect(200);
      expect(open.body.data.map((a: { kind: string }) => a.kind)).toEqual(['errors']);
      const resolved = await request(ctx.url)
        .get(`/api/bots/${bot.id}/alerts?state=resolved`)
        .set(bearer(owner))
        .expect(200);
      expect(resolved.body.data.map((a: { kind: string }) => a.kind)).toEqual(['silence']);
      const bad = await request(ctx.url).get(`/api/bots/${bot.id}/alerts?state=closed`).set(bearer(owner)).expect(400);
      expect(bad.body).toEqual({ message: Messages.badAlertState });
      // The bot object carries its open alert, for the cabinet's mark.
      const shown = await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(owner)).expect(200);
      expect(shown.body.open_alerts).toEqual([
        { id: open.body.data[0].id, kind: 'errors', opened_at: expect.any(String) },
      ]);
    });
  });

  describe('GET /api/bots/:id/dialogs?unanswered=true', () => {
    it('lists only the dialogs waiting past the reply window, with how long they waited; 400 for another value', async () => {
      const { bot, token } = await bindTelegramBot(ctx, owner.token);
      await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send({ reply_window_s: 10 }).expect(200);
      ctx.telegram.message(token, { from: { id: 6001 }, text: 'anyone?', date: unixNow() - 120 });
      ctx.telegram.message(token, { from: { id: 6002 }, text: 'just now', date: unixNow() });
      await fetch(`${ctx.url}/tg/bot${token}/getUpdates`);
      const waiting = await eventually(async () => {
        const res = await request(ctx.url)
          .get(`/api/bots/${bot.id}/dialogs?unanswered=true`)
          .set(bearer(owner))
          .expect(200);
        expect(res.body.data).toHaveLength(1);
        return res.body;
      });
      expect(waiting.data[0]).toMatchObject({ external_user_id: '6001', awaiting_since: expect.any(String) });
      expect(waiting.data[0].waited_s).toBeGreaterThanOrEqual(120);
      const all = await request(ctx.url).get(`/api/bots/${bot.id}/dialogs`).set(bearer(owner)).expect(200);
      expect(all.body.data).toHaveLength(2);
      const bad = await request(ctx.url)
        .get(`/api/bots/${bot.id}/dialogs?unanswered=yes`)
        .set(bearer(owner))
        .expect(400);
      expect(bad.body).toEqual({ message: Messages.badUnansweredFilter });
    });
  });
});
