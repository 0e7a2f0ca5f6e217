import { createHmac, timingSafeEqual } from 'node:crypto';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { maxPress, nextUpdateId, tgPress } from '../support/button-presses';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, bindTelegramProxyBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

function inboundText(userId: number, text: string, at: number) {
  const id = nextUpdateId();
  return {
    update_id: id,
    message: {
      message_id: id,
      from: { id: userId, is_bot: false, first_name: 'U' },
      chat: { id: userId, type: 'private' },
      date: at,
      text,
    },
  };
}

function signatureIsValid(secret: string, body: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('Button presses (issue 16)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let readKey: string;
  let capture: CaptureService;

  const presses = async (botId: string) =>
    (
      await ctx.db.query(
        `SELECT external_user_id, data FROM button_presses WHERE bot_id = $1 ORDER BY created_at, data`,
        [botId],
      )
    ).rows;
  const buttons = (botId: string, query = '') =>
    request(ctx.url).get(`/api/v1/bots/${botId}/buttons${query}`).set('X-API-Key', readKey);

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    capture = ctx.app.get(CaptureService);
  });
  afterAll(() => ctx.close());

  describe('recording', () => {
    it('records a Telegram press through the proxy once', async () => {
      const { bot, token } = await bindTelegramProxyBot(ctx, owner.token);
      const press = tgPress(7001, 'plan:pro');
      expect(await ctx.telegram.deliverWebhook(token, press)).toMatchObject({ status: 200 });
      // The platform's retry of the same update.
      expect(await ctx.telegram.deliverWebhook(token, press)).toMatchObject({ status: 200 });
      expect(await presses(bot.id)).toEqual([{ external_user_id: '7001', data: 'plan:pro' }]);
    });

    it('records a Telegram press polled through the mirror (getUpdates)', async () => {
      const { bot, token } = await bindTelegramBot(ctx, owner.token);
      ctx.telegram.pushUpdate(token, tgPress(7002, 'menu:help'));
      const polled = (await (await fetch(`${ctx.url}/tg/bot${token}/getUpdates`)).json()) as { result: unknown[] };
      expect(polled.result).toHaveLength(1);
      await eventually(async () =>
        expect(await presses(bot.id)).toEqual([{ external_user_id: '7002', data: 'menu:help' }]),
      );
    });

    it('subscribes a MAX webhook to message_callback and records a press through the proxy once', async () => {
      const bound = await bindMaxBot(ctx, owner.token);
      await request(ctx.url).post(`/api/bots/${bound.bot.id}/webhook`).set(bearer(owner)).expect(200);
      const [subscription] = ctx.max.subscriptionsOf(bound.token);
      expect(subscription.update_types).toContain('message_callback');
      subscription.url = subscription.url.replace(ctx.config.publicBaseUrl, ctx.url);

      const press = maxPress(8001, 'size:xl', Date.now() - 5000);
      await ctx.max.deliverWebhook(bound.token, press);
      await ctx.max.deliverWebhook(bound.token, press);
      expect(await presses(bound.bot.id)).toEqual([{ external_user_id: '8001', data: 'size:xl' }]);
    });
  });

  describe("GET /api/v1/bots/{id}/buttons, and a dialog's presses", () => {
    let botId: string;
    let bot: CaptureBot;

    beforeAll(async () => {
      const bound = await bindMaxBot(ctx, owner.token);
      botId = bound.bot.id;
      bot = { id: botId, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
      await capture.inboundUpdates(bot, [
        maxPress(1, 'buy', Date.parse('2024-05-01T10:00:00Z')),
        maxPress(2, 'buy', Date.parse('2024-05-01T10:00:01Z')),
        maxPress(2, 'help', Date.parse('2024-05-02T10:00:00Z')),
      ]);
    });

    it('answers presses and contacts per data value to the open API and the session API alike; from/to select', async () => {
      const res = await buttons(botId).expect(200);
      expect(res.body).toEqual({
        data: [
          { data: 'buy', presses: 2, contacts: 2 },
          { data: 'help', presses: 1, contacts: 1 },
        ],
      });
      const session = await request(ctx.url).get(`/api/bots/${botId}/buttons`).set(bearer(owner)).expect(200);
      expect(session.body).toEqual(res.body);
      expect((await buttons(botId, '?from=2024-05-01T10:00:01Z&to=2024-05-01').expect(200)).body).toEqual({
        data: [{ data: 'buy', presses: 1, contacts: 1 }],
      });
    });

    it.each([
      ['from=yesterday'],
      ['to=2024-13-01'],
      ['from=2024-02-30'],
      ['to=1714550400'],
      ['from=2024-05-02&to=2024-05-01'],
    ])('refuses %s with 400 "неверный from/to"', async (query) => {
      const res = await buttons(botId, `?${query}`).expect(400);
      expect(res.body).toEqual({ message: 'неверный from/to' });
      const session = await request(ctx.url).get(`/api/bots/${botId}/buttons?${query}`).set(bearer(owner)).expect(400);
      expect(session.body).toEqual({ message: 'неверный from/to' });
    });

    it("answers a dialog's presses to the session API only, newest first, with the messages' limit and from/to", async () => {
      const path = `/api/bots/${botId}/dialogs/2/presses`;
      const ids = (await ctx.db.query(`SELECT id, data FROM button_presses WHERE bot_id = $1`, [botId])).rows;
      const idOf = (data: string) => ids.find((row: { data: string }) => row.data === data).id;
      const all = await request(ctx.url).get(path).set(bearer(owner)).expect(200);
      expect(all.body).toEqual({
        data: [
          { id: idOf('help'), data: 'help', created_at: '2024-05-02T10:00:00.000Z' },
          { id: expect.any(String), data: 'buy', created_at: '2024-05-01T10:00:01.000Z' },
        ],
        limit: 100,
      });
      const page = await request(ctx.url).get(`${path}?limit=1&to=2024-05-01`).set(bearer(owner)).expect(200);
      expect(page.body).toEqual({ data: [all.body.data[1]], limit: 1 });
      const bad = await request(ctx.url).get(`${path}?from=soon`).set(bearer(owner)).expect(400);
      expect(bad.body).toEqual({ message: 'неверный from/to' });
      const unknown = await request(ctx.url)
        .get(`/api/bots/${botId}/dialogs/999/presses`)
        .set(bearer(owner))
        .expect(200);
      expect(unknown.body).toEqual({ data: [], limit: 100 });
      await request(ctx.url).get(path).set('X-API-Key', readKey).expect(401);
    });

    it('needs the read scope, and answers 404 for a bot of another account', async () => {
      const writeOnly = (await issueKey(ctx, owner.token, ['write'])).key;
      const refused = await request(ctx.url)
        .get(`/api/v1/bots/${botId}/buttons`)
        .set('X-API-Key', writeOnly)
        .expect(403);
      expect(refused.body).toEqual({ message: Messages.scopeRequired('read') });
      const other = await registerUser(ctx);
      const theirKey = (await issueKey(ctx, other.token, ['read'])).key;
      const missing = await request(ctx.url)
        .get(`/api/v1/bots/${botId}/buttons`)
        .set('X-API-Key', theirKey)
        .expect(404);
      expect(missing.body).toEqual({ message: Messages.botNotFound });
      await request(ctx.url).get(`/api/bots/${botId}/buttons`).expect(401);
    });
  });

  it('counts a button stage in the funnel live and by the backfill (exact and contains on the data)', async () => {
    const { bot: created } = await bindMaxBot(ctx, owner.token);
    const bot: CaptureBot = { id: created.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' };
    const t = Date.parse('2024-06-01T10:00:00Z');
    // Before the funnel exists: only the backfill can count these.
    await capture.inboundUpdates(bot, [
      maxPress(11, 'plan:pro', t),
      maxPress(12, 'plan:free', t),
      maxPress(13, 'PLAN:PRO', t),
    ]);
    const put = await request(ctx.url)
      .put(`/api/bots/${bot.id}/funnel/config`)
      .set(bearer(owner))
      .send({
        stages: [
          { name: 'Any plan', type: 'button', match: 'contains', value: 'plan:' },
          { name: 'Pro', type: 'button', value: 'plan:pro' },
        ],
      })
      .expect(200);
    expect(put.body).toEqual({
      stages: [
        { name: 'Any plan', type: 'button', match: 'contains', value: 'plan:' },
        { name: 'Pro', type: 'button', match: 'exact', value: 'plan:pro' },
      ],
    });
    const funnel = async () =>
      (await request(ctx.url).get(`/api/bots/${bot.id}/funnel`).set(bearer(owner)).expect(200)).body;
    await eventually(
      async () =>
        expect(await funnel()).toEqual({
          source: null,
          computing: false,
          stages: [
            { name: 'Any plan', reached: 2, conversion: null },
            { name: 'Pro', reached: 1, conversion: 0.5 },
          ],
        }),
      15000,
    );

    // Live: a new contact presses both; a repeated press and a message with the same text count nothing more.
    await capture.inboundUpdates(bot, [maxPress(14, 'plan:pro', t + 5000), maxPress(11, 'plan:pro', t + 6000)]);
    await eventually(async () =>
      expect((await funnel()).stages).toEqual([
        { name: 'Any plan', reached: 3, conversion: null },
        { name: 'Pro', reached: 2, conversion: 0.6667 },
      ]),
    );

    const refused = await request(ctx.url)
      .put(`/api/bots/${bot.id}/funnel/config`)
      .set(bearer(owner))
      .send({ stages: [{ name: 'x', type: 'button', match: 'regex', value: 'a' }] })
      .expect(400);
    expect(refused.body).toEqual({ message: 'stages[0].match must be exact or contains' });
  });

  it('delivers button.pressed signed, after the press is stored', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const { bot, token } = await bindTelegramProxyBot(ctx, owner.token);
      const subscription = (
        await request(ctx.url)
          .post('/api/me/webhooks')
          .set(bearer(owner))
          .send({ url: receiver.url, events: ['button.pressed'], bot_id: bot.id })
          .expect(201)
      ).body;
      expect(subscription.events).toEqual(['button.pressed']);

      await ctx.telegram.deliverWebhook(token, tgPress(7100, 'order:42'));
      await ctx.telegram.deliverWebhook(token, inboundText(7100, 'not a press', Math.floor(Date.now() / 1000)));
      await receiver.waitForCount(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.requests).toHaveLength(1);
      const [delivery] = receiver.requests;
      expect(delivery.headers['x-webhook-event']).toBe('button.pressed');
      expect(
        signatureIsValid(subscription.secret, delivery.body, delivery.headers['x-webhook-signature'] as string),
      ).toBe(true);
      const stored = await ctx.db.query(`SELECT id, created_at FROM button_presses WHERE bot_id = $1`, [bot.id]);
      expect(JSON.parse(delivery.body)).toEqual({
        event: 'button.pressed',
        delivered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        subscription_id: subscription.id,
        data: {
          bot_id: bot.id,
          press_id: stored.rows[0].id,
          external_user_id: '7100',
          data: 'order:42',
          created_at: new Date(stored.rows[0].created_at).toISOString(),
        },
      });
    } finally {
      await receiver.close();
    }
  });
});
