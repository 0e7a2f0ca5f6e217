import { getQueueToken } from '@nestjs/bullmq';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Queue } from 'bullmq';
import { Bot } from 'grammy';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureService } from '../../src/ingest/capture.service';
import { IngestWriter } from '../../src/ingest/ingest-writer';
import { MAIL_QUEUE } from '../../src/mail/mail.constants';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { TargetReceiver } from './support/target-receiver';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

// FREE_PLAN_MESSAGE_CAP shrunk so crossing the cap takes a handful of messages.
const CAP = 5;
const CAP_MAIL_SUBJECT = /лимит бесплатного тарифа/;

describe("Tariffs and the free plan's cap (issue 5)", () => {
  let ctx: TestApp;
  const me = async (session: string) => (await request(ctx.url).get('/api/me').set(bearer(session)).expect(200)).body;
  /** Texts of the bot's stored messages, in no particular order (concurrent batches commit in any order). */
  const storedTexts = async (botId: string): Promise<string[]> =>
    (await ctx.db.query(`SELECT text FROM messages WHERE bot_id = $1 ORDER BY text`, [botId])).rows.map(
      (row) => row.text,
    );
  /** Every fact handed to the ingest so far is committed or dropped (the writer's drain, without shutting it down). */
  // Every instance's writer: in fleet mode the mirror calls land on either.
  const ingestSettled = () =>
    Promise.all(ctx.apps.map((app) => app.get(IngestWriter).beforeApplicationShutdown())).then(() => undefined);
  const capMailsTo = (email: string) =>
    ctx.smtp.messages.filter((m) => m.to.includes(email) && CAP_MAIL_SUBJECT.test(m.subject));
  /** Every queued mail has reached the SMTP catcher (or failed for good). */
  const mailsSent = () =>
    eventually(async () => {
      const counts = await ctx.app
        .get<Queue>(getQueueToken(MAIL_QUEUE))
        .getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    });

  beforeAll(async () => {
    ctx = await startTestApp({ FREE_PLAN_MESSAGE_CAP: String(CAP) });
  });
  afterAll(() => ctx.close());

  describe('GET /api/tariffs', () => {
    it('lists free, pro and business with price, monthly cap and team size, without sign-in', async () => {
      const res = await request(ctx.url).get('/api/tariffs').expect(200);
      expect(res.body).toEqual({
        data: [
          { code: 'free', name: 'Free', price_month: 0, currency: 'RUB', message_cap: CAP, team_size: 1 },
          { code: 'pro', name: 'Pro', price_month: 990, currency: 'RUB', message_cap: null, team_size: 1 },
          { code: 'business', name: 'Business', price_month: 2990, currency: 'RUB', message_cap: null, team_size: 10 },
        ],
      });
    });
  });

  describe('PUT /api/billing/tariff and GET /api/billing/invoices', () => {
    it('the owner changes the plan and gets an invoice; /api/me shows the plan, with no cap on a paid one', async () => {
      const owner = await registerUser(ctx);
      expect((await me(owner.token)).usage).toEqual({ messages_this_month: 0, cap: CAP });

      const res = await request(ctx.url)
        .put('/api/billing/tariff')
        .set(bearer(owner))
        .send({ tariff: 'pro' })
        .expect(200);
      expect(res.body).toEqual({
        tariff: 'pro',
        invoice: {
          id: expect.any(String),
          tariff: 'pro',
          previous_tariff: 'free',
          amount: 990,
          currency: 'RUB',
          changed_by: 'owner',
          created_at: expect.any(String),
        },
      });
      expect(await me(owner.token)).toMatchObject({ tariff: 'pro', usage: { messages_this_month: 0, cap: null } });
    });

    it('lists the plan changes newest first, each marked as made by the owner', async () => {
      const owner = await registerUser(ctx);
      const first = await request(ctx.url)
        .put('/api/billing/tariff')
        .set(bearer(owner))
        .send({ tariff: 'business' })
        .expect(200);
      const second = await request(ctx.url)
        .put('/api/billing/tariff')
        .set(bearer(owner))
        .send({ tariff: 'free' })
        .expect(200);

      const res = await request(ctx.url).get('/api/billing/invoices').set(bearer(owner)).expect(200);
      expect(res.body.data).toEqual([second.body.invoice, first.body.invoice]);
      expect(res.body.data).toMatchObject([
        { tariff: 'free', previous_tariff: 'business', amount: 0, changed_by: 'owner' },
        { tariff: 'business', previous_tariff: 'free', amount: 2990, changed_by: 'owner' },
      ]);
      expect(await me(owner.token)).toMatchObject({ tariff: 'free', usage: { cap: CAP } });
    });

    it('answers 409 "Этот тариф уже подключён" for the plan already in use', async () => {
      const owner = await registerUser(ctx);
      const res = await request(ctx.url)
        .put('/api/billing/tariff')
        .set(bearer(owner))
        .send({ tariff: 'free' })
        .expect(409);
      expect(res.body).toEqual({ message: Messages.tariffUnchanged });
    });

    it.each([
      ['an unknown plan', { tariff: 'gold' }],
      ['no plan', {}],
    ])('answers 400 for %s', async (_, body) => {
      const owner = await registerUser(ctx);
      const res = await request(ctx.url).put('/api/billing/tariff').set(bearer(owner)).send(body).expect(400);
      expect(res.body).toEqual({ message: 'tariff must be one of free, pro, business' });
    });

    it('answers 401 without a session', async () => {
      const change = await request(ctx.url).put('/api/billing/tariff').send({ tariff: 'pro' }).expect(401);
      expect(change.body).toEqual({ message: Messages.sessionRequired });
      const invoices = await request(ctx.url).get('/api/billing/invoices').expect(401);
      expect(invoices.body).toEqual({ message: Messages.sessionRequired });
    });
  });

  describe("the free plan's cap stops recording, never forwarding", () => {
    let owner: { email: string; token: string; user: { id: string } };
    let botId: string;
    let token: string;
    let bot: Bot;
    let polling: Promise<void>;
    const received: string[] = [];
    const replied: string[] = [];
    const events: Array<{ bot_id: string }> = [];
    let nextUser = 7000;

    /** A user writes to the grammY bot, which answers; resolves once the answer is back with the bot and recorded (or dropped). */
    async function exchange(text: string): Promise<void> {
      const before = replied.length;
      ctx.telegram.message(token, { from: { id: ++nextUser, first_name: 'Ann' }, text });
      await eventually(() => expect(replied.length).toBe(before + 1));
      await ingestSettled();
    }

    beforeAll(async () => {
      owner = await registerUser(ctx);
      const bound = await bindTelegramBot(ctx, owner.token);
      botId = bound.bot.id;
      token = bound.token;
      // Message events stay on the instance that stored them: listen on every instance's bus.
      for (const bus of ctx.apps.map((app) => app.get(EventEmitter2))) {
        for (const name of ['contact.created', 'message.created', 'message.outbound']) {
          bus.on(name, (payload: { bot_id: string }) => payload.bot_id === botId && events.push(payload));
        }
      }
      bot = new Bot(token, { client: { apiRoot: `${ctx.url}/tg` } });
      bot.on('message:text', async (c) => {
        received.push(c.message.text);
        await c.reply(`echo: ${c.message.text}`);
        replied.push(c.message.text);
      });
      let markStarted!: () => void;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      polling = bot.start({ onStart: () => markStarted() });
      await started;
    });
    afterAll(async () => {
      await bot.stop();
      await polling;
    });

    it('a grammY bot gets every update and every reply through the mirror while exactly the cap is recorded', async () => {
      // Each exchange is two messages: the cap of 5 is reached in the middle of the third.
      for (const text of ['one', 'two', 'three', 'four', 'five', 'six']) await exchange(text);

      expect(received).toEqual(['one', 'two', 'three', 'four', 'five', 'six']);
      expect(ctx.telegram.sentMessages(token).map((m) => m.text)).toEqual(
        ['one', 'two', 'three', 'four', 'five', 'six'].map((t) => `echo: ${t}`),
      );
      // The cap is reached by whichever of the third exchange's two messages committed first.
      const stored = await storedTexts(botId);
      expect(stored).toHaveLength(CAP);
      expect(stored).toEqual(expect.arrayContaining(['one', 'echo: one', 'two', 'echo: two']));
      expect(stored.filter((text) => text.endsWith('three'))).toHaveLength(1);
      // Dropped facts make no contacts and emit nothing.
      expect((await ctx.db.query(`SELECT count(*)::int AS n FROM contacts WHERE bot_id = $1`, [botId])).rows[0].n).toBe(
        3,
      );
      expect(events).toHaveLength(3 + CAP);
      expect((await me(owner.token)).usage).toEqual({ messages_this_month: CAP, cap: CAP });
    });

    it('a send from the open API past the cap reaches the user but is not recorded', async () => {
      const key = (await issueKey(ctx, owner.token, ['write'])).key;
      const res = await request(ctx.url)
        .post(`/api/v1/bots/${botId}/send`)
        .set('X-API-Key', key)
        .send({ userId: '7001', text: 'Новости' })
        .expect(200);
      expect(res.body).toMatchObject({ ok: true, provider: { ok: true, result: { text: 'Новости' } } });
      await ingestSettled();
      expect(await storedTexts(botId)).toHaveLength(CAP);
    });

    it('mails the owner once when the cap is reached, however much traffic follows', async () => {
      await eventually(() => expect(capMailsTo(owner.email)).toHaveLength(1));
      await exchange('seven');
      await mailsSent();
      const [mail] = capMailsTo(owner.email);
      expect(capMailsTo(owner.email)).toHaveLength(1);
      expect(mail.text).toContain(`записано сообщений — ${CAP}`);
      expect(mail.text).toContain('пересылает все их запросы');
      expect(mail.text).toContain('следующего месяца');
      expect(mail.text).toContain('платный тариф');
    });

    it('records again at once after a move to a paid plan', async () => {
      await request(ctx.url).put('/api/billing/tariff').set(bearer(owner)).send({ tariff: 'pro' }).expect(200);
      await exchange('eight');
      const stored = await storedTexts(botId);
      expect(stored).toHaveLength(CAP + 2);
      expect(stored).toEqual(expect.arrayContaining(['eight', 'echo: eight']));
      expect((await me(owner.token)).usage).toEqual({ messages_this_month: CAP + 2, cap: null });
    });

    it('back on the free plan in the same month, what the paid plan recorded counts and recording stops again', async () => {
      await request(ctx.url).put('/api/billing/tariff').set(bearer(owner)).send({ tariff: 'free' }).expect(200);
      expect((await me(owner.token)).usage).toEqual({ messages_this_month: CAP + 2, cap: CAP });
      await exchange('nine');
      expect(await storedTexts(botId)).toHaveLength(CAP + 2);
      await mailsSent();
      expect(capMailsTo(owner.email)).toHaveLength(1);
    });
  });

  it('concurrent batches of one account never store more than the cap, across its bots', async () => {
    const owner = await registerUser(ctx);
    const [first, second] = [await bindTelegramBot(ctx, owner.token), await bindTelegramBot(ctx, owner.token)];
    const capture = ctx.app.get(CaptureService);
    const at = Math.floor(Date.now() / 1000);
    const update = (id: number) => ({
      update_id: id,
      message: {
        message_id: id,
        date: at,
        chat: { id, type: 'private' },
        from: { id, is_bot: false, first_name: 'U' },
        text: `u${id}`,
      },
    });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const bot = {
          id: (i % 2 ? first : second).bot.id,
          userId: owner.user.id,
          platform: 'telegram' as const,
          utmKey: 'utm_source',
        };
        return capture.inboundUpdates(bot, [update(3 * i + 1), update(3 * i + 2), update(3 * i + 3)]);
      }),
    );
    const stored = await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = ANY($1)`, [
      [first.bot.id, second.bot.id],
    ]);
    expect(stored.rows[0].n).toBe(CAP);
    expect((await me(owner.token)).usage).toEqual({ messages_this_month: CAP, cap: CAP });
  });

  describe('the proxy receiver past the cap', () => {
    let target: TargetReceiver;
    beforeAll(async () => {
      target = await TargetReceiver.start();
    });
    afterAll(() => target.close());

    it('keeps answering the platform 200 and forwarding every update to target_url; only the cap is recorded', async () => {
      const owner = await registerUser(ctx);
      const { bot, token } = await bindTelegramBot(ctx, owner.token, { target_url: target.url });
      await request(ctx.url).post(`/api/bots/${bot.id}/webhook`).set(bearer(owner)).expect(200);
      const hook = ctx.telegram.webhookOf(token)!;
      // PUBLIC_BASE_URL is not a loopback address: the test stands in for DNS.
      hook.url = hook.url.replace(ctx.config.publicBaseUrl, ctx.url);
      target.answer = { status: 200, body: '{"ok":true}', contentType: 'application/json' };

      const updates = Array.from({ length: CAP + 3 }, (_, i) => ({
        update_id: 900 + i,
        message: {
          message_id: i + 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 42, type: 'private' },
          from: { id: 42, is_bot: false, first_name: 'Bo' },
          text: `m${i + 1}`,
        },
      }));
      for (const update of updates) {
        expect(await ctx.telegram.deliverWebhook(token, update)).toEqual({
          status: 200,
          body: '{"ok":true}',
          contentType: 'application/json',
        });
      }

      expect(target.requests.map((r) => JSON.parse(r.body.toString('utf8')))).toEqual(updates);
      expect(await storedTexts(bot.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect((await me(owner.token)).usage).toEqual({ messages_this_month: CAP, cap: CAP });
    });
  });
});
