import type { CaptureBot } from '../../src/ingest/capture.service';
import { ContactsRepository } from '../../src/ingest/contacts.repository';
import type { Fact } from '../../src/ingest/facts';
import { RevenueDays } from '../../src/ingest/revenue-days';
import { RevenueQueries } from '../../src/revenue/revenue.queries';
import { useFreshDatabase } from './support/database';
import { inbound, payment, refund } from './support/factories';
import { ingestedBot } from './support/ingest';

const at = (iso: string) => new Date(`${iso}Z`);

interface RollupRow {
  day: string;
  currency: string;
  source_value: string | null;
  campaign_name: string | null;
  gross: number;
  refunds: number;
  payments: number;
  refunded: number;
}

/**
 * The revenue rollups (revenue_days, revenue_payload_days, revenue_cohorts) as the ingest keeps them through every
 * path that changes what they sum:
 * payments, refunds (of the payment's paid day, whenever they arrive), a contact attributed after paying, erasure.
 * Each test states the rows it expects and holds the rollups equal to the payments regrouped (the definition).
 */
describe('revenue_days, kept by the ingest', () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  let write: (facts: Fact[]) => Promise<void>;

  beforeEach(async () => {
    ({ bot, write } = await ingestedBot(db));
  });

  const COLUMNS = `day::text AS day, currency, source_value, campaign_name, gross::int AS gross, refunds::int AS refunds,
                   payments::int AS payments, refunded::int AS refunded`;
  const ORDER = `ORDER BY day, currency, source_value NULLS FIRST, campaign_name NULLS FIRST`;
  const PAYLOAD_COLUMNS = `day::text AS day, currency, source_value, payload, gross::int AS gross,
                           refunds::int AS refunds, payments::int AS payments`;
  const PAYLOAD_ORDER = `ORDER BY day, currency, source_value NULLS FIRST, payload NULLS FIRST`;

  /** The rollups' rows that hold payments (a row emptied by a move or an erasure stays, all zero). */
  const rollup = () =>
    db.dataSource.query<RollupRow[]>(
      `SELECT ${COLUMNS} FROM revenue_days WHERE bot_id = $1 AND payments <> 0 ${ORDER}`,
      [bot.id],
    );
  const payloadRollup = () =>
    db.dataSource.query(
      `SELECT ${PAYLOAD_COLUMNS} FROM revenue_payload_days WHERE bot_id = $1 AND payments <> 0 ${PAYLOAD_ORDER}`,
      [bot.id],
    );

  /** The payments regrouped as the rollups sum them; and no row left with sums but no payments. */
  async function expectExact(): Promise<void> {
    const sums = `sum(amount) AS gross, coalesce(sum(amount) FILTER (WHERE refunded_at IS NOT NULL), 0) AS refunds,
                  count(*) AS payments, count(refunded_at) AS refunded`;
    const day = `(paid_at AT TIME ZONE 'UTC')::date AS day`;
    expect(await rollup()).toEqual(
      await db.dataSource.query(
        `SELECT ${COLUMNS} FROM (SELECT ${day}, currency, source_value, campaign_name, ${sums}
                                   FROM payments WHERE bot_id = $1 GROUP BY 1, 2, 3, 4) p ${ORDER}`,
        [bot.id],
      ),
    );
    expect(await payloadRollup()).toEqual(
      await db.dataSource.query(
        `SELECT ${PAYLOAD_COLUMNS} FROM (SELECT ${day}, currency, source_value, payload, ${sums}
                                           FROM payments WHERE bot_id = $1 GROUP BY 1, 2, 3, 4) p ${PAYLOAD_ORDER}`,
        [bot.id],
      ),
    );
    // The cohorts' net per cohort and period of payment, by day and by week: payments not refunded.
    const COHORT_COLUMNS = `currency, period, cohort_start::text AS cohort_start, paid_start::text AS paid_start,
                            source_value, net::int AS net`;
    const COHORT_ORDER = `ORDER BY currency, period, cohort_start, paid_start, source_value NULLS FIRST`;
    expect(
      await db.dataSource.query(
        `SELECT ${COHORT_COLUMNS} FROM revenue_cohorts WHERE bot_id = $1 AND net <> 0 ${COHORT_ORDER}`,
        [bot.id],
      ),
    ).toEqual(
      await db.dataSource.query(
        `SELECT ${COHORT_COLUMNS} FROM (
           SELECT p.currency, k.period, date_trunc(k.period, p.contact_first_seen_at AT TIME ZONE 'UTC')::date AS cohort_start,
                  date_trunc(k.period, p.paid_at AT TIME ZONE 'UTC')::date AS paid_start, p.source_value, sum(p.amount) AS net
             FROM payments p CROSS JOIN (VALUES ('day'), ('week')) AS k(period)
            WHERE p.bot_id = $1 AND p.refunded_at IS NULL
            GROUP BY 1, 2, 3, 4, 5) c ${COHORT_ORDER}`,
        [bot.id],
      ),
    );
    // The payers' marks: one payment per payer, and one per payer and currency, among those not refunded.
    const [marks] = await db.dataSource.query(
      `SELECT count(*) FILTER (WHERE first_kept_of_contact)::int AS payers,
              count(DISTINCT contact_id) FILTER (WHERE refunded_at IS NULL)::int AS payers_definition,
              count(*) FILTER (WHERE refunded_at IS NULL AND previous_paid_at IS NULL)::int AS currency_payers,
              count(DISTINCT (contact_id, currency)) FILTER (WHERE refunded_at IS NULL)::int AS currency_payers_definition
         FROM payments WHERE bot_id = $1`,
      [bot.id],
    );
    expect(marks.payers).toBe(marks.payers_definition);
    expect(marks.currency_payers).toBe(marks.currency_payers_definition);
    const [{ stray }] = await db.dataSource.query<Array<{ stray: number }>>(
      `SELECT (SELECT count(*) FROM revenue_days
                WHERE bot_id = $1 AND payments = 0 AND (gross <> 0 OR refunds <> 0 OR refunded <> 0))
            + (SELECT count(*) FROM revenue_payload_days WHERE bot_id = $1 AND payments = 0 AND (gross <> 0 OR refunds <> 0))
              AS stray`,
      [bot.id],
    );
    expect(Number(stray)).toBe(0);
  }

  const row = (fields: Partial<RollupRow> & Pick<RollupRow, 'day' | 'gross' | 'payments'>): RollupRow => ({
    currency: 'XTR',
    source_value: null,
    campaign_name: null,
    refunds: 0,
    refunded: 0,
    ...fields,
  });

  it("a refund counts against its payment's paid day, in the batch of its payment or days later, once", async () => {
    await write([inbound('A', '/start ads', at('2026-03-01T10:00:00'))]);
    await write([
      payment('A', 'c-1', at('2026-03-01T23:59:59')),
      payment('A', 'c-2', at('2026-03-02T00:00:00'), { amount: 100, payload: null }),
      // A refund in the batch of its payment, listed before it.
      refund('A', 'c-3', at('2026-03-02T09:00:00')),
      payment('A', 'c-3', at('2026-03-02T08:00:00'), { amount: 40, currency: 'USD' }),
    ]);
    // A payer in two currencies whose first payment is refunded later.
    await write([payment('A', 'c-4', at('2026-03-03T08:00:00'), { amount: 7, currency: 'USD' })]);
    // Days later, and again (the message after the call): once.
    await write([refund('A', 'c-1', at('2026-03-09T12:00:00'))]);
    await write([refund('A', 'c-1', at('2026-03-09T12:00:01')), refund('A', 'never-paid', at('2026-03-09T12:00:02'))]);
    expect(await rollup()).toEqual([
      row({ day: '2026-03-01', source_value: 'ads', gross: 250, refunds: 250, payments: 1, refunded: 1 }),
      row({
        day: '2026-03-02',
        currency: 'USD',
        source_value: 'ads',
        gross: 40,
        refunds: 40,
        payments: 1,
        refunded: 1,
      }),
      row({ day: '2026-03-02', source_value: 'ads', gross: 100, payments: 1 }),
      row({ day: '2026-03-03', currency: 'USD', source_value: 'ads', gross: 7, payments: 1 }),
    ]);
    expect(await payloadRollup()).toEqual([
      {
        day: '2026-03-01',
        currency: 'XTR',
        source_value: 'ads',
        payload: 'plan:pro',
        gross: 250,
        refunds: 250,
        payments: 1,
      },
      {
        day: '2026-03-02',
        currency: 'USD',
        source_value: 'ads',
        payload: 'plan:pro',
        gross: 40,
        refunds: 40,
        payments: 1,
      },
      { day: '2026-03-02', currency: 'XTR', source_value: 'ads', payload: null, gross: 100, refunds: 0, payments: 1 },
      {
        day: '2026-03-03',
        currency: 'USD',
        source_value: 'ads',
        payload: 'plan:pro',
        gross: 7,
        refunds: 0,
        payments: 1,
      },
    ]);
    await expectExact();
    // The report's refunds are of the window's payments: the 9th has none.
    const report = new RevenueQueries(db.dataSource);
    expect((await report.report(bot.id, { from: '2026-03-01', to: '2026-03-01' }, null)).totals).toEqual([
      { currency: 'XTR', gross: 250, refunds: 250, net: 0, payments: 1, refunded: 1, payers: 0, new_payers: 0 },
    ]);
    expect((await report.report(bot.id, { from: '2026-03-09', to: '2026-03-09' }, null)).totals).toEqual([]);
  });

  it("a contact attributed after paying moves its payments' sums to its source, a refund of the same batch too", async () => {
    await write([inbound('B', 'hi', at('2026-03-01T10:00:00')), payment('B', 'b-1', at('2026-03-01T11:00:00'))]);
    await write([payment('B', 'b-2', at('2026-03-02T11:00:00'), { amount: 30 })]);
    await write([inbound('C', '/start vk', at('2026-03-01T10:00:00')), payment('C', 'c-1', at('2026-03-02T12:00:00'))]);
    expect(await rollup()).toEqual([
      row({ day: '2026-03-01', gross: 250, payments: 1 }),
      row({ day: '2026-03-02', gross: 30, payments: 1 }),
      row({ day: '2026-03-02', source_value: 'vk', gross: 250, payments: 1 }),
    ]);
    // B comes through a link, is refunded its first payment and pays again, all in one batch.
    await write([
      inbound('B', '/start utm_source=ads|utm_campaign=spring', at('2026-03-05T10:00:00')),
      refund('B', 'b-1', at('2026-03-05T10:01:00')),
      payment('B', 'b-3', at('2026-03-05T10:02:00'), { amount: 5 }),
    ]);
    const ads = { source_value: 'ads', campaign_name: 'spring' };
    expect(await rollup()).toEqual([
      row({ day: '2026-03-01', ...ads, gross: 250, refunds: 250, payments: 1, refunded: 1 }),
      row({ day: '2026-03-02', ...ads, gross: 30, payments: 1 }),
      row({ day: '2026-03-02', source_value: 'vk', gross: 250, payments: 1 }),
      row({ day: '2026-03-05', ...ads, gross: 5, payments: 1 }),
    ]);
    await expectExact();
    // A later link changes nothing: a contact is attributed once.
    await write([inbound('B', '/start vk', at('2026-03-06T10:00:00'))]);
    await expectExact();
    expect((await rollup()).filter((r) => r.source_value === 'vk')).toHaveLength(1);
  });

  it('erasing a contact takes its payments out of the rollup, as the report no longer sees them', async () => {
    await write([
      inbound('D', '/start ads', at('2026-03-01T10:00:00')),
      inbound('E', '/start ads', at('2026-03-01T10:00:00')),
      payment('D', 'd-1', at('2026-03-02T10:00:00')),
      payment('D', 'd-2', at('2026-03-02T11:00:00'), { amount: 70 }),
      payment('E', 'e-1', at('2026-03-02T12:00:00'), { amount: 10 }),
      payment('D', 'd-3', at('2026-03-03T10:00:00'), { payload: 'pack:100' }),
    ]);
    await write([refund('D', 'd-2', at('2026-03-04T10:00:00'))]);
    const contacts = new ContactsRepository(db.dataSource);
    await db.dataSource.transaction(async (tx) => {
      const key = (await contacts.lockForErasure(tx, bot.id, 'D'))!;
      await new RevenueDays().eraseContact(tx, bot.id, key);
      await contacts.eraseContact(tx, bot.id, key);
    });
    expect(await rollup()).toEqual([row({ day: '2026-03-02', source_value: 'ads', gross: 10, payments: 1 })]);
    await expectExact();
    expect(
      (await new RevenueQueries(db.dataSource).report(bot.id, { from: '2026-03-01', to: '2026-03-04' }, null)).totals,
    ).toEqual([
      { currency: 'XTR', gross: 10, refunds: 0, net: 10, payments: 1, refunded: 0, payers: 1, new_payers: 1 },
    ]);
  });
});
