import { UNMAPPED_SOURCE } from '../../src/common/unmapped-source';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { RevenueCohortsQueries } from '../../src/revenue/revenue-cohorts.queries';
import { RevenueQueries } from '../../src/revenue/revenue.queries';
import { insertPayment } from '../support/payments';
import { useFreshDatabase } from './support/database';
import { Client } from 'pg';
import { inbound, newAccount, newBot, payment } from './support/factories';
import { ingestPipeline } from './support/ingest';

const at = (iso: string) => new Date(`${iso}Z`);
// Wednesday of the ISO week starting Monday 2026-03-16; the weeks before start on 03-09 and 03-02.
const NOW = at('2026-03-18T20:00:00');

/**
 * Six contacts over three ISO weeks and their payments in three currencies (docs/api.md, Revenue):
 * A came through `ads|spring` and paid 100 and 250 Stars and 99,000 kopecks; B wrote without a link, paid 50 Stars
 * and 500 that were refunded, and came back through `promo` (mapped to `partners`) later; C came from `vk` and paid
 * 100 Stars at the last second of a week; D came from `ads` and paid 25 Stars without a payload and $4.99; E wrote
 * without a link and never paid; F came from `vk` and was refunded its only payment.
 */
describe('Revenue reports on PostgreSQL', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let bot: CaptureBot;
  const revenue = (from: string, to: string, source: string | null = null) =>
    new RevenueQueries(db.dataSource).report(bot.id, { from, to }, source);
  const cohorts = (period: 'week' | 'day', periods: number, source: string | null, currency: string | null) =>
    new RevenueCohortsQueries(db.dataSource).cohorts(bot.id, period, periods, source, currency, NOW);

  beforeAll(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await db.dataSource.query(
      `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name) VALUES ($1, 'promo', 'partners', NULL)`,
      [bot.id],
    );
    const ingest = ingestPipeline(db);
    for (const batch of [
      [inbound('A', '/start utm_source=ads|utm_campaign=spring', at('2026-03-02T10:00:00'))],
      [inbound('B', 'hi', at('2026-03-04T23:59:59'))],
      [inbound('C', '/start vk', at('2026-03-09T08:00:00'))],
      [inbound('B', '/start promo', at('2026-03-16T00:00:00')), inbound('D', '/start ads', at('2026-03-16T12:00:00'))],
      [inbound('E', 'hello', at('2026-03-17T09:00:00'))],
      [inbound('F', '/start vk', at('2026-03-18T10:00:00'))],
    ])
      await ingest.writer.write(bot, batch);
    const pay = (
      userId: string,
      amount: number,
      currency: string,
      paidAt: string,
      payload: string | null,
      refundedAt?: string,
    ) =>
      insertPayment(db.dataSource, {
        botId: bot.id,
        userId,
        amount,
        currency,
        paidAt: at(paidAt),
        payload,
        refundedAt: refundedAt ? at(refundedAt) : null,
      });
    await pay('A', 100, 'XTR', '2026-03-02T10:05:00', 'plan:basic');
    await pay('A', 250, 'XTR', '2026-03-09T00:00:00', 'plan:pro');
    await pay('A', 99000, 'RUB', '2026-03-10T12:00:00', 'plan:pro');
    await pay('B', 50, 'XTR', '2026-03-05T00:00:00', 'pack:100');
    await pay('B', 500, 'XTR', '2026-03-16T10:00:00', 'pack:500', '2026-03-17T08:00:00');
    await pay('C', 100, 'XTR', '2026-03-15T23:59:59', 'plan:basic');
    await pay('D', 25, 'XTR', '2026-03-16T12:30:00', null);
    await pay('D', 499, 'USD', '2026-03-18T01:00:00', 'donation');
    await pay('F', 100, 'XTR', '2026-03-18T11:00:00', 'plan:basic', '2026-03-18T12:00:00');
  });

  describe('GET revenue', () => {
    it('totals per currency: gross, refunds of the window’s payments, payers with a payment kept, first payers ever', async () => {
      const weeks = await revenue('2026-03-02', '2026-03-15');
      expect(weeks.totals).toEqual([
        { currency: 'XTR', gross: 500, refunds: 0, net: 500, payments: 4, refunded: 0, payers: 3, new_payers: 3 },
        // A's first payment ever (in Stars) is in the window: a new payer in roubles too.
        { currency: 'RUB', gross: 99000, refunds: 0, net: 99000, payments: 1, refunded: 0, payers: 1, new_payers: 1 },
      ]);
      const lastDays = await revenue('2026-03-16', '2026-03-18');
      expect(lastDays.totals).toEqual([
        // B's and F's payments were refunded: they count in gross and refunds, not as payers.
        { currency: 'XTR', gross: 625, refunds: 600, net: 25, payments: 3, refunded: 2, payers: 1, new_payers: 1 },
        { currency: 'USD', gross: 499, refunds: 0, net: 499, payments: 1, refunded: 0, payers: 1, new_payers: 1 },
      ]);
      // A paid before the window: a payer, not a new one.
      expect((await revenue('2026-03-09', '2026-03-15')).totals).toEqual([
        { currency: 'XTR', gross: 350, refunds: 0, net: 350, payments: 2, refunded: 0, payers: 2, new_payers: 1 },
        { currency: 'RUB', gross: 99000, refunds: 0, net: 99000, payments: 1, refunded: 0, payers: 1, new_payers: 0 },
      ]);
    });

    it('a window ends at the last second of its last UTC day and starts at the first of its first', async () => {
      expect((await revenue('2026-03-15', '2026-03-15')).totals).toEqual([
        { currency: 'XTR', gross: 100, refunds: 0, net: 100, payments: 1, refunded: 0, payers: 1, new_payers: 1 },
      ]);
      expect((await revenue('2026-03-16', '2026-03-16')).totals.map((t) => t.gross)).toEqual([525]);
      expect(await revenue('2026-03-20', '2026-03-30')).toEqual({
        totals: [],
        by_source: [],
        by_payload: [],
        timeline: [],
      });
    });

    it('by source, after the mappings, in every currency: new contacts of the window, payers, payments, net', async () => {
      expect((await revenue('2026-03-02', '2026-03-15')).by_source).toEqual([
        {
          source_value: 'ads',
          campaign_name: 'spring',
          currency: 'XTR',
          contacts: 1,
          payers: 1,
          payments: 2,
          net: 350,
        },
        { source_value: 'vk', campaign_name: null, currency: 'XTR', contacts: 1, payers: 1, payments: 1, net: 100 },
        // B paid before a link attributed it: that payment counts under the source it got later.
        {
          source_value: 'partners',
          campaign_name: null,
          currency: 'XTR',
          contacts: 1,
          payers: 1,
          payments: 1,
          net: 50,
        },
        {
          source_value: 'ads',
          campaign_name: 'spring',
          currency: 'RUB',
          contacts: 1,
          payers: 1,
          payments: 1,
          net: 99000,
        },
        { source_value: 'partners', campaign_name: null, currency: 'RUB', contacts: 1, payers: 0, payments: 0, net: 0 },
        { source_value: 'vk', campaign_name: null, currency: 'RUB', contacts: 1, payers: 0, payments: 0, net: 0 },
      ]);
      expect((await revenue('2026-03-16', '2026-03-18')).by_source).toEqual([
        { source_value: 'ads', campaign_name: null, currency: 'XTR', contacts: 1, payers: 1, payments: 1, net: 25 },
        // Net 0, by contacts, then byte order (`—` sorts after letters).
        { source_value: 'vk', campaign_name: null, currency: 'XTR', contacts: 1, payers: 0, payments: 1, net: 0 },
        {
          source_value: UNMAPPED_SOURCE,
          campaign_name: null,
          currency: 'XTR',
          contacts: 1,
          payers: 0,
          payments: 0,
          net: 0,
        },
        { source_value: 'partners', campaign_name: null, currency: 'XTR', contacts: 0, payers: 0, payments: 1, net: 0 },
        { source_value: 'ads', campaign_name: null, currency: 'USD', contacts: 1, payers: 1, payments: 1, net: 499 },
        { source_value: 'vk', campaign_name: null, currency: 'USD', contacts: 1, payers: 0, payments: 0, net: 0 },
        {
          source_value: UNMAPPED_SOURCE,
          campaign_name: null,
          currency: 'USD',
          contacts: 1,
          payers: 0,
          payments: 0,
          net: 0,
        },
      ]);
    });

    it('by payload per currency, most net first; payments without a payload under null', async () => {
      expect((await revenue('2026-03-02', '2026-03-15')).by_payload).toEqual([
        { payload: 'plan:pro', currency: 'XTR', payments: 1, net: 250 },
        { payload: 'plan:basic', currency: 'XTR', payments: 2, net: 200 },
        { payload: 'pack:100', currency: 'XTR', payments: 1, net: 50 },
        { payload: 'plan:pro', currency: 'RUB', payments: 1, net: 99000 },
      ]);
      expect((await revenue('2026-03-16', '2026-03-18')).by_payload).toEqual([
        { payload: null, currency: 'XTR', payments: 1, net: 25 },
        { payload: 'pack:500', currency: 'XTR', payments: 1, net: 0 },
        { payload: 'plan:basic', currency: 'XTR', payments: 1, net: 0 },
        { payload: 'donation', currency: 'USD', payments: 1, net: 499 },
      ]);
    });

    it('the timeline has every UTC day of the window for each currency, by the day a payment was made', async () => {
      expect((await revenue('2026-03-16', '2026-03-18')).timeline).toEqual([
        { date: '2026-03-16', currency: 'XTR', gross: 525, refunds: 500, net: 25 },
        { date: '2026-03-16', currency: 'USD', gross: 0, refunds: 0, net: 0 },
        { date: '2026-03-17', currency: 'XTR', gross: 0, refunds: 0, net: 0 },
        { date: '2026-03-17', currency: 'USD', gross: 0, refunds: 0, net: 0 },
        { date: '2026-03-18', currency: 'XTR', gross: 100, refunds: 100, net: 0 },
        { date: '2026-03-18', currency: 'USD', gross: 499, refunds: 0, net: 499 },
      ]);
    });

    it('filters by the mapped source: a mapped raw value counts under its mapping, `— unmapped` is no source', async () => {
      const ads = await revenue('2026-03-02', '2026-03-15', 'ads');
      expect(ads.totals).toEqual([
        { currency: 'XTR', gross: 350, refunds: 0, net: 350, payments: 2, refunded: 0, payers: 1, new_payers: 1 },
        { currency: 'RUB', gross: 99000, refunds: 0, net: 99000, payments: 1, refunded: 0, payers: 1, new_payers: 1 },
      ]);
      expect(ads.by_source.map((row) => [row.source_value, row.currency, row.contacts])).toEqual([
        ['ads', 'XTR', 1],
        ['ads', 'RUB', 1],
      ]);
      expect(ads.by_payload).toEqual([
        { payload: 'plan:pro', currency: 'XTR', payments: 1, net: 250 },
        { payload: 'plan:basic', currency: 'XTR', payments: 1, net: 100 },
        { payload: 'plan:pro', currency: 'RUB', payments: 1, net: 99000 },
      ]);
      const partners = await revenue('2026-03-16', '2026-03-18', 'partners');
      expect(partners.totals).toEqual([
        { currency: 'XTR', gross: 500, refunds: 500, net: 0, payments: 1, refunded: 1, payers: 0, new_payers: 0 },
      ]);
      expect(partners.by_source).toEqual([
        { source_value: 'partners', campaign_name: null, currency: 'XTR', contacts: 0, payers: 0, payments: 1, net: 0 },
      ]);
      // E, unattributed, came in the last days but never paid; the raw value `promo` counts only as `partners`.
      expect(await revenue('2026-03-16', '2026-03-18', UNMAPPED_SOURCE)).toEqual({
        totals: [],
        by_source: [],
        by_payload: [],
        timeline: [],
      });
      expect((await revenue('2026-03-02', '2026-03-18', 'promo')).totals).toEqual([]);
    });
  });

  describe('LTV cohorts', () => {
    it('ISO weeks: cumulative net per contact by the end of each period, payers with a payment kept', async () => {
      expect(await cohorts('week', 3, null, 'XTR')).toEqual([
        // A and B: 100 + 50 in their first week, A's 250 at the first second of the next.
        { start: '2026-03-02', size: 2, payers: 2, net_per_contact: [75, 200, 200] },
        // C paid at the last second of its own week.
        { start: '2026-03-09', size: 1, payers: 1, net_per_contact: [100, 100] },
        // D, E and F: only D's 25 was kept.
        { start: '2026-03-16', size: 3, payers: 1, net_per_contact: [8.33] },
      ]);
      expect(await cohorts('week', 2, null, 'RUB')).toEqual([
        { start: '2026-03-09', size: 1, payers: 0, net_per_contact: [0, 0] },
        { start: '2026-03-16', size: 3, payers: 0, net_per_contact: [0] },
      ]);
      expect((await cohorts('week', 3, null, 'RUB'))[0]).toEqual({
        start: '2026-03-02',
        size: 2,
        payers: 1,
        net_per_contact: [0, 49500, 49500],
      });
    });

    it('UTC days: a contact first seen at 23:59:59 is of that day, its payment a second later of the next', async () => {
      const days = await cohorts('day', 17, null, 'XTR');
      expect(days).toHaveLength(17);
      expect(days[0]).toEqual({
        start: '2026-03-02',
        size: 1,
        payers: 1,
        net_per_contact: [100, 100, 100, 100, 100, 100, 100, 350, 350, 350, 350, 350, 350, 350, 350, 350, 350],
      });
      expect(days[2]).toEqual({
        start: '2026-03-04',
        size: 1,
        payers: 1,
        net_per_contact: [0, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50],
      });
      expect(days[7]).toEqual({
        start: '2026-03-09',
        size: 1,
        payers: 1,
        net_per_contact: [0, 0, 0, 0, 0, 0, 100, 100, 100, 100],
      });
      expect(days[16]).toEqual({ start: '2026-03-18', size: 1, payers: 0, net_per_contact: [0] });
    });

    it('filters by the mapped source, with the retention report’s cohort sizes', async () => {
      expect(await cohorts('week', 3, 'ads', 'XTR')).toEqual([
        { start: '2026-03-02', size: 1, payers: 1, net_per_contact: [100, 350, 350] },
        { start: '2026-03-09', size: 0, payers: 0, net_per_contact: [0, 0] },
        { start: '2026-03-16', size: 1, payers: 1, net_per_contact: [25] },
      ]);
      expect(await cohorts('week', 1, UNMAPPED_SOURCE, 'XTR')).toEqual([
        { start: '2026-03-16', size: 1, payers: 0, net_per_contact: [0] },
      ]);
      expect((await cohorts('week', 3, 'partners', 'XTR'))[0]).toEqual({
        start: '2026-03-02',
        size: 1,
        payers: 1,
        net_per_contact: [50, 50, 50],
      });
    });

    it('without payments in the currency (or any) the cohorts have their sizes and zeros', async () => {
      expect(await cohorts('week', 1, null, null)).toEqual([
        { start: '2026-03-16', size: 3, payers: 0, net_per_contact: [0] },
      ]);
    });

    it('the default currency is the one of most of the latest payments', async () => {
      expect(await new RevenueCohortsQueries(db.dataSource).mostUsedCurrency(bot.id)).toBe('XTR');
    });
  });
});

describe("The payer's columns of payments, as the ingest keeps them", () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  const columns = () =>
    db.dataSource.query(
      `SELECT p.amount, p.source_value, p.campaign_name, p.first_of_contact,
              p.contact_first_seen_at = c.first_seen_at AS cohort_copied
         FROM payments p JOIN contacts c ON c.id = p.contact_id
        WHERE p.bot_id = $1 ORDER BY p.amount`,
      [bot.id],
    );

  beforeEach(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
  });

  it('a payment dated before the first takes the first-payment mark from it; attribution moves the source', async () => {
    const ingest = ingestPipeline(db);
    await ingest.writer.write(bot, [inbound('A', 'hi', at('2026-03-01T10:00:00'))]);
    const pay = (amount: number, paidAt: string) =>
      insertPayment(db.dataSource, { botId: bot.id, userId: 'A', amount, currency: 'XTR', paidAt: at(paidAt) });
    await pay(20, '2026-03-05T00:00:00');
    await pay(30, '2026-03-06T00:00:00');
    expect(await columns()).toEqual([
      { amount: '20', source_value: null, campaign_name: null, first_of_contact: true, cohort_copied: true },
      { amount: '30', source_value: null, campaign_name: null, first_of_contact: false, cohort_copied: true },
    ]);
    // An integrator reports an older payment: it is now the contact's first.
    await pay(10, '2026-03-02T00:00:00');
    await ingest.writer.write(bot, [
      inbound('A', '/start utm_source=ads|utm_campaign=spring', at('2026-03-07T00:00:00')),
    ]);
    expect(await columns()).toEqual([
      { amount: '10', source_value: 'ads', campaign_name: 'spring', first_of_contact: true, cohort_copied: true },
      { amount: '20', source_value: 'ads', campaign_name: 'spring', first_of_contact: false, cohort_copied: true },
      { amount: '30', source_value: 'ads', campaign_name: 'spring', first_of_contact: false, cohort_copied: true },
    ]);
  });

  it('two batches paying one contact at once (two instances) write its columns one after the other', async () => {
    const [first, second] = [ingestPipeline(db), ingestPipeline(db)];
    await first.writer.write(bot, [
      inbound('A', 'hi', at('2026-03-01T10:00:00')),
      inbound('B', 'hi', at('2026-03-01T10:00:00')),
    ]);
    await insertPayment(db.dataSource, {
      botId: bot.id,
      userId: 'B',
      amount: 5,
      currency: 'XTR',
      paidAt: at('2026-03-05T01:00:00'),
    });
    // Holds the day's revenue row, which each batch writes after the payer's columns, so both are under way at once.
    const holder = new Client({ connectionString: db.url });
    await holder.connect();
    // Asked outside the holder's transaction, which would keep its first view of pg_stat_activity to its end.
    const lockWaits = async () =>
      Number(
        (
          await db.dataSource.query<Array<{ n: number }>>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0].n,
      );
    const waitFor = async (n: number) => {
      for (let tries = 0; (await lockWaits()) < n; tries++) {
        if (tries > 200) throw new Error(`${n} lock waits never came`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM revenue_days WHERE bot_id = $1 FOR UPDATE', [bot.id]);
      const later = first.writer.write(bot, [
        payment('A', 'charge-later', at('2026-03-05T12:00:00'), { amount: 30, origin: 'api' }),
      ]);
      await waitFor(1);
      const earlier = second.writer.write(bot, [
        payment('A', 'charge-earlier', at('2026-03-05T08:00:00'), { amount: 20, origin: 'api' }),
      ]);
      await waitFor(2);
      await holder.query('COMMIT');
      await Promise.all([later, earlier]);
    } finally {
      await holder.end();
    }
    expect(
      await db.dataSource.query(
        `SELECT amount::int, first_of_contact, first_kept_of_contact, contact_first_paid_at, previous_paid_at
           FROM payments WHERE bot_id = $1 AND external_user_id = 'A' ORDER BY amount`,
        [bot.id],
      ),
    ).toEqual([
      {
        amount: 20,
        first_of_contact: true,
        first_kept_of_contact: true,
        contact_first_paid_at: at('2026-03-05T08:00:00'),
        previous_paid_at: null,
      },
      {
        amount: 30,
        first_of_contact: false,
        first_kept_of_contact: false,
        contact_first_paid_at: at('2026-03-05T08:00:00'),
        previous_paid_at: at('2026-03-05T08:00:00'),
      },
    ]);
  });
});
