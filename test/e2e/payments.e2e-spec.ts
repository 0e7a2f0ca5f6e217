import { Bot } from 'grammy';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

// FREE_PLAN_MESSAGE_CAP shrunk so an account reaches the cap in a few messages.
const CAP = 3;

interface Payment {
  id: string;
  charge_id: string;
  amount: number;
  refunded_at: string | null;
  [field: string]: unknown;
}

describe('Payments (issue 26): captured in both modes, reported through the open API, announced', () => {
  let ctx: TestApp;
  let receiver: WebhookReceiver;
  let owner: { token: string; user: { id: string } };
  let writeKey: string;
  let readKey: string;
  let userIds = 7_100_000;

  beforeAll(async () => {
    ctx = await startTestApp({ FREE_PLAN_MESSAGE_CAP: String(CAP) });
    receiver = await WebhookReceiver.start();
    owner = await registerUser(ctx);
    await request(ctx.url).put('/api/billing/tariff').set(bearer(owner)).send({ tariff: 'pro' }).expect(200);
    writeKey = (await issueKey(ctx, owner.token, ['read', 'write'])).key;
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(owner))
      .send({ url: receiver.url, events: ['payment.succeeded', 'payment.refunded'] })
      .expect(201);
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  const v1 = (path: string) => `/api/v1/bots/${path}`;
  const list = async (botId: string, key = readKey): Promise<Payment[]> =>
    (
      await request(ctx.url)
        .get(v1(`${botId}/payments`))
        .set(bearer(key))
        .expect(200)
    ).body.data;
  /** The bot's payments once `count` are stored (the mirror records after answering). */
  const stored = (botId: string, count: number) =>
    eventually(async () => {
      const payments = await list(botId);
      expect(payments).toHaveLength(count);
      return payments;
    });
  const delivered = (event: string, chargeId: string) =>
    receiver.requests
      .map((r) => JSON.parse(r.body) as { event: string; data: Payment })
      .filter((body) => body.event === event && body.data.charge_id === chargeId)
      .map((body) => body.data);
  const telegramUser = () => ({ id: ++userIds, first_name: 'Payer', username: `payer${userIds}` });

  it('mirror: a Stars payment in getUpdates is stored once with its message, refunded by refundStarPayment, announced', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    const payer = telegramUser();
    ctx.telegram.message(token, { from: payer, text: '/start ig' });
    ctx.telegram.pushUpdate(
      token,
      ctx.telegram.successfulPayment(token, { from: payer, chargeId: 'stx-mirror-1', total_amount: 250 }),
    );
    // No offset: the second poll redelivers both updates, as Telegram does until they are confirmed.
    for (let poll = 0; poll < 2; poll++)
      expect((await request(ctx.url).post(`/tg/bot${token}/getUpdates`).send({}).expect(200)).body.result).toHaveLength(
        2,
      );

    const [payment] = await stored(bot.id, 1);
    expect(payment).toEqual({
      id: expect.any(String),
      bot_id: bot.id,
      user_id: String(payer.id),
      amount: 250,
      currency: 'XTR',
      charge_id: 'stx-mirror-1',
      provider_charge_id: null,
      payload: 'stars:100',
      recurring: false,
      first_recurring: false,
      subscription_expires_at: null,
      paid_at: expect.any(String),
      refunded_at: null,
      source_value: 'ig',
      campaign_name: null,
    });
    // The dialog shows the payment's message, without text.
    const messages = await request(ctx.url)
      .get(v1(`${bot.id}/messages`))
      .query({ userId: String(payer.id) })
      .set(bearer(readKey))
      .expect(200);
    expect(messages.body.data.map((m: { text: string }) => m.text).sort()).toEqual(['', '/start ig']);

    // A refund the platform refuses records nothing; the bot's own refund (grammY, JSON) marks the payment refunded.
    const grammy = new Bot(token, { client: { apiRoot: `${ctx.url}/tg` } });
    await expect(grammy.api.refundStarPayment(payer.id + 1, 'stx-mirror-1')).rejects.toThrow('CHARGE_ID_INVALID');
    await grammy.api.refundStarPayment(payer.id, 'stx-mirror-1');
    const [refunded] = await eventually(async () => {
      const payments = await list(bot.id);
      expect(payments[0].refunded_at).not.toBeNull();
      return payments;
    });
    // Telegram's refunded_payment message after the call changes nothing: the refund is recorded once.
    ctx.telegram.pushUpdate(token, ctx.telegram.refundedPayment(token, 'stx-mirror-1'));
    await request(ctx.url).post(`/tg/bot${token}/getUpdates`).send({}).expect(200);
    await eventually(async () =>
      expect(
        (await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id])).rows[0].n,
      ).toBe(3),
    );
    expect(await list(bot.id)).toEqual([refunded]);

    await eventually(() => expect(delivered('payment.refunded', 'stx-mirror-1')).toHaveLength(1));
    expect(delivered('payment.succeeded', 'stx-mirror-1')).toEqual([payment]);
    expect(delivered('payment.refunded', 'stx-mirror-1')).toEqual([refunded]);
  });

  it('mirror: refundStarPayment in any case, urlencoded or in the query, is read as the other calls are', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    const payer = telegramUser();
    for (const chargeId of ['stx-form', 'stx-query'])
      ctx.telegram.pushUpdate(token, ctx.telegram.successfulPayment(token, { from: payer, chargeId }));
    await request(ctx.url).post(`/tg/bot${token}/getUpdates`).send({}).expect(200);
    await stored(bot.id, 2);

    await request(ctx.url)
      .post(`/tg/bot${token}/REFUNDSTARPAYMENT`)
      .type('form')
      .send({ user_id: String(payer.id), telegram_payment_charge_id: 'stx-form' })
      .expect(200, { ok: true, result: true });
    await request(ctx.url)
      .get(`/tg/bot${token}/refundStarPayment`)
      .query({ user_id: payer.id, telegram_payment_charge_id: 'stx-query' })
      .expect(200, { ok: true, result: true });
    await eventually(async () => expect((await list(bot.id)).map((p) => p.refunded_at !== null)).toEqual([true, true]));
  });

  it('proxy, polling mode: a payment delivered twice is stored once, the bot still polls it, refunded_payment refunds it', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token, { target_url: 'polling' });
    await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);
    const hook = ctx.telegram.webhookOf(token)!;
    hook.url = hook.url.replace(ctx.config.publicBaseUrl, ctx.url);
    const payer = telegramUser();
    const paid = { update_id: 9001, ...ctx.telegram.successfulPayment(token, { from: payer, chargeId: 'stx-proxy' }) };
    for (let delivery = 0; delivery < 2; delivery++)
      expect((await ctx.telegram.deliverWebhook(token, paid)).status).toBe(200);

    // Committed before the webhook was answered.
    const [payment] = await list(bot.id);
    expect(payment).toMatchObject({ charge_id: 'stx-proxy', user_id: String(payer.id), refunded_at: null });
    // The bot polls the held update through the mirror, which records nothing again.
    const polled = await request(ctx.url).post(`/tg/bot${token}/getUpdates`).send({}).expect(200);
    expect(polled.body.result.map((u: { update_id: number }) => u.update_id)).toEqual([9001]);

    const refundedAt = Math.floor(Date.now() / 1000);
    expect(
      (await ctx.telegram.deliverWebhook(token, ctx.telegram.refundedPayment(token, 'stx-proxy', refundedAt))).status,
    ).toBe(200);
    expect(await list(bot.id)).toEqual([{ ...payment, refunded_at: new Date(refundedAt * 1000).toISOString() }]);
  });

  describe('the open API', () => {
    let maxBot: { id: string };
    const maxUser = 8_800_001;

    beforeAll(async () => {
      const { bot, token } = await bindMaxBot(ctx, owner.token);
      maxBot = bot;
      ctx.max.messageCreated(token, { sender: { user_id: maxUser, first_name: 'Max' }, text: 'hello' });
      await request(ctx.url).get('/max/updates').set('Authorization', token).expect(200);
      await eventually(async () =>
        request(ctx.url)
          .get(v1(`${maxBot.id}/contacts/${maxUser}`))
          .set(bearer(readKey))
          .expect(200),
      );
    });

    const record = (body: Record<string, unknown>, key = writeKey, botId = maxBot.id) =>
      request(ctx.url)
        .post(v1(`${botId}/payments`))
        .set(bearer(key))
        .send(body);
    const refund = (chargeId: string, body: Record<string, unknown> = {}, key = writeKey) =>
      request(ctx.url)
        .post(v1(`${maxBot.id}/payments/${encodeURIComponent(chargeId)}/refund`))
        .set(bearer(key))
        .send(body);
    const order = { user_id: maxUser, amount: 49900, currency: 'RUB', charge_id: 'order/1', payload: 'plan:pro' };

    it('records a payment taken elsewhere (201), the same again (200), other fields (409); refunds it (200, twice)', async () => {
      const created = await record({ ...order, paid_at: '2026-01-15T10:00:00+03:00' }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        bot_id: maxBot.id,
        user_id: String(maxUser),
        amount: 49900,
        currency: 'RUB',
        charge_id: 'order/1',
        provider_charge_id: null,
        payload: 'plan:pro',
        recurring: false,
        first_recurring: false,
        subscription_expires_at: null,
        paid_at: '2026-01-15T07:00:00.000Z',
        refunded_at: null,
        source_value: null,
        campaign_name: null,
      });
      expect((await record({ ...order, user_id: String(maxUser) }).expect(200)).body).toEqual(created.body);
      expect((await record({ ...order, amount: 49901 }).expect(409)).body).toEqual({
        message: Messages.paymentConflict,
      });

      const refunded = await refund('order/1', { refunded_at: '2026-01-16T00:00:00Z' }).expect(200);
      expect(refunded.body).toEqual({ ...created.body, refunded_at: '2026-01-16T00:00:00.000Z' });
      expect((await refund('order/1').expect(200)).body).toEqual(refunded.body);

      await eventually(() => expect(delivered('payment.refunded', 'order/1')).toHaveLength(1));
      expect(delivered('payment.succeeded', 'order/1')).toEqual([created.body]);
      expect(delivered('payment.refunded', 'order/1')).toEqual([refunded.body]);
    });

    it('works for an analytics-only bot, and the cabinet reads the same list under the session', async () => {
      const analytics = (
        await request(ctx.url)
          .post('/api/bots')
          .set(bearer(owner))
          .send({ platform: 'telegram', name: 'Analytics only' })
          .expect(201)
      ).body;
      const payer = telegramUser();
      const update = {
        update_id: 1,
        message: { message_id: 1, from: { ...payer, is_bot: false }, chat: { id: payer.id, type: 'private' }, date: 1 },
      };
      await request(ctx.url)
        .post(analytics.proxy_url.replace(ctx.config.publicBaseUrl, ''))
        .send({ ...update, message: { ...update.message, text: 'hi', date: Math.floor(Date.now() / 1000) } })
        .expect(200);
      await record({ user_id: payer.id, amount: 5, currency: 'XTR', charge_id: 'a-1' }, writeKey, analytics.id).expect(
        201,
      );
      const open = await list(analytics.id);
      expect(open).toMatchObject([{ charge_id: 'a-1', amount: 5, user_id: String(payer.id) }]);
      const cabinet = await request(ctx.url).get(`/api/bots/${analytics.id}/payments`).set(bearer(owner)).expect(200);
      expect(cabinet.body).toEqual({ data: open, next_before: null });
      await request(ctx.url).get(`/api/bots/${analytics.id}/payments`).set(bearer(readKey)).expect(401);
    });

    it('pages the list with next_before, filters by user_id, refuses bad parameters', async () => {
      for (const n of [1, 2, 3])
        await record({ ...order, charge_id: `page-${n}`, paid_at: `2026-02-0${n}T00:00:00Z` }).expect(201);
      const first = await request(ctx.url)
        .get(v1(`${maxBot.id}/payments`))
        .query({ limit: 2, user_id: maxUser })
        .set(bearer(readKey))
        .expect(200);
      expect(first.body.data.map((p: Payment) => p.charge_id)).toEqual(['page-3', 'page-2']);
      expect(first.body.next_before).toBe(`2026-02-02T00:00:00.000Z_${first.body.data[1].id}`);
      const second = await request(ctx.url)
        .get(v1(`${maxBot.id}/payments`))
        .query({ limit: 2, before: first.body.next_before })
        .set(bearer(readKey))
        .expect(200);
      expect(second.body.data.map((p: Payment) => p.charge_id)).toEqual(['page-1', 'order/1']);
      for (const [query, message] of [
        [{ limit: 0 }, Messages.badLimit],
        [{ limit: 1001 }, Messages.badLimit],
        [{ limit: '1.5' }, Messages.badLimit],
        [{ before: 'last week' }, Messages.badBefore],
        [{ user_id: 'ann' }, Messages.badUserId],
      ] as const)
        expect(
          (
            await request(ctx.url)
              .get(v1(`${maxBot.id}/payments`))
              .query(query)
              .set(bearer(readKey))
              .expect(400)
          ).body,
        ).toEqual({ message });
    });

    it.each([
      ['an amount as a string', { amount: '49900' }, Messages.badAmount],
      ['a fractional amount', { amount: 1.5 }, Messages.badAmount],
      ['a zero amount', { amount: 0 }, Messages.badAmount],
      ['a negative amount', { amount: -1 }, Messages.badAmount],
      ['an amount over 10^12', { amount: 1_000_000_000_001 }, Messages.badAmount],
      ['no amount', { amount: undefined }, Messages.badAmount],
      ['a lower-case currency', { currency: 'rub' }, Messages.badCurrency],
      ['a four-letter currency', { currency: 'RUBL' }, Messages.badCurrency],
      ['no user_id', { user_id: undefined }, Messages.badUserId],
      ['a user_id that is no platform id', { user_id: '@max' }, Messages.badUserId],
      ['an empty charge_id', { charge_id: '' }, Messages.badChargeId],
      ['a charge_id over 255 characters', { charge_id: 'c'.repeat(256) }, Messages.badChargeId],
      ['an empty payload', { payload: '' }, Messages.badPayload],
      ['a payload over 4096 characters', { payload: 'p'.repeat(4097) }, Messages.badPayload],
      ['paid_at that is no time', { paid_at: 'yesterday' }, Messages.badPaidAt],
      ['paid_at in the future', { paid_at: new Date(Date.now() + 3_600_000).toISOString() }, Messages.badPaidAt],
    ])('refuses %s with 400', async (_, change, message) => {
      const res = await record({ ...order, charge_id: 'never-stored', ...change }).expect(400);
      expect(res.body).toEqual({ message });
    });

    it('answers 404 for an unknown contact, an unknown charge or another account; 403 for a read-only key', async () => {
      expect((await record({ ...order, user_id: 1, charge_id: 'x-1' }).expect(404)).body).toEqual({
        message: Messages.contactNotFound,
      });
      expect((await refund('no-such-charge').expect(404)).body).toEqual({ message: Messages.paymentNotFound });
      expect((await refund('order/1', { refunded_at: 'soon' }).expect(400)).body).toEqual({
        message: Messages.badRefundedAt,
      });
      expect((await record({ ...order, charge_id: 'x-2' }, readKey).expect(403)).body).toEqual({
        message: Messages.scopeRequired('write'),
      });
      expect((await refund('order/1', {}, readKey).expect(403)).body).toEqual({
        message: Messages.scopeRequired('write'),
      });
      const stranger = await registerUser(ctx);
      const theirKey = (await issueKey(ctx, stranger.token, ['read', 'write'])).key;
      expect((await record({ ...order, charge_id: 'x-3' }, theirKey).expect(404)).body).toEqual({
        message: Messages.botNotFound,
      });
      await request(ctx.url)
        .get(v1(`${maxBot.id}/payments`))
        .set(bearer(theirKey))
        .expect(404);
      expect(await ctx.db.query(`SELECT charge_id FROM payments WHERE charge_id LIKE 'x-%'`)).toMatchObject({
        rows: [],
      });
    });
  });

  it('the free cap never drops payments: past it a payment is stored and its payer created, the message is not', async () => {
    const free = await registerUser(ctx);
    const { bot, token } = await bindTelegramBot(ctx, free.token);
    const key = (await issueKey(ctx, free.token, ['read', 'write'])).key;
    const regular = telegramUser();
    for (let n = 0; n < CAP; n++) ctx.telegram.message(token, { from: regular, text: `message ${n}` });
    const payer = telegramUser();
    ctx.telegram.pushUpdate(token, ctx.telegram.successfulPayment(token, { from: payer, chargeId: 'stx-capped' }));
    await request(ctx.url).post(`/tg/bot${token}/getUpdates`).send({}).expect(200);

    await eventually(async () => expect((await list(bot.id, key)).map((p) => p.charge_id)).toEqual(['stx-capped']));
    await request(ctx.url)
      .get(v1(`${bot.id}/contacts/${payer.id}`))
      .set(bearer(key))
      .expect(200);
    // Reported past the cap too.
    await request(ctx.url)
      .post(v1(`${bot.id}/payments`))
      .set(bearer(key))
      .send({ user_id: regular.id, amount: 10, currency: 'XTR', charge_id: 'api-capped' })
      .expect(201);
    const me = await request(ctx.url).get('/api/me').set(bearer(free)).expect(200);
    expect(me.body.usage).toEqual({ messages_this_month: CAP, cap: CAP });
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id])).rows[0].n).toBe(
      CAP,
    );
  });
});
