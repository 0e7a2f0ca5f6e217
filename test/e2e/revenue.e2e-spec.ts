import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { UNMAPPED_SOURCE } from '../../src/common/unmapped-source';
import { insertPayment } from '../support/payments';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { addTelegramContacts } from './support/broadcast-contacts';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { addMember, upgradeToBusiness } from './support/team';
import { startTestApp, TestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The HTTP contract of issue 26's reads: the revenue report, the LTV cohorts, the payments CSV, and the shapes that
 * gained payments (contacts, their CSV, broadcasts, funnel stages). Ann came from `ads|spring` and paid 250 Stars an
 * hour ago; Bob came without a source and was refunded his 100. What the queries compute is proven at a fixed clock
 * by test/medium/revenue.medium-spec.ts and revenue-reads.medium-spec.ts; payments are arranged as the ingest stores
 * them (test/support/payments.ts), capture being built apart.
 */
describe('Revenue (issue 26): reports, cohorts, payments export and the shapes that show payments', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let readKey: string;
  let writeKey: string;
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  // "An hour ago", but never before today began.
  const hourAgo = new Date(Math.max(today, Date.now() - 3_600_000));

  const v1 = (path: string, key = readKey) =>
    request(ctx.url).get(`/api/v1/bots/${botId}${path}`).set('X-API-Key', key);
  const cabinet = (path: string, session: { token: string } = owner) =>
    request(ctx.url).get(`/api/bots/${botId}${path}`).set(bearer(session));

  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: '50' });
    owner = await registerUser(ctx);
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await addTelegramContacts(ctx, bot, [
      { id: 501, text: '/start utm_source=ads|utm_campaign=spring', date: Math.floor(hourAgo.getTime() / 1000) },
      { id: 502, text: '/start', date: Math.floor(hourAgo.getTime() / 1000) },
    ]);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
    await insertPayment(ctx.db, {
      botId,
      userId: '501',
      amount: 250,
      currency: 'XTR',
      paidAt: hourAgo,
      payload: 'plan:pro',
    });
    await insertPayment(ctx.db, {
      botId,
      userId: '502',
      amount: 100,
      currency: 'XTR',
      paidAt: hourAgo,
      payload: 'pack:100',
      refundedAt: new Date(),
    });
  });
  afterAll(() => ctx.close());

  describe('GET /api/v1/bots/{id}/revenue and GET /api/bots/:id/revenue', () => {
    it('the last 30 UTC days by default: totals, sources, products and every day, amounts as JSON integers', async () => {
      const res = await v1('/revenue').expect(200);
      expect(res.body).toEqual({
        from: day(today - 29 * DAY),
        to: day(today),
        totals: [
          { currency: 'XTR', gross: 350, refunds: 100, net: 250, payments: 2, refunded: 1, payers: 1, new_payers: 1 },
        ],
        by_source: [
          {
            source_value: 'ads',
            campaign_name: 'spring',
            currency: 'XTR',
            contacts: 1,
            payers: 1,
            payments: 1,
            net: 250,
          },
          {
            source_value: UNMAPPED_SOURCE,
            campaign_name: null,
            currency: 'XTR',
            contacts: 1,
            payers: 0,
            payments: 1,
            net: 0,
          },
        ],
        by_payload: [
          { payload: 'plan:pro', currency: 'XTR', payments: 1, net: 250 },
          { payload: 'pack:100', currency: 'XTR', payments: 1, net: 0 },
        ],
        timeline: Array.from({ length: 30 }, (_, i) => ({
          date: day(today - (29 - i) * DAY),
          currency: 'XTR',
          ...(i === 29 ? { gross: 350, refunds: 100, net: 250 } : { gross: 0, refunds: 0, net: 0 }),
        })),
      });
      expect((await cabinet('/revenue').expect(200)).body).toEqual(res.body);
    });

    it('takes from, to and source, and echoes the window', async () => {
      const res = await v1(`/revenue?from=${day(today - 1 * DAY)}&to=${day(today)}&source=ads`).expect(200);
      expect(res.body).toMatchObject({ from: day(today - DAY), to: day(today) });
      expect(res.body.totals).toEqual([
        { currency: 'XTR', gross: 250, refunds: 0, net: 250, payments: 1, refunded: 0, payers: 1, new_payers: 1 },
      ]);
      expect(res.body.timeline).toHaveLength(2);
      // Only `to`: the 30 days up to it. A window of 366 days is the longest.
      expect((await v1(`/revenue?to=${day(today - DAY)}`).expect(200)).body).toMatchObject({
        from: day(today - 30 * DAY),
        to: day(today - DAY),
        totals: [],
      });
      await v1('/revenue?from=2025-01-01&to=2026-01-01').expect(200);
    });

    it.each([
      ['?from=2026-13-01'],
      ['?from=2026-02-30'],
      ['?to=today'],
      ['?from=2026-11-01T00:00:00Z'],
      ['?from=2026-11-10&to=2026-11-09'],
      ['?from=2025-01-01&to=2026-01-02'],
      ['?from=2026-01-01&from=2026-01-02'],
      ['?from='],
    ])('refuses %s with 400 "неверный from/to"', async (query) => {
      expect((await v1(`/revenue${query}`).expect(400)).body).toEqual({ message: Messages.badTimeRange });
    });

    it('refuses a repeated source with 400', async () => {
      expect((await v1('/revenue?source=a&source=b').expect(400)).body).toEqual({ message: Messages.funnelSourceOnce });
    });
  });

  describe('GET /api/v1/bots/{id}/revenue/cohorts and GET /api/bots/:id/revenue/cohorts', () => {
    it("12 ISO weeks of the bot's most used currency by default; the cabinet answers the same", async () => {
      const res = await v1('/revenue/cohorts').expect(200);
      expect(res.body).toEqual({
        period: 'week',
        source: null,
        currency: 'XTR',
        cohorts: Array.from({ length: 12 }, (_, i) => ({
          start: day(monday - (11 - i) * 7 * DAY),
          ...(i === 11
            ? { size: 2, payers: 1, net_per_contact: [125] }
            : { size: 0, payers: 0, net_per_contact: new Array(12 - i).fill(0) }),
        })),
      });
      expect((await cabinet('/revenue/cohorts').expect(200)).body).toEqual(res.body);
    });

    it('takes period, periods, source and currency, and echoes them', async () => {
      expect((await v1('/revenue/cohorts?period=day&periods=2&source=ads&currency=RUB').expect(200)).body).toEqual({
        period: 'day',
        source: 'ads',
        currency: 'RUB',
        cohorts: [
          { start: day(today - DAY), size: 0, payers: 0, net_per_contact: [0, 0] },
          { start: day(today), size: 1, payers: 0, net_per_contact: [0] },
        ],
      });
    });

    it.each([
      ['?periods=0', Messages.badPeriods],
      ['?period=day&periods=91', Messages.badPeriods],
      ['?periods=x', Messages.badPeriods],
      ['?period=month', Messages.badPeriod],
      ['?currency=xtr', Messages.badCurrency],
      ['?currency=STARS', Messages.badCurrency],
      ['?currency=XTR&currency=RUB', Messages.badCurrency],
    ])('refuses %s with 400 "%s"', async (query, message) => {
      expect((await v1(`/revenue/cohorts${query}`).expect(400)).body).toEqual({ message });
    });
  });

  it('GET /api/bots/:id/payments/export.csv: every payment as CSV, newest first, named after the bot', async () => {
    const res = await cabinet('/payments/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="bot\d+_bot-payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFid,bot_id,user_id,amount,currency,charge_id,provider_charge_id,payload,recurring,first_recurring,' +
        'subscription_expires_at,paid_at,refunded_at,source_value,campaign_name',
    );
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(2, 5))).toEqual(
      expect.arrayContaining([
        ['501', '250', 'XTR'],
        ['502', '100', 'XTR'],
      ]),
    );
    expect(lines).toHaveLength(4);
  });

  describe('who may read', () => {
    it('a write-only key gets 403 on the reports', async () => {
      for (const path of ['/revenue', '/revenue/cohorts'])
        expect((await v1(path, writeKey).expect(403)).body).toEqual({ message: Messages.scopeRequired('read') });
    });

    it("another account's bot is 404; without a key 401; the session routes want a session, not a key", async () => {
      const stranger = await registerUser(ctx);
      const strangerKey = (await issueKey(ctx, stranger.token, ['read'])).key;
      for (const path of ['/revenue', '/revenue/cohorts']) {
        expect((await v1(path, strangerKey).expect(404)).body).toEqual({ message: Messages.botNotFound });
        expect((await cabinet(path, stranger).expect(404)).body).toEqual({ message: Messages.botNotFound });
        expect((await request(ctx.url).get(`/api/v1/bots/${botId}${path}`).expect(401)).body).toEqual({
          message: Messages.apiKeyRequired,
        });
      }
      expect((await cabinet('/payments/export.csv', stranger).expect(404)).body).toEqual({
        message: Messages.botNotFound,
      });
      for (const path of ['/revenue', '/revenue/cohorts', '/payments/export.csv']) {
        const res = await request(ctx.url).get(`/api/bots/${botId}${path}`).set('X-API-Key', readKey).expect(401);
        expect(res.body).toEqual({ message: Messages.sessionRequired });
      }
    });

    it('a team observer reads them all in the cabinet', async () => {
      await upgradeToBusiness(ctx, owner.token);
      const observer = await addMember(ctx, owner.token, 'observer');
      for (const path of ['/revenue', '/revenue/cohorts', '/payments/export.csv'])
        await cabinet(path, observer).expect(200);
    });
  });

  describe('the shapes that gained payments', () => {
    it('contact list items and cards, open API and cabinet: payments and net revenue per currency', async () => {
      const list = (await v1('/contacts').expect(200)).body.data as Array<Record<string, unknown>>;
      expect(list.map(({ external_user_id, payments, revenue }) => ({ external_user_id, payments, revenue }))).toEqual(
        expect.arrayContaining([
          { external_user_id: '501', payments: 1, revenue: [{ currency: 'XTR', net: 250 }] },
          { external_user_id: '502', payments: 1, revenue: [{ currency: 'XTR', net: 0 }] },
        ]),
      );
      expect((await v1('/contacts/501').expect(200)).body).toMatchObject({
        payments: 1,
        revenue: [{ currency: 'XTR', net: 250 }],
      });
      expect((await cabinet('/contacts/502').expect(200)).body).toMatchObject({
        payments: 1,
        revenue: [{ currency: 'XTR', net: 0 }],
      });
      const cabinetList = (await cabinet('/contacts').expect(200)).body.data as Array<{ payments: number }>;
      expect(cabinetList.map((item) => item.payments)).toEqual([1, 1]);
    });

    it('the contact lists take payer=true|false, else 400', async () => {
      const payers = (await v1('/contacts?payer=true').expect(200)).body;
      expect([payers.data.map((c: { external_user_id: string }) => c.external_user_id), payers.total]).toEqual([
        ['501'],
        1,
      ]);
      const others = (await cabinet('/contacts?payer=false').expect(200)).body;
      expect([others.data.map((c: { external_user_id: string }) => c.external_user_id), others.total]).toEqual([
        ['502'],
        1,
      ]);
      for (const query of ['?payer=yes', '?payer=', '?payer=true&payer=false'])
        expect((await v1(`/contacts${query}`).expect(400)).body).toEqual({ message: Messages.contactPayerInvalid });
    });

    it('the contacts CSV gains the payments and revenue columns', async () => {
      const res = await v1('/contacts/export.csv').expect(200);
      const [header, ...rows] = res.text.split('\r\n');
      expect(header).toBe(
        '\uFEFFid,external_user_id,username,first_name,last_name,is_premium,last_seen_at,messages_count,payments,revenue',
      );
      expect(rows.filter(Boolean).map((row) => row.split(',').slice(-2))).toEqual(
        expect.arrayContaining([
          ['1', 'XTR 250'],
          ['1', 'XTR 0'],
        ]),
      );
    });

    it("a broadcast's revenue: its recipients' payments within 72 hours after their send", async () => {
      const sent = await request(ctx.url)
        .post(`/api/v1/bots/${botId}/broadcast`)
        .set('X-API-Key', writeKey)
        .send({ text: 'Скидка на Pro' })
        .expect(200);
      expect((await v1(`/broadcasts/${sent.body.id}`).expect(200)).body.revenue).toEqual([]);
      await insertPayment(ctx.db, { botId, userId: '501', amount: 500, currency: 'XTR', paidAt: new Date() });
      expect((await v1(`/broadcasts/${sent.body.id}`).expect(200)).body.revenue).toEqual([
        { currency: 'XTR', net: 500, payers: 1 },
      ]);
      const listed = (await cabinet('/broadcasts').expect(200)).body.data as Array<{ id: string; revenue: unknown }>;
      expect(listed.find((b) => b.id === sent.body.id)?.revenue).toEqual([{ currency: 'XTR', net: 500, payers: 1 }]);
    });

    it('a funnel takes payment stages, with or without a payload prefix', async () => {
      const stages = [
        { name: 'Started', type: 'command', value: '/start' },
        { name: 'Bought a plan', type: 'payment', payload_prefix: 'plan:' },
        { name: 'Paid', type: 'payment' },
      ];
      const put = await request(ctx.url)
        .put(`/api/bots/${botId}/funnel/config`)
        .set(bearer(owner))
        .send({ stages })
        .expect(200);
      expect(put.body).toEqual({ stages });
      const bad = await request(ctx.url)
        .put(`/api/bots/${botId}/funnel/config`)
        .set(bearer(owner))
        .send({ stages: [{ name: 'Paid', type: 'payment', payload_prefix: '' }] })
        .expect(400);
      expect(bad.body).toEqual({ message: 'stages[0].payload_prefix must be 1 to 128 characters' });
    });
  });
});
