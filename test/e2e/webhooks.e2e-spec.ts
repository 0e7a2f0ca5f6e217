import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { DeliveryLog } from '../../src/webhooks/delivery-log';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bearer } from './support/session';

const now = Math.floor(Date.now() / 1000);
const tgMessage = (updateId: number, userId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    from: { id: userId, is_bot: false, first_name: 'Ann' },
    chat: { id: userId, type: 'private' },
    date: now,
    text,
  },
});

/** The receiver's own check, as docs/api.md tells integrators to do it. */
function signatureIsValid(secret: string, body: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('Event webhooks (spec: Events; contract §3, §7)', () => {
  let ctx: TestApp;
  let receiver: WebhookReceiver;
  let owner: { token: string; user: { id: string } };

  beforeAll(async () => {
    ctx = await startTestApp();
    receiver = await WebhookReceiver.start();
    owner = await registerUser(ctx);
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  const subscribe = async (body: Record<string, unknown>, session = owner.token) =>
    (await request(ctx.url).post('/api/me/webhooks').set(bearer(session)).send(body).expect(201)).body;

  it('creates a subscription whose whsec_ secret is shown once and stored encrypted', async () => {
    const created = await subscribe({ url: receiver.url, events: ['message.created'] });
    expect(created).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ['message.created'],
      bot_id: null,
      active: true,
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{44}$/),
    });
    const list = await request(ctx.url).get('/api/me/webhooks').set(bearer(owner)).expect(200);
    expect(list.body.data.find((s: { id: string }) => s.id === created.id)).not.toHaveProperty('secret');
    const stored = await ctx.db.query(`SELECT * FROM webhook_subscriptions WHERE id = $1`, [created.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(created.secret);
    await request(ctx.url).delete(`/api/me/webhooks/${created.id}`).set(bearer(owner)).expect(204);
  });

  const badUrl = 'url must be an http:// or https:// URL of at most 500 characters';
  const badEvents =
    'events must contain at least one of message.created, message.outbound, contact.created, test.ping, button.pressed, ' +
    'intent.matched, broadcast.completed, funnel.step_passed, payment.succeeded, payment.refunded, link.clicked, ' +
    'bot.alert.opened, bot.alert.resolved';
  it.each([
    ['an ftp url', { url: 'ftp://x.test/h', events: ['message.created'] }, badUrl],
    ['a url over 500 characters', { url: `https://x.test/${'a'.repeat(490)}`, events: ['message.created'] }, badUrl],
    ['no events', { url: 'https://x.test/h', events: [] }, badEvents],
    ['an unknown event', { url: 'https://x.test/h', events: ['order.paid'] }, badEvents],
    ['a missing events field', { url: 'https://x.test/h' }, badEvents],
  ])('refuses %s with 400 naming the field', async (_, body, message) => {
    const res = await request(ctx.url).post('/api/me/webhooks').set(bearer(owner)).send(body).expect(400);
    expect(res.body).toEqual({ message });
  });

  it('answers 404 "Bot not found" for another user\'s bot_id and 404 "Подписка не найдена" for another user\'s subscription', async () => {
    const stranger = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, stranger.token);
    const res = await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(owner))
      .send({ url: receiver.url, events: ['message.created'], bot_id: bot.id })
      .expect(404);
    expect(res.body).toEqual({ message: Messages.botNotFound });

    const theirs = await subscribe({ url: receiver.url, events: ['message.created'] }, stranger.token);
    for (const call of [
      request(ctx.url).patch(`/api/me/webhooks/${theirs.id}`).set(bearer(owner)).send({ active: false }),
      request(ctx.url).delete(`/api/me/webhooks/${theirs.id}`).set(bearer(owner)),
      request(ctx.url).post(`/api/me/webhooks/${theirs.id}/test`).set(bearer(owner)),
      request(ctx.url).get(`/api/me/webhooks/${theirs.id}/deliveries`).set(bearer(owner)),
      request(ctx.url).get(`/api/me/webhooks/not-an-id/deliveries`).set(bearer(owner)),
    ]) {
      const answer = await call;
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: Messages.subscriptionNotFound });
    }
  });

  it('cannot be managed with an API key', async () => {
    const key = await request(ctx.url)
      .post('/api/me/api-keys')
      .set(bearer(owner))
      .send({ name: 'k', scopes: ['read', 'write'] })
      .expect(201);
    const res = await request(ctx.url).get('/api/me/webhooks').set(bearer(key.body.key)).expect(401);
    expect(res.body).toEqual({ message: Messages.sessionRequired });
  });

  it('sends a signed test.ping with the spec headers and answers its delivery record', async () => {
    const sub = await subscribe({ url: receiver.url, events: ['test.ping'] });
    const before = receiver.requests.length;
    const res = await request(ctx.url).post(`/api/me/webhooks/${sub.id}/test`).set(bearer(owner)).expect(200);
    const received = receiver.requests[before];
    expect(res.body).toEqual({
      event: 'test.ping',
      status_code: 200,
      error: null,
      duration_ms: expect.any(Number),
      body_preview: received.body,
      response_preview: '{"ok":true}',
      created_at: expect.any(String),
    });

    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Botlens-Webhook/1',
      'x-webhook-event': 'test.ping',
    });
    expect(signatureIsValid(sub.secret, received.body, received.headers['x-webhook-signature'] as string)).toBe(true);
    expect(signatureIsValid(sub.secret, received.body + ' ', received.headers['x-webhook-signature'] as string)).toBe(
      false,
    );
    const standard = new Webhook(sub.secret).verify(received.body, received.headers as Record<string, string>);
    expect(standard).toEqual(JSON.parse(received.body));

    const envelope = JSON.parse(received.body);
    expect(envelope).toEqual({
      event: 'test.ping',
      delivered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      subscription_id: sub.id,
      data: { message: expect.any(String), timestamp: expect.any(String) },
    });
    const deliveries = await request(ctx.url)
      .get(`/api/me/webhooks/${sub.id}/deliveries`)
      .set(bearer(owner))
      .expect(200);
    expect(deliveries.body).toEqual([res.body]);
  });

  it('records a failing receiver without retrying, and keeps only the newest 50 deliveries', async () => {
    const sub = await subscribe({ url: receiver.url, events: ['test.ping'] });
    receiver.status = 500;
    const before = receiver.requests.length;
    const failed = await request(ctx.url).post(`/api/me/webhooks/${sub.id}/test`).set(bearer(owner)).expect(200);
    expect(failed.body).toMatchObject({ status_code: 500, error: 'HTTP 500' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.length - before).toBe(1);
    receiver.status = 200;

    for (let i = 0; i < 55; i++)
      await request(ctx.url).post(`/api/me/webhooks/${sub.id}/test`).set(bearer(owner)).expect(200);
    const deliveries = await request(ctx.url)
      .get(`/api/me/webhooks/${sub.id}/deliveries`)
      .set(bearer(owner))
      .expect(200);
    expect(deliveries.body).toHaveLength(50);
    expect(deliveries.body.every((d: { status_code: number }) => d.status_code === 200)).toBe(true);
    const stored = await ctx.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1`, [
      sub.id,
    ]);
    expect(stored.rows[0].n).toBe(50);
  });

  it('keeps a batch of delivery records when one of their subscriptions was deleted meanwhile', async () => {
    const kept = await subscribe({ url: receiver.url, events: ['test.ping'] });
    const gone = await subscribe({ url: receiver.url, events: ['test.ping'] });
    await request(ctx.url).delete(`/api/me/webhooks/${gone.id}`).set(bearer(owner)).expect(204);
    const log = ctx.app.get(DeliveryLog);
    // Both land in one batch, as deliveries finishing together do.
    log.add(gone.id, 'test.ping', {
      statusCode: 200,
      error: null,
      durationMs: 3,
      bodyPreview: '{}',
      responsePreview: '',
    });
    log.add(kept.id, 'test.ping', {
      statusCode: 200,
      error: null,
      durationMs: 4,
      bodyPreview: '{}',
      responsePreview: '',
    });
    await eventually(async () => {
      const rows = await ctx.db.query(
        `SELECT subscription_id, duration_ms FROM webhook_deliveries WHERE subscription_id = ANY($1)`,
        [[kept.id, gone.id]],
      );
      expect(rows.rows).toEqual([{ subscription_id: kept.id, duration_ms: 4 }]);
    });
  });

  it('records an unreachable receiver as an error with no status code', async () => {
    const gone = await WebhookReceiver.start();
    const url = gone.url;
    await gone.close();
    const sub = await subscribe({ url, events: ['test.ping'] });
    const res = await request(ctx.url).post(`/api/me/webhooks/${sub.id}/test`).set(bearer(owner)).expect(200);
    expect(res.body).toMatchObject({ status_code: null, error: 'ECONNREFUSED', response_preview: null });
    expect(JSON.parse(res.body.body_preview)).toMatchObject({ event: 'test.ping', subscription_id: sub.id });
  });

  it('logs the first 500 characters of what was sent and of what the receiver answered', async () => {
    const user = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, user.token);
    const hook = await WebhookReceiver.start();
    try {
      const sub = await subscribe({ url: hook.url, events: ['message.created'] }, user.token);
      hook.status = 422;
      hook.answer = `{"error":"${'ё'.repeat(600)}"}`;
      const text = `Привет ${'🙂'.repeat(600)}`;
      await ctx.app
        .get(CaptureService)
        .inboundUpdates({ id: bot.id, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' }, [
          tgMessage(1, 21, text),
        ]);
      await hook.waitForCount(1);
      const sent = Array.from(hook.requests[0].body);
      await eventually(async () => {
        const log = await request(ctx.url).get(`/api/me/webhooks/${sub.id}/deliveries`).set(bearer(user)).expect(200);
        expect(log.body).toEqual([
          {
            event: 'message.created',
            status_code: 422,
            error: 'HTTP 422',
            duration_ms: expect.any(Number),
            // Whole characters: the emoji (two UTF-16 units each) are never cut in half.
            body_preview: sent.slice(0, 500).join(''),
            response_preview: `{"error":"${'ё'.repeat(490)}`,
            created_at: expect.any(String),
          },
        ]);
      });
      expect(sent.length).toBeGreaterThan(500);
    } finally {
      await hook.close();
    }
  });

  it("delivers message.created, message.outbound and contact.created for the subscriber's bots only", async () => {
    const user = await registerUser(ctx);
    const own = await bindTelegramBot(ctx, user.token);
    const other = await bindTelegramBot(ctx, user.token);
    const stranger = await registerUser(ctx);
    const strangers = await bindTelegramBot(ctx, stranger.token);
    const hook = await WebhookReceiver.start();
    try {
      const all = await subscribe(
        { url: hook.url, events: ['message.created', 'contact.created', 'message.outbound'], bot_id: own.bot.id },
        user.token,
      );
      const capture = ctx.app.get(CaptureService);
      const asCapture = (bot: { id: string }, userId: string): CaptureBot => ({
        id: bot.id,
        userId,
        platform: 'telegram',
        utmKey: 'utm_source',
      });

      await capture.inboundUpdates(asCapture(other.bot, user.user.id), [tgMessage(1, 11, 'other bot')]);
      await capture.inboundUpdates(asCapture(strangers.bot, stranger.user.id), [tgMessage(1, 12, 'stranger')]);
      await capture.inboundUpdates(asCapture(own.bot, user.user.id), [tgMessage(1, 13, '/start promo')]);
      await capture.outboundResult(asCapture(own.bot, user.user.id), 'sendmessage', null, {
        message_id: 5,
        chat: { id: 13, type: 'private' },
        date: now,
        text: 'Welcome',
      });
      await hook.waitForCount(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const bodies = hook.requests.map((r) => JSON.parse(r.body));
      expect(bodies.map((b) => b.event).sort()).toEqual(['contact.created', 'message.created', 'message.outbound']);
      const created = bodies.find((b) => b.event === 'message.created');
      expect(created).toMatchObject({ subscription_id: all.id });
      expect(created.data).toEqual({
        bot_id: own.bot.id,
        message_id: expect.any(String),
        direction: 'in',
        external_user_id: '13',
        text: '/start promo',
        created_at: new Date(now * 1000).toISOString(),
      });
      expect(bodies.find((b) => b.event === 'contact.created').data).toEqual({
        bot_id: own.bot.id,
        contact_id: expect.any(String),
        external_user_id: '13',
        username: null,
        first_name: 'Ann',
        last_name: null,
        source_value: 'promo',
        campaign_name: null,
        created_at: new Date(now * 1000).toISOString(),
      });
      expect(bodies.find((b) => b.event === 'message.outbound').data).toMatchObject({
        direction: 'out',
        text: 'Welcome',
        external_user_id: '13',
      });
      for (const r of hook.requests)
        expect(signatureIsValid(all.secret, r.body, r.headers['x-webhook-signature'] as string)).toBe(true);

      // Queued deliveries are logged too (in batches, so shortly after they happen).
      await eventually(async () => {
        const log = await request(ctx.url).get(`/api/me/webhooks/${all.id}/deliveries`).set(bearer(user)).expect(200);
        expect(
          log.body.map((d: { event: string; status_code: number }) => `${d.event} ${d.status_code}`).sort(),
        ).toEqual(['contact.created 200', 'message.created 200', 'message.outbound 200']);
      });
    } finally {
      await hook.close();
    }
  });

  it('fires message.outbound for real sends: the open API send and a send through the mirror', async () => {
    const user = await registerUser(ctx);
    const { bot, token } = await bindTelegramBot(ctx, user.token);
    const key = (await issueKey(ctx, user.token, ['write'])).key;
    const hook = await WebhookReceiver.start();
    try {
      await subscribe({ url: hook.url, events: ['message.outbound'], bot_id: bot.id }, user.token);
      await ctx.app
        .get(CaptureService)
        .inboundUpdates({ id: bot.id, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' }, [
          tgMessage(1, 21, 'hi'),
        ]);

      const sent = await request(ctx.url)
        .post(`/api/v1/bots/${bot.id}/send`)
        .set('X-API-Key', key)
        .send({ userId: '21', text: 'from the API' })
        .expect(200);
      const mirrored = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 21, text: 'from the bot' }),
      });
      expect(mirrored.status).toBe(200);

      await hook.waitForCount(2);
      const outbound = hook.requests
        .map((r) => JSON.parse(r.body))
        .sort((a, b) => a.data.text.localeCompare(b.data.text));
      expect(outbound.map((b) => [b.event, b.data.text, b.data.external_user_id, b.data.direction])).toEqual([
        ['message.outbound', 'from the API', '21', 'out'],
        ['message.outbound', 'from the bot', '21', 'out'],
      ]);
      expect(outbound.find((b) => b.data.text === 'from the API').data.message_id).toBe(sent.body.id);
    } finally {
      await hook.close();
    }
  });

  it('stops delivering when the subscription is made inactive', async () => {
    const user = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, user.token);
    const hook = await WebhookReceiver.start();
    try {
      const sub = await subscribe({ url: hook.url, events: ['message.created'] }, user.token);
      await request(ctx.url).patch(`/api/me/webhooks/${sub.id}`).set(bearer(user)).send({ active: false }).expect(200);
      await ctx.app
        .get(CaptureService)
        .inboundUpdates({ id: bot.id, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' }, [
          tgMessage(2, 21, 'hi'),
        ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(hook.requests).toHaveLength(0);
    } finally {
      await hook.close();
    }
  });

  it('delivers at once to a subscription created, or made active again, after the account had facts nobody listened to', async () => {
    const user = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, user.token);
    const capture = ctx.app.get(CaptureService);
    const asCapture: CaptureBot = { id: bot.id, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' };
    const hook = await WebhookReceiver.start();
    try {
      // Facts with no subscription leave "nobody listens" known for the account (the dispatcher's cache).
      await capture.inboundUpdates(asCapture, [tgMessage(1, 31, 'unheard')]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await capture.inboundUpdates(asCapture, [tgMessage(2, 31, 'unheard again')]);

      const sub = await subscribe({ url: hook.url, events: ['message.created'] }, user.token);
      await capture.inboundUpdates(asCapture, [tgMessage(3, 31, 'heard')]);
      await hook.waitForCount(1);

      await request(ctx.url).patch(`/api/me/webhooks/${sub.id}`).set(bearer(user)).send({ active: false }).expect(200);
      await capture.inboundUpdates(asCapture, [tgMessage(4, 31, 'while inactive')]);
      await request(ctx.url).patch(`/api/me/webhooks/${sub.id}`).set(bearer(user)).send({ active: true }).expect(200);
      await capture.inboundUpdates(asCapture, [tgMessage(5, 31, 'heard again')]);
      await hook.waitForCount(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hook.requests.map((r) => JSON.parse(r.body).data.text)).toEqual(['heard', 'heard again']);
    } finally {
      await hook.close();
    }
  });

  // The same host: one CRM taking two subscriptions' events, each at a path of its own. Each subscription has
  // connections of its own, so the slow one's 64 deliveries in flight hold none of the other's.
  it.each([
    ['on a host of its own', false],
    ['on the same host', true],
  ])(
    "a subscriber that answers after 10 s holds only its own deliveries: another subscription's arrive at once (%s)",
    async (_, sameHost) => {
      const user = await registerUser(ctx);
      const { bot } = await bindTelegramBot(ctx, user.token);
      const capture = ctx.app.get(CaptureService);
      const asCapture: CaptureBot = { id: bot.id, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' };
      const slowArrived: number[] = [];
      const fastTexts: string[] = [];
      const subscriber = async () => {
        const server = createServer((req, res) => {
          if (req.url === '/slow') {
            slowArrived.push(Date.now());
            req.resume();
            setTimeout(() => res.writeHead(200).end(), 10_000);
            return;
          }
          const chunks: Buffer[] = [];
          req.on('data', (chunk: Buffer) => chunks.push(chunk));
          req.on('end', () => {
            fastTexts.push(JSON.parse(Buffer.concat(chunks).toString()).data.text);
            res.writeHead(200).end();
          });
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return server;
      };
      const servers = sameHost ? [await subscriber()] : [await subscriber(), await subscriber()];
      const origin = (server: (typeof servers)[number]) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        await subscribe({ url: `${origin(servers[0])}/slow`, events: ['message.created'], bot_id: bot.id }, user.token);
        await subscribe(
          { url: `${origin(servers.at(-1)!)}/fast`, events: ['message.created'], bot_id: bot.id },
          user.token,
        );
        // More than the slow subscription may hold at once (WEBHOOK_SUBSCRIPTION_CONCURRENCY, 64).
        const updates = (from: number) =>
          Array.from({ length: 100 }, (_, i) => tgMessage(from + i, 41, `m${from + i}`));
        await capture.inboundUpdates(asCapture, updates(1));
        await eventually(() => expect(fastTexts).toHaveLength(100), 5000);
        // The slow one now holds all it may: the next events still reach the fast one at once, and the ingest too.
        await eventually(() => expect(slowArrived).toHaveLength(64));
        const started = Date.now();
        await capture.inboundUpdates(asCapture, updates(101));
        expect(Date.now() - started).toBeLessThan(1000);
        await eventually(() => expect(fastTexts).toHaveLength(200), 3000);
        expect(Date.now() - started).toBeLessThan(3000);
        expect(slowArrived).toHaveLength(64);
        expect(new Set(fastTexts).size).toBe(200);
      } finally {
        for (const server of servers) {
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
        }
      }
    },
  );

  it('allows 20 subscriptions and answers the 21st with 429', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 20; i++)
      await subscribe({ url: `https://hooks.example/${i}`, events: ['message.created'] }, user.token);
    const res = await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(user))
      .send({ url: 'https://hooks.example/21', events: ['message.created'] })
      .expect(429);
    expect(res.body).toEqual({ message: Messages.subscriptionLimit });
  });
});
