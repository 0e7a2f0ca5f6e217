import { Bot as MaxBot } from '@maxhub/max-bot-api';
import { Bot as TelegramBot } from 'grammy';
import request from 'supertest';
import { ConnectionWatch } from '../../src/metrics/connection-watch';
import { RedisClient } from '../../src/queue/redis';
import { HeldUpdateSignal } from '../../src/polling/held-update-signal';
import { HELD_UPDATES_MAX_PER_BOT, HeldUpdatesStore } from '../../src/polling/held-updates.store';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

type Update = Record<string, unknown>;

describe('Polling mode: proxy-webhook for a bot that keeps polling (contract §5)', () => {
  let ctx: TestApp;
  let owner: { token: string };
  let updateIds = 1000;
  const privateMessage = (text: string, updateId = ++updateIds): Update => ({
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 42, type: 'private', first_name: 'Ann' },
      from: { id: 42, is_bot: false, first_name: 'Ann' },
      text,
    },
  });
  let maxTime = Date.now();
  const maxMessage = (text: string, type = 'message_created'): Update => ({
    update_type: type,
    timestamp: ++maxTime,
    message: {
      sender: { user_id: 77, first_name: 'Ivan', is_bot: false },
      recipient: { chat_id: 1077, chat_type: 'dialog', user_id: 5 },
      timestamp: maxTime,
      body: { mid: `mid.${maxTime}`, seq: maxTime, text },
    },
  });

  /** The proxy URL as the fakes can reach it: PUBLIC_BASE_URL is not a loopback address (the test stands in for DNS). */
  const reachable = (proxyUrl: string) => proxyUrl.replace(ctx.config.publicBaseUrl, ctx.url);

  async function pollingTelegramBot() {
    const bound = await bindTelegramBot(ctx, owner.token, { target_url: 'polling' });
    await request(ctx.url).post(`/api/bots/${bound.bot.id}/webhook`).set(bearer(owner)).expect(200);
    const hook = ctx.telegram.webhookOf(bound.token)!;
    hook.url = reachable(hook.url);
    const deliver = async (update: Update) =>
      expect((await ctx.telegram.deliverWebhook(bound.token, update)).status).toBe(200);
    const call = (method: string, params: Record<string, unknown> = {}) =>
      request(ctx.url).post(`/tg/bot${bound.token}/${method}`).send(params);
    // Calls the bot makes from here on; the session API's own calls came before.
    const mark = ctx.telegram.calls.length;
    const forwarded = (method: string) =>
      ctx.telegram.calls.slice(mark).filter((c) => c.token === bound.token && c.method === method.toLowerCase());
    return { ...bound, hookUrl: hook.url, deliver, call, forwarded };
  }

  async function pollingMaxBot() {
    const bound = await bindMaxBot(ctx, owner.token, { target_url: 'polling' });
    await request(ctx.url).post(`/api/bots/${bound.bot.id}/webhook`).set(bearer(owner)).expect(200);
    const [subscription] = ctx.max.subscriptionsOf(bound.token);
    subscription.url = reachable(subscription.url);
    const deliver = async (update: Update) => {
      const deliveries = await ctx.max.deliverWebhook(bound.token, update as { update_type: string });
      expect(deliveries.map((d) => d.status)).toEqual([200]);
    };
    const getUpdates = (query: Record<string, string | number>) =>
      request(ctx.url).get('/max/updates').query(query).set('Authorization', bound.token).expect(200);
    const mark = ctx.max.calls.length;
    const forwarded = (method: string, path: string) =>
      ctx.max.calls.slice(mark).filter((c) => c.token === bound.token && c.method === method && c.path === path);
    return { ...bound, subscriptionUrl: subscription.url, deliver, getUpdates, forwarded };
  }

  const heldCount = async (botId: string) =>
    (await ctx.db.query(`SELECT count(*)::int AS n FROM held_updates WHERE bot_id = $1`, [botId])).rows[0].n;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
  });
  afterAll(() => ctx.close());

  describe('Telegram', () => {
    it('a grammY bot polling through the mirror receives the pushed updates in order, and the proxy webhook stays set', async () => {
      const { bot, token, hookUrl, deliver, forwarded } = await pollingTelegramBot();
      const seen: string[] = [];
      const grammy = new TelegramBot(token, { client: { apiRoot: `${ctx.url}/tg` } });
      grammy.on('message:text', (c) => {
        seen.push(c.message.text);
      });
      await new Promise<void>((resolve, reject) => {
        grammy.start({ onStart: () => resolve() }).catch(reject);
      });

      for (const text of ['one', 'two', 'three']) await deliver(privateMessage(text));
      await eventually(() => expect(seen).toEqual(['one', 'two', 'three']));
      await grammy.stop();

      // grammY's start-up deleteWebhook was answered by Botlens: the platform's webhook is still the proxy.
      expect(ctx.telegram.webhookOf(token)).toMatchObject({ url: hookUrl });
      expect(forwarded('deleteWebhook')).toEqual([]);
      expect(forwarded('getUpdates')).toEqual([]);
      expect(forwarded('getMe')).toHaveLength(1);
      // stop() confirmed the last offset, so nothing stays held; the facts were stored by the receiver.
      expect(await heldCount(bot.id)).toBe(0);
      const stored = await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id]);
      expect(stored.rows[0].n).toBe(3);
    });

    it('getUpdates keeps Telegram offset semantics: repeat until confirmed, limit, negative offset', async () => {
      const { bot, deliver, call } = await pollingTelegramBot();
      const ids = [];
      for (const text of ['a', 'b', 'c', 'd']) {
        const update = privateMessage(text);
        ids.push(update.update_id as number);
        await deliver(update);
      }
      const first = await call('getUpdates', {}).expect(200);
      expect(first.body.ok).toBe(true);
      expect(first.body.result.map((u: Update) => u.update_id)).toEqual(ids);

      const again = await call('getUpdates', { limit: 2 }).expect(200);
      expect(again.body.result.map((u: Update) => u.update_id)).toEqual(ids.slice(0, 2));

      const confirmed = await call('getUpdates', { offset: ids[1] + 1 }).expect(200);
      expect(confirmed.body.result.map((u: Update) => u.update_id)).toEqual(ids.slice(2));
      expect(await heldCount(bot.id)).toBe(2);

      const tail = await call('getUpdates', { offset: -1 }).expect(200);
      expect(tail.body.result.map((u: Update) => u.update_id)).toEqual([ids[3]]);
      expect(await heldCount(bot.id)).toBe(1);

      const done = await call('getUpdates', { offset: ids[3] + 1 }).expect(200);
      expect(done.body).toEqual({ ok: true, result: [] });
      expect(await heldCount(bot.id)).toBe(0);
    });

    it('serves an update exactly as the platform pushed it', async () => {
      const { deliver, call } = await pollingTelegramBot();
      const update = privateMessage('exact bytes');
      await deliver(update);
      const res = await call('getUpdates', {}).expect(200);
      expect(res.text).toBe(`{"ok":true,"result":[${JSON.stringify(update)}]}`);
    });

    it('does not lose an update that commits after a later one was handed out', async () => {
      const { deliver, call } = await pollingTelegramBot();
      await deliver(privateMessage('later', 2011));
      expect((await call('getUpdates', {}).expect(200)).body.result.map((u: Update) => u.update_id)).toEqual([2011]);
      await deliver(privateMessage('earlier', 2010));
      const next = await call('getUpdates', { offset: 2012 }).expect(200);
      expect(next.body.result.map((u: Update) => u.update_id)).toEqual([2010]);
    });

    it('a long poll waits and wakes as soon as an update is held', async () => {
      const { deliver, call } = await pollingTelegramBot();
      const started = Date.now();
      const poll = call('getUpdates', { timeout: 10 }).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deliver(privateMessage('wake up'));
      const res = await poll;
      expect(res.body.result.map((u: Update) => (u.message as { text: string }).text)).toEqual(['wake up']);
      expect(Date.now() - started).toBeLessThan(3000);

      const emptyStart = Date.now();
      const empty = await call('getUpdates', {
        offset: (res.body.result[0].update_id as number) + 1,
        timeout: 1,
      }).expect(200);
      expect(empty.body).toEqual({ ok: true, result: [] });
      expect(Date.now() - emptyStart).toBeGreaterThanOrEqual(900);
    });

    it('answers the webhook calls locally: deleteWebhook (dropping when asked), getWebhookInfo, and refuses setWebhook', async () => {
      const { bot, token, hookUrl, deliver, call, forwarded } = await pollingTelegramBot();
      await deliver(privateMessage('held'));

      const info = await call('getWebhookInfo').expect(200);
      expect(info.body).toEqual({
        ok: true,
        result: { url: '', has_custom_certificate: false, pending_update_count: 1 },
      });

      const set = await call('setWebhook', { url: 'https://example.com/hook' }).expect(409);
      expect(set.body).toMatchObject({
        ok: false,
        error_code: 409,
        description: expect.stringContaining('polling mode'),
      });

      expect((await call('deleteWebhook').expect(200)).body).toEqual({
        ok: true,
        result: true,
        description: 'Webhook was deleted',
      });
      expect(await heldCount(bot.id)).toBe(1);
      await call('deleteWebhook', { drop_pending_updates: true }).expect(200);
      expect(await heldCount(bot.id)).toBe(0);

      expect(ctx.telegram.webhookOf(token)).toMatchObject({ url: hookUrl });
      for (const method of ['deleteWebhook', 'setWebhook', 'getWebhookInfo', 'getUpdates'])
        expect(forwarded(method)).toEqual([]);
      // Every other call still goes to the platform.
      await call('getMe').expect(200);
      expect(forwarded('getMe')).toHaveLength(1);
    });
  });

  describe('MAX', () => {
    it('a @maxhub/max-bot-api bot polling through the mirror receives the pushed updates in order, and the subscription stays', async () => {
      const { token, subscriptionUrl, deliver, forwarded } = await pollingMaxBot();
      const seen: string[] = [];
      const maxBot = new MaxBot(token, { clientOptions: { baseUrl: `${ctx.url}/max/` } });
      maxBot.on('message_created', (c) => {
        seen.push(c.message?.body.text ?? '');
      });
      void maxBot.start();
      // The library reports its own aborted poll on stop() as an error (it does not treat a DOMException as one).
      const quiet = jest.spyOn(console, 'error').mockImplementation((first: unknown) => {
        if (!String(first).startsWith('Unhandled error while polling')) process.stderr.write(`${String(first)}\n`);
      });
      try {
        for (const text of ['first', 'second', 'third']) await deliver(maxMessage(text));
        await eventually(() => expect(seen).toEqual(['first', 'second', 'third']));
      } finally {
        maxBot.stop();
        await new Promise((resolve) => setTimeout(resolve, 100));
        quiet.mockRestore();
      }
      // The library listed the subscriptions (answered: none) and so deleted nothing; the proxy subscription stays.
      expect(ctx.max.subscriptionsOf(token).map((s) => s.url)).toEqual([subscriptionUrl]);
      expect(forwarded('DELETE', '/subscriptions')).toEqual([]);
      expect(forwarded('GET', '/subscriptions')).toEqual([]);
      expect(forwarded('GET', '/updates')).toEqual([]);
      expect(forwarded('GET', '/me')).toHaveLength(1);
    });

    it('GET /updates keeps marker semantics, limit and the types filter', async () => {
      const { bot, deliver, getUpdates } = await pollingMaxBot();
      const pushed = [maxMessage('m1'), maxMessage('m2'), maxMessage('edited', 'message_edited'), maxMessage('m3')];
      for (const update of pushed) await deliver(update);

      const all = await getUpdates({ timeout: 0 });
      expect(all.body.updates).toEqual(pushed);
      expect(typeof all.body.marker).toBe('number');

      const limited = await getUpdates({ timeout: 0, limit: 2 });
      expect(limited.body.updates).toEqual(pushed.slice(0, 2));
      const rest = await getUpdates({ timeout: 0, marker: limited.body.marker });
      expect(rest.body.updates).toEqual(pushed.slice(2));
      expect(await heldCount(bot.id)).toBe(2);

      const edits = await getUpdates({ timeout: 0, types: 'message_edited' });
      expect(edits.body.updates).toEqual([pushed[2]]);
      // Past the marker, the skipped message_created counts as read too.
      const after = await getUpdates({ timeout: 0, marker: edits.body.marker, types: 'message_edited' });
      expect(after.body.updates).toEqual([]);
      const none = await getUpdates({ timeout: 0, marker: after.body.marker });
      expect(none.body).toEqual({ updates: [], marker: after.body.marker });
      expect(await heldCount(bot.id)).toBe(0);
    });

    it('a marker Botlens never handed out confirms nothing', async () => {
      const { deliver, getUpdates } = await pollingMaxBot();
      const update = maxMessage('kept');
      await deliver(update);
      const res = await getUpdates({ timeout: 0, marker: 9_000_000_000 });
      expect(res.body.updates).toEqual([update]);
    });

    it('a long poll without a timeout waits (MAX defaults to 30 s) and wakes as soon as an update is held', async () => {
      const { deliver, getUpdates } = await pollingMaxBot();
      const started = Date.now();
      const poll = getUpdates({});
      await new Promise((resolve) => setTimeout(resolve, 300));
      const update = maxMessage('wake');
      await deliver(update);
      expect((await poll).body.updates).toEqual([update]);
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('answers the subscription calls locally and refuses a new subscription', async () => {
      const { token, subscriptionUrl, forwarded } = await pollingMaxBot();
      const max = (method: 'get' | 'post' | 'delete', path: string) =>
        request(ctx.url)[method](`/max${path}`).set('Authorization', token);
      expect((await max('get', '/subscriptions').expect(200)).body).toEqual({ subscriptions: [] });
      expect(
        (await max('delete', `/subscriptions?url=${encodeURIComponent(subscriptionUrl)}`).expect(200)).body,
      ).toEqual({ success: true });
      const refused = await max('post', '/subscriptions').send({ url: 'https://example.com/hook' }).expect(409);
      expect(refused.body).toMatchObject({ code: 'polling.mode' });
      expect(ctx.max.subscriptionsOf(token).map((s) => s.url)).toEqual([subscriptionUrl]);
      expect([
        ...forwarded('GET', '/subscriptions'),
        ...forwarded('DELETE', '/subscriptions'),
        ...forwarded('POST', '/subscriptions'),
      ]).toEqual([]);
    });
  });

  it('holds a redelivered update once, on both platforms', async () => {
    const telegram = await pollingTelegramBot();
    const update = privateMessage('again');
    await telegram.deliver(update);
    await telegram.deliver(update);
    expect((await telegram.call('getUpdates', {}).expect(200)).body.result).toEqual([update]);

    const max = await pollingMaxBot();
    const pushed = maxMessage('again');
    await max.deliver(pushed);
    await max.deliver(pushed);
    expect((await max.getUpdates({ timeout: 0 })).body.updates).toEqual([pushed]);
  });

  it('keeps at most 24 hours and 100,000 updates per bot', async () => {
    const { bot } = await pollingTelegramBot();
    const total = HELD_UPDATES_MAX_PER_BOT + 5;
    await ctx.db.query(
      `INSERT INTO held_updates (bot_id, seq, update_id, update_type, dedupe_key, body, held_at)
       SELECT $1, n, n, 'message', 'tg:' || n, '{}', now() - CASE WHEN n <= 3 THEN interval '25 hours' ELSE interval '1 hour' END
       FROM generate_series(1, $2::int) AS n`,
      [bot.id, total],
    );
    await ctx.db.query(`INSERT INTO held_update_cursors (bot_id, last_seq) VALUES ($1, $2)`, [bot.id, total]);
    await ctx.app.get(HeldUpdatesStore).prune();
    const left = await ctx.db.query(
      `SELECT count(*)::int AS n, min(seq)::int AS first FROM held_updates WHERE bot_id = $1`,
      [bot.id],
    );
    expect(left.rows[0]).toEqual({ n: HELD_UPDATES_MAX_PER_BOT, first: 6 });
  });

  it('wakes long polls on another instance through Redis', async () => {
    const watch = ctx.app.get(ConnectionWatch);
    const redis = new RedisClient(ctx.config, watch);
    const other = new HeldUpdateSignal(ctx.config, redis, watch);
    other.onModuleInit();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const waiting = other.wait('bot-on-other-instance', other.version('bot-on-other-instance'), 5000);
      ctx.app.get(HeldUpdateSignal).notify('bot-on-other-instance');
      await waiting;
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await other.onApplicationShutdown();
      await redis.onApplicationShutdown();
    }
  });
});
