import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import { UNMAPPED_SOURCE } from '../common/unmapped-source';
import type { CsvQuery } from '../exports/csv-download';
import { isoText } from '../exports/iso-text';
import { countsUnder, MAPPING_JOIN, mappedColumns } from './revenue-sql';
import type {
  RevenueDayDto,
  RevenueDto,
  RevenuePayloadDto,
  RevenueSourceDto,
  RevenueTotalDto,
  RevenueWindow,
} from './revenue.dto';

const DAY_MS = 86_400_000;

/** A sum of one grouping of the window's payments (node-postgres answers bigint sums as strings). */
interface SumRow {
  kind: 'currency' | 'source' | 'payload' | 'day';
  currency: string;
  /** Set in the groupings that have it (the others answer null). */
  source_value: string | null;
  campaign_name: string | null;
  payload: string | null;
  date: string | null;
  gross: string;
  refunds: string;
  payments: string;
  /** Null in the payload rows (by_payload has no refunded count). */
  refunded: string | null;
}

interface PayersRow {
  currency: string;
  source_value: string;
  campaign_name: string | null;
  payers: string;
  new_payers: string;
}

interface ContactsRow {
  source_value: string;
  campaign_name: string | null;
  contacts: string;
}

/** The payment object's fields, in its order: the columns of the payments export. */
const PAYMENT_EXPORT_HEADER = [
  'id',
  'bot_id',
  'user_id',
  'amount',
  'currency',
  'charge_id',
  'provider_charge_id',
  'payload',
  'recurring',
  'first_recurring',
  'subscription_expires_at',
  'paid_at',
  'refunded_at',
  'source_value',
  'campaign_name',
] as const;

/**
 * The revenue report of a window of whole UTC days (issue 26). Four statements, run side by side: the window's
 * payments summed per currency, source and day, and per payload (from the `revenue_days` and `revenue_payload_days`
 * rollups); its payers (contacts with
 * a payment not refunded) and new payers per source (one index entry per payment of the window, no grouping by
 * contact); and the contacts each source brought in the window (the `source_days` rollup and `daily_stats`). All
 * of it is kept by the ingest (src/ingest/revenue-days.ts, payment-contacts.ts, source-rollups-statement.ts). Raw
 * sources are grouped in SQL and mapped on the way out, and the mapped ones summed here, so a mapping edit regroups
 * history as in the sources report.
 */
@Injectable()
export class RevenueQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  async report(botId: string, window: RevenueWindow, source: string | null): Promise<Omit<RevenueDto, 'from' | 'to'>> {
    const start = new Date(`${window.from}T00:00:00Z`);
    const end = new Date(Date.parse(`${window.to}T00:00:00Z`) + DAY_MS);
    const params = [botId, start, end, source, UNMAPPED_SOURCE];
    const [sums, payloads, payers, contacts] = await Promise.all([
      this.db.query<SumRow[]>(SUMS_SQL, params),
      this.db.query<SumRow[]>(PAYLOADS_SQL, params),
      this.db.query<PayersRow[]>(PAYERS_SQL, params),
      this.db.query<ContactsRow[]>(CONTACTS_SQL, params),
    ]);
    return assemble(window, [...sums, ...payloads], payers, contacts);
  }

  /**
   * Every payment of the bot as CSV rows (the payment object's fields and order, all as text: times as in JSON),
   * newest first along `payments_by_time`; the source is the payer's, through the bot's mappings.
   */
  exportQuery(botId: string): CsvQuery {
    return {
      sql: `SELECT r.id::text, r.bot_id::text, r.external_user_id, r.amount::text, r.currency, r.charge_id,
                   coalesce(r.provider_charge_id, ''), coalesce(r.payload, ''), r.recurring::text,
                   r.first_recurring::text, coalesce(${isoText('r.subscription_expires_at')}, ''), ${isoText('r.paid_at')},
                   coalesce(${isoText('r.refunded_at')}, ''),
                   CASE WHEN r.source_value IS NULL THEN '' ELSE coalesce(m.source_value, r.source_value) END,
                   CASE WHEN r.source_value IS NULL THEN '' ELSE coalesce(m.campaign_name, r.campaign_name, '') END
              FROM payments r
              ${MAPPING_JOIN}
             WHERE r.bot_id = $1
             ORDER BY r.paid_at DESC, r.id DESC`,
      params: [botId],
      header: PAYMENT_EXPORT_HEADER,
    };
  }
}

/** The mapped source `$4` (null: no filter; `$5` the unmapped label) of rows `r` with a raw `source_value`. */
const SOURCE_FILTER = `($4::text IS NULL OR ${countsUnder('r.source_value', '$4', '$5')})`;

/** The UTC days of the window: `$2` and `$3` are its first instant and the instant after it. */
const WINDOW_DAYS = `r.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date AND r.day < ($3::timestamptz AT TIME ZONE 'UTC')::date`;

/**
 * Sums per currency, per raw (source, campaign) and per day of the window's days of `revenue_days`, and per payload
 * of `revenue_payload_days` (the rollups the ingest keeps, src/ingest/revenue-days.ts; rows a move or an erasure
 * emptied are skipped), each read from its key alone and grouped in one pass; the source groups are mapped after.
 */
const SUMS_SQL = `
  SELECT CASE r.grouping WHEN 7 THEN 'currency' WHEN 1 THEN 'source' ELSE 'day' END AS kind,
         r.currency, ${mappedColumns('$5')}, NULL AS payload, to_char(r.day, 'YYYY-MM-DD') AS date,
         r.gross, r.refunds, r.payments, r.refunded
    FROM (SELECT GROUPING(r.source_value, r.campaign_name, r.day) AS grouping,
                 r.currency, r.source_value, r.campaign_name, r.day,
                 sum(r.gross) AS gross, sum(r.refunds) AS refunds, sum(r.payments) AS payments,
                 sum(r.refunded) AS refunded
            FROM revenue_days r
           WHERE r.bot_id = $1 AND ${WINDOW_DAYS} AND r.payments > 0 AND ${SOURCE_FILTER}
           GROUP BY GROUPING SETS ((r.currency), (r.currency, r.source_value, r.campaign_name), (r.currency, r.day))) r
    ${MAPPING_JOIN}`;

const PAYLOADS_SQL = `
  SELECT 'payload' AS kind, r.currency, NULL AS source_value, NULL AS campaign_name, r.payload, NULL AS date,
         sum(r.gross) AS gross, sum(r.refunds) AS refunds, sum(r.payments) AS payments, NULL AS refunded
    FROM revenue_payload_days r
   WHERE r.bot_id = $1 AND ${WINDOW_DAYS} AND r.payments > 0 AND ${SOURCE_FILTER}
   GROUP BY r.currency, r.payload`;

/**
 * Payers per currency and raw source: contacts with a payment of the window not refunded, counted without grouping
 * by contact. Each payment not refunded carries its payer's previous one not refunded in its currency
 * (`previous_paid_at`, kept by the ingest, src/ingest/payment-contacts.ts), so exactly one payment of the window per
 * payer and currency has none before the window: its first there. New when the contact's first payment ever (any
 * currency, refunded or not: `contact_first_paid_at`) is in the window. A payer has one source, so the sums over the
 * sources are the currency's payers. `payments_payers` alone.
 */
const PAYERS_SQL = `
  SELECT r.currency, ${mappedColumns('$5')}, r.payers, r.new_payers
    FROM (SELECT r.currency, r.source_value, r.campaign_name, count(*) AS payers,
                 count(*) FILTER (WHERE r.contact_first_paid_at >= $2) AS new_payers
            FROM payments r
           WHERE r.bot_id = $1 AND r.paid_at >= $2 AND r.paid_at < $3 AND r.refunded_at IS NULL
             AND (r.previous_paid_at IS NULL OR r.previous_paid_at < $2) AND ${SOURCE_FILTER}
           GROUP BY 1, 2, 3) r
    ${MAPPING_JOIN}`;

/**
 * The contacts first seen in the window per raw source: the attributed ones from `source_days` (per day of first
 * appearance, kept by the ingest), the others the window's new contacts in `daily_stats` less those, as the sources
 * report counts them; mapped after.
 */
const CONTACTS_SQL = `
  SELECT ${mappedColumns('$5')}, r.contacts
    FROM (SELECT r.source_value, nullif(r.campaign_name, '') AS campaign_name, sum(r.contacts) AS contacts
            FROM source_days r
           WHERE r.bot_id = $1 AND ${WINDOW_DAYS} AND ${SOURCE_FILTER}
           GROUP BY 1, 2
          UNION ALL
          SELECT NULL, NULL,
                 (SELECT coalesce(sum(r.new_contacts), 0) FROM daily_stats r WHERE r.bot_id = $1 AND ${WINDOW_DAYS})
                 - (SELECT coalesce(sum(r.contacts), 0) FROM source_days r WHERE r.bot_id = $1 AND ${WINDOW_DAYS})
           WHERE $4::text IS NULL OR $4 = $5) r
    ${MAPPING_JOIN}
   WHERE r.contacts > 0`;

const sourceKey = (source: string, campaign: string | null) => JSON.stringify([source, campaign]);

/** Byte order of UTF-8 strings, as `COLLATE "C"` sorts: nulls first. */
function byteOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function assemble(
  window: RevenueWindow,
  sums: SumRow[],
  payerRows: PayersRow[],
  contactRows: ContactsRow[],
): Omit<RevenueDto, 'from' | 'to'> {
  const totals: RevenueTotalDto[] = sums
    .filter((row) => row.kind === 'currency')
    .map((row) => ({
      currency: row.currency,
      gross: Number(row.gross),
      refunds: Number(row.refunds),
      net: Number(row.gross) - Number(row.refunds),
      payments: Number(row.payments),
      refunded: Number(row.refunded),
      payers: 0,
      new_payers: 0,
    }))
    .sort((a, b) => b.payments - a.payments || byteOrder(a.currency, b.currency));
  const currencies = totals.map((total) => total.currency);
  const rank = new Map(currencies.map((currency, i) => [currency, i]));
  const totalOf = new Map(totals.map((total) => [total.currency, total]));

  // Every source with new contacts in the window, in every currency of the window; one with payments in theirs.
  const sources = new Map<string, { source_value: string; campaign_name: string | null; contacts: number }>();
  const source = (value: string, campaign: string | null) => {
    const key = sourceKey(value, campaign);
    let entry = sources.get(key);
    if (!entry) sources.set(key, (entry = { source_value: value, campaign_name: campaign, contacts: 0 }));
    return entry;
  };
  for (const row of contactRows) source(row.source_value, row.campaign_name).contacts += Number(row.contacts);
  const paid = new Map<string, { payers: number; payments: number; net: number }>();
  const paidOf = (currency: string, value: string, campaign: string | null) => {
    source(value, campaign);
    const key = `${currency}:${sourceKey(value, campaign)}`;
    let entry = paid.get(key);
    if (!entry) paid.set(key, (entry = { payers: 0, payments: 0, net: 0 }));
    return entry;
  };
  for (const row of sums.filter((r) => r.kind === 'source')) {
    const entry = paidOf(row.currency, row.source_value!, row.campaign_name);
    entry.payments += Number(row.payments);
    entry.net += Number(row.gross) - Number(row.refunds);
  }
  for (const row of payerRows) {
    paidOf(row.currency, row.source_value, row.campaign_name).payers += Number(row.payers);
    const total = totalOf.get(row.currency);
    if (total) {
      total.payers += Number(row.payers);
      total.new_payers += Number(row.new_payers);
    }
  }
  const none = { payers: 0, payments: 0, net: 0 };
  const bySource: RevenueSourceDto[] = currencies
    .flatMap((currency) =>
      [...sources.values()].map(({ source_value, campaign_name, contacts }) => {
        const { payers, payments, net } = paid.get(`${currency}:${sourceKey(source_value, campaign_name)}`) ?? none;
        return { source_value, campaign_name, currency, contacts, payers, payments, net };
      }),
    )
    // A source without new contacts has a row only in the currencies it was paid in.
    .filter((row) => row.contacts > 0 || row.payments > 0)
    .sort(
      (a, b) =>
        rank.get(a.currency)! - rank.get(b.currency)! ||
        b.net - a.net ||
        b.contacts - a.contacts ||
        byteOrder(a.source_value, b.source_value) ||
        byteOrder(a.campaign_name, b.campaign_name),
    );

  const byPayload: RevenuePayloadDto[] = sums
    .filter((row) => row.kind === 'payload')
    .map((row) => ({
      payload: row.payload,
      currency: row.currency,
      payments: Number(row.payments),
      net: Number(row.gross) - Number(row.refunds),
    }))
    .sort(
      (a, b) =>
        rank.get(a.currency)! - rank.get(b.currency)! ||
        b.net - a.net ||
        b.payments - a.payments ||
        byteOrder(a.payload, b.payload),
    );

  const days = new Map(
    sums.filter((row) => row.kind === 'day').map((row) => [`${row.currency}:${row.date}`, row] as const),
  );
  const timeline: RevenueDayDto[] = [];
  for (let ms = Date.parse(window.from); ms <= Date.parse(window.to); ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    for (const currency of currencies) {
      const row = days.get(`${currency}:${date}`);
      const gross = row ? Number(row.gross) : 0;
      const refunds = row ? Number(row.refunds) : 0;
      timeline.push({ date, currency, gross, refunds, net: gross - refunds });
    }
  }
  return { totals, by_source: bySource, by_payload: byPayload, timeline };
}
