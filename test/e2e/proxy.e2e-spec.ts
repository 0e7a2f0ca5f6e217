import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { MAX_REFUSALS, TELEGRAM_REFUSALS } from '../../src/platforms/platform-refusals';
import { TargetForwarder } from '../../src/proxy/receiver/target-forwarder';
import { MAX_UPDATE_TYPES, TELEGRAM_ALLOWED_UPDATES } from '../../src/proxy/webhook/platform-webhooks';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, bindTelegramProxyBot, registerUser } from './support/factories';
import { rawRequest } from './support/raw-http';
import { TargetReceiver } from './support/target-receiver';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const SECRET = /^[A-Za-z0-9_-]{5,256}$/;

describe('Proxy-webhook (contract §5)', () => {
  let ctx: TestApp;
  let owner: { token: string };
  let target: TargetReceiver;
  let updateIds = 5000;
  const privateMessage = (userId: number, text: string) => ({
    update_id: ++updateIds,
    message: {
      message_id: updateIds,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: 'private', first_name: 'Ann' },
      from: { id: userId, is_bot: false, first_name: 'Ann' },
      text,
    },
  });

  /** The proxy URL as the fakes can reach it: PUBLIC_BASE_URL is not a loopback address (the test stands in for DNS). */
  const reachable = (proxyUrl: string) => proxyUrl.replace(ctx.config.publicBaseUrl, ctx.url);
  const proxyPath = (proxyUrl: string) => proxyUrl.slice(ctx.config.publicBaseUrl.length);

  const connectedTelegramBot = (fields: Record<string, unknown> = {}) => bindTelegramProxyBot(ctx, owner.token, fields);

  async function connectedMaxBot(fields: Record<string, unknown> = {}) {
    const bound = await bindMaxBot(ctx, owner.token, fields);
    await request(ctx.url).post(`/api/bots/${bound.bot.id}/webhook`).set(bearer(owner)).expect(200);
    const [subscription] = ctx.max.subscriptionsOf(bound.token);
    subscription.url = reachable(subscription.url);
    return { ...bound, secret: subscription.secret! };
  }

  const botRow = async (id: string) =>
    (await request(ctx.url).get(`/api/bots/${id}`).set(bearer(owner)).expect(200)).body;
  const messageCount = async (botId: string) =>
    (await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'in'`, [botId]))
      .rows[0].n;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    target = await TargetReceiver.start();
  });
  afterAll(async () => {
    await target.close();
    await ctx.close();
  });
  beforeEach(() => {
    target.answer = { status: 200 };
    target.requests.length = 0;
  });

  describe('connecting proxy mode from the session API', () => {
    it('sets the Telegram webhook to the proxy URL with a fresh secret and the update types, reports it and removes it', async () => {
      const { bot, token } = await bindTelegramBot(ctx, owner.token);
      const set = await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);

      const hook = ctx.telegram.webhookOf(token)!;
      expect(hook.url).toBe(bot.proxy_url);
      expect(hook.secret_token).toMatch(SECRET);
      expect(hook.allowed_updates).toEqual(['message', 'edited_message', 'callback_query', 'my_chat_member']);
      const stored = await ctx.db.query(`SELECT webhook_secret FROM bots WHERE id = $1`, [bot.id]);
      expect(stored.rows[0].webhook_secret).toBe(hook.secret_token);
      expect(JSON.stringify(set.body)).not.toContain(hook.secret_token);
      expect(set.body).toEqual({
        platform: 'telegram',
        connected: true,
        url: bot.proxy_url,
        proxy_url: bot.proxy_url,
        update_types: TELEGRAM_ALLOWED_UPDATES,
        pending_update_count: 0,
        last_error_at: null,
        last_error_message: null,
        has_secret: true,
      });

      const info = await request(ctx.url).get(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);
      expect(info.body).toEqual(set.body);

      // A second connect rotates the secret.
      await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);
      expect(ctx.telegram.webhookOf(token)!.secret_token).not.toBe(hook.secret_token);

      await request(ctx.url).delete(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(204);
      expect(ctx.telegram.webhookOf(token)).toBeUndefined();
      expect(ctx.telegram.callsOf('deleteWebhook').filter((call) => call.token === token)).toHaveLength(1);
      const cleared = await ctx.db.query(`SELECT webhook_secret FROM bots WHERE id = $1`, [bot.id]);
      expect(cleared.rows[0].webhook_secret).toBeNull();
      const after = await request(ctx.url).get(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);
      expect(after.body).toMatchObject({ connected: false, url: null, has_secret: false });
    });

    it('subscribes a MAX bot to the proxy URL with a secret and the update types, reports it and unsubscribes', async () => {
      const { bot, token } = await bindMaxBot(ctx, owner.token);
      const set = await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);

      const subscriptions = ctx.max.subscriptionsOf(token);
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({ url: bot.proxy_url, update_types: MAX_UPDATE_TYPES });
      expect(subscriptions[0].update_types).toEqual(
        expect.arrayContaining([
          'message_created',
          'message_edited',
          'bot_started',
          'bot_stopped',
          'bot_added',
          'bot_removed',
        ]),
      );
      expect(subscriptions[0].secret).toMatch(SECRET);
      const call = ctx.max.callsOf('POST', '/subscriptions').find((c) => c.token === token)!;
      expect(call.body).toEqual({
        url: bot.proxy_url,
        update_types: MAX_UPDATE_TYPES,
        version: '0.0.1',
        secret: subscriptions[0].secret,
      });
      expect(set.body).toEqual({
        platform: 'max',
        connected: true,
        url: bot.proxy_url,
        proxy_url: bot.proxy_url,
        update_types: MAX_UPDATE_TYPES,
        pending_update_count: null,
        last_error_at: null,
        last_error_message: null,
        has_secret: true,
      });

      await request(ctx.url).delete(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(204);
      expect(ctx.max.subscriptionsOf(token)).toEqual([]);
      const deletion = ctx.max.callsOf('DELETE', '/subscriptions').find((c) => c.token === token)!;
      expect(deletion.query).toEqual({ url: bot.proxy_url });
      const after = await request(ctx.url).get(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);
      expect(after.body).toMatchObject({ connected: false, url: null, update_types: [], has_secret: false });
    });

    it("answers 400 for a bot without a token, 404 for another user's bot and 502 when the platform refuses", async () => {
      const bare = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'telegram', name: 'Stats' })
        .expect(201);
      for (const method of ['post', 'get', 'delete'] as const) {
        const res = await request(ctx.url)[method](`/api/bots/${bare.body.id}/webhook`).set(bearer(owner)).expect(400);
        expect(res.body).toEqual({ message: Messages.webhookNeedsToken });
      }

      const { bot, token } = await bindTelegramBot(ctx, owner.token);
      const stranger = await registerUser(ctx);
      const foreign = await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(stranger)).expect(404);
      expect(foreign.body).toEqual({ message: Messages.botNotFound });
      expect(ctx.telegram.webhookOf(token)).toBeUndefined();

      ctx.telegram.failNext('setWebhook', {
        error_code: 400,
        description: 'Bad Request: bad webhook: HTTPS url must be provided for webhook',
      });
      const refused = await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(502);
      expect(refused.body).toMatchObject({ message: 'telegram 400' });
      const stored = await ctx.db.query(`SELECT webhook_secret FROM bots WHERE id = $1`, [bot.id]);
      expect(stored.rows[0].webhook_secret).toBeNull();

      await request(ctx.url).get(`/api/bots/${bot.id}/webhook`).expect(401);
    });
  });

  describe('receiving and forwarding', () => {
    it('forwards the same bytes and secret header to target_url and passes its answer back to Telegram as the webhook reply', async () => {
      const { bot, token, secret } = await connectedTelegramBot({ target_url: target.url });
      const reply = '{"method":"sendMessage","chat_id":1,"text":"hi"}';
      target.answer = { status: 200, body: reply, contentType: 'application/json' };

      const update = privateMessage(1, 'hello');
      const delivery = await ctx.telegram.deliverWebhook(token, update);

      expect(delivery).toEqual({ status: 200, body: reply, contentType: 'application/json' });
      expect(target.requests).toHaveLength(1);
      expect(target.requests[0].body.toString('utf8')).toBe(JSON.stringify(update));
      expect(target.requests[0].headers['x-telegram-bot-api-secret-token']).toBe(secret);
      expect(target.requests[0].headers['content-type']).toBe('application/json');
      expect(await botRow(bot.id)).toMatchObject({ last_forward_error: null, last_forward_at: expect.any(String) });
    });

    it('records a webhook reply that sends a message as outbound', async () => {
      const { bot, token } = await connectedTelegramBot({ target_url: target.url });
      target.answer = {
        status: 200,
        body: '{"method":"sendMessage","chat_id":7,"text":"Welcome!"}',
        contentType: 'application/json',
      };
      await ctx.telegram.deliverWebhook(token, privateMessage(7, '/start'));
      await eventually(async () => {
        const out = await ctx.db.query(`SELECT text FROM messages WHERE bot_id = $1 AND direction = 'out'`, [bot.id]);
        expect(out.rows).toEqual([{ text: 'Welcome!' }]);
      });
    });

    it('answers Telegram 200 with an empty body when the target fails, and shows the failure on the bot', async () => {
      const { bot, token } = await connectedTelegramBot({ target_url: target.url });
      target.answer = { status: 500, body: 'boom' };
      const failed = await ctx.telegram.deliverWebhook(token, privateMessage(2, 'one'));
      expect(failed).toMatchObject({ status: 200, body: '' });
      const afterFailure = await botRow(bot.id);
      expect(afterFailure).toMatchObject({ last_forward_error: 'HTTP 500', last_forward_at: expect.any(String) });
      expect(await messageCount(bot.id)).toBe(1);

      target.answer = { status: 200 };
      await ctx.telegram.deliverWebhook(token, privateMessage(2, 'two'));
      expect(await botRow(bot.id)).toMatchObject({ last_forward_error: null, last_forward_at: expect.any(String) });
    });

    it('records ECONNREFUSED for a closed port and ETIMEDOUT for a slow target', async () => {
      const closed = await TargetReceiver.start();
      const closedUrl = closed.url;
      await closed.close();
      const refused = await connectedTelegramBot({ target_url: closedUrl });
      expect(await ctx.telegram.deliverWebhook(refused.token, privateMessage(3, 'hi'))).toMatchObject({
        status: 200,
        body: '',
      });
      expect(await botRow(refused.bot.id)).toMatchObject({
        last_forward_error: 'ECONNREFUSED',
        last_forward_at: expect.any(String),
      });

      // Every instance's forwarder: in fleet mode the delivery may land on either.
      const forwarders = ctx.apps.map((app) => app.get(TargetForwarder));
      forwarders.forEach((forwarder) => (forwarder.timeoutMs = 300));
      try {
        const slow = await connectedTelegramBot({ target_url: target.url });
        target.answer = { status: 200, body: '{"method":"sendMessage","chat_id":4,"text":"late"}', delayMs: 2000 };
        const started = Date.now();
        expect(await ctx.telegram.deliverWebhook(slow.token, privateMessage(4, 'hi'))).toMatchObject({
          status: 200,
          body: '',
        });
        expect(Date.now() - started).toBeLessThan(1500);
        expect(await botRow(slow.bot.id)).toMatchObject({ last_forward_error: 'ETIMEDOUT' });
        expect(await messageCount(slow.bot.id)).toBe(1);
      } finally {
        forwarders.forEach((forwarder) => (forwarder.timeoutMs = 25_000));
      }
    });

    it('does not follow a redirect from the target', async () => {
      const { bot, token } = await connectedTelegramBot({ target_url: target.url });
      target.answer = { status: 302, body: '' };
      expect(await ctx.telegram.deliverWebhook(token, privateMessage(5, 'hi'))).toMatchObject({
        status: 200,
        body: '',
      });
      expect(target.requests).toHaveLength(1);
      expect(await botRow(bot.id)).toMatchObject({ last_forward_error: 'HTTP 302' });
    });

    it('always answers MAX 200 with an empty body, forwarding the update and its secret header', async () => {
      const { bot, token, secret } = await connectedMaxBot({ target_url: target.url });
      target.answer = { status: 201, body: '{"reply":"ignored"}', contentType: 'application/json' };
      const update = {
        update_type: 'bot_started',
        timestamp: Date.now(),
        chat_id: 77,
        user: { user_id: 9, first_name: 'Ivan', is_bot: false },
        payload: 'ads',
      };
      const [delivery] = await ctx.max.deliverWebhook(token, update);
      expect(delivery).toMatchObject({ status: 200, body: '' });
      expect(target.requests[0].body.toString('utf8')).toBe(JSON.stringify(update));
      expect(target.requests[0].headers['x-max-bot-api-secret']).toBe(secret);

      target.answer = { status: 503 };
      const [failed] = await ctx.max.deliverWebhook(token, { ...update, timestamp: Date.now() + 1 });
      expect(failed).toMatchObject({ status: 200, body: '' });
      expect(await botRow(bot.id)).toMatchObject({ last_forward_error: 'HTTP 503' });
    });

    it('answers MAX 403 in its own error format for a deactivated bot, forwarding and recording nothing', async () => {
      const { bot, token } = await connectedMaxBot({ target_url: target.url });
      await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send({ active: false }).expect(200);
      const update = {
        update_type: 'bot_started',
        timestamp: Date.now(),
        chat_id: 78,
        user: { user_id: 10, first_name: 'Olga', is_bot: false },
      };
      const [delivery] = await ctx.max.deliverWebhook(token, update);
      expect({ status: delivery.status, body: JSON.parse(delivery.body) }).toEqual({
        status: 403,
        body: MAX_REFUSALS.deactivated.body,
      });
      expect(target.requests).toHaveLength(0);
      expect(await messageCount(bot.id)).toBe(0);
      // Frees its place: this file binds close to the 20 bots a user may have.
      await request(ctx.url).delete(`/api/bots/${bot.id}`).set(bearer(owner)).expect(204);
    });

    it('stores an update without a target and answers 200 empty', async () => {
      const { bot, token } = await connectedTelegramBot();
      expect(await ctx.telegram.deliverWebhook(token, privateMessage(6, 'no target'))).toEqual({
        status: 200,
        body: '',
        contentType: '',
      });
      expect(await messageCount(bot.id)).toBe(1);
    });
  });

  describe('refusals', () => {
    it('answers 404 "Bot not found" for an unknown bot or a wrong proxy secret', async () => {
      const { bot } = await bindTelegramBot(ctx, owner.token);
      const path = proxyPath(bot.proxy_url as string);
      const wrongSecret = path.replace(/[^/]+$/, 'x'.repeat(32));
      for (const url of [
        wrongSecret,
        `/proxy/00000000-0000-4000-8000-000000000000/${'a'.repeat(32)}`,
        '/proxy/not-a-uuid/secret',
      ]) {
        const res = await request(ctx.url).post(url).send(privateMessage(1, 'x')).expect(404);
        expect(res.body).toEqual({ message: Messages.botNotFound });
      }
    });

    it('takes POST only, with or without a trailing slash or query; other methods and longer paths are ordinary 404s', async () => {
      const { bot } = await bindTelegramBot(ctx, owner.token);
      const path = proxyPath(bot.proxy_url as string);
      await request(ctx.url).post(`${path}/`).send(privateMessage(31, 'slash')).expect(200);
      await request(ctx.url).post(`${path}?from=test`).send(privateMessage(32, 'query')).expect(200);
      expect(await messageCount(bot.id)).toBe(2);
      for (const res of [
        await request(ctx.url).get(path),
        await request(ctx.url).post(`${path}/more`).send(privateMessage(33, 'x')),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).not.toBe(Messages.botNotFound);
      }
      expect(await messageCount(bot.id)).toBe(2);
    });

    it('answers 401 "Invalid webhook secret" when the platform secret header is wrong or missing', async () => {
      const { bot, secret } = await connectedTelegramBot();
      const path = proxyPath(bot.proxy_url as string);
      const wrong = await request(ctx.url)
        .post(path)
        .set('X-Telegram-Bot-Api-Secret-Token', `${secret}x`)
        .send(privateMessage(1, 'x'))
        .expect(401);
      expect(wrong.body).toEqual({ message: Messages.invalidWebhookSecret });
      const missing = await request(ctx.url).post(path).send(privateMessage(1, 'x')).expect(401);
      expect(missing.body).toEqual({ message: Messages.invalidWebhookSecret });
      expect(await messageCount(bot.id)).toBe(0);

      const max = await connectedMaxBot();
      const maxWrong = await request(ctx.url)
        .post(proxyPath(max.bot.proxy_url as string))
        .set('X-Max-Bot-Api-Secret', 'wrong-secret')
        .send({ update_type: 'bot_started', timestamp: Date.now() })
        .expect(401);
      expect(maxWrong.body).toEqual({ message: Messages.invalidWebhookSecret });
    });

    it('answers 400 "Malformed JSON body" and 413 "Request body too large"', async () => {
      const { bot } = await bindTelegramBot(ctx, owner.token, { target_url: target.url });
      const path = proxyPath(bot.proxy_url as string);
      for (const body of ['{"update_id":', '[1,2]', 'null']) {
        const res = await request(ctx.url).post(path).set('content-type', 'application/json').send(body).expect(400);
        expect(res.body).toEqual({ message: Messages.malformedJson });
      }
      const tooLarge = await rawRequest(`${ctx.url}${path}`, {
        headers: { 'content-type': 'application/json', 'content-length': 50 * 1024 * 1024 + 1 },
        chunks: [Buffer.from('{"update_id":1')],
        keepOpen: true,
      });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body.toString('utf8'))).toEqual({ message: Messages.bodyTooLarge });
      expect(target.requests).toHaveLength(0);
    });
  });

  describe('what is stored', () => {
    it('commits the update before answering: the message row exists as soon as the platform has its answer', async () => {
      const { bot, token } = await connectedTelegramBot({ target_url: target.url });
      await ctx.telegram.deliverWebhook(token, privateMessage(11, 'committed first'));
      const rows = await ctx.db.query(`SELECT text, direction FROM messages WHERE bot_id = $1`, [bot.id]);
      expect(rows.rows).toEqual([{ text: 'committed first', direction: 'in' }]);
    });

    it('stores an update delivered twice once', async () => {
      const { bot, token } = await connectedTelegramBot({ target_url: target.url });
      const update = privateMessage(12, 'twice');
      await ctx.telegram.deliverWebhook(token, update);
      await ctx.telegram.deliverWebhook(token, update);
      expect(target.requests).toHaveLength(2);
      expect(await messageCount(bot.id)).toBe(1);
    });

    it('answers 403 in the platform format for a deactivated bot, recording and forwarding nothing; reactivated, it records again', async () => {
      const { bot, token } = await connectedTelegramBot({ target_url: target.url });
      await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send({ active: false }).expect(200);
      const delivery = await ctx.telegram.deliverWebhook(token, privateMessage(13, 'paused'));
      expect({ status: delivery.status, body: JSON.parse(delivery.body) }).toEqual({
        status: 403,
        body: TELEGRAM_REFUSALS.deactivated,
      });
      expect(target.requests).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id]);
      expect(rows.rows[0].n).toBe(0);

      // Activating it again resumes collection with the next update.
      await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send({ active: true }).expect(200);
      await ctx.telegram.deliverWebhook(token, privateMessage(14, 'back'));
      expect(await messageCount(bot.id)).toBe(1);
    });
  });
});
