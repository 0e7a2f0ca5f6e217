import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import type { RetentionPeriod } from '../analytics/retention.dto';
import { periodStarts } from '../analytics/retention.queries';
import { UNMAPPED_SOURCE } from '../common/unmapped-source';
import { countsUnder } from './revenue-sql';
import type { RevenueCohortDto } from './revenue.dto';

/** How many of the bot's latest payments tell its most used currency. */
const CURRENCY_SAMPLE = 1000;

interface NetRow {
  cohort_days: number;
  paid_days: number;
  net: string;
}

interface CohortCountRow {
  cohort_days: number;
  contacts: number;
}

/**
 * The LTV cohorts (issue 26): the retention report's cohorts (contacts first seen in each week or day, their sizes
 * read from the same rollup), and what their payments in one currency add up to by the end of each period since.
 * The nets are read from the rollup `revenue_cohorts` (per cohort, period of payment and raw source), the payers from
 * `payments_cohort_payers` (one entry per payer and currency, by the payer's first appearance; its raw source and
 * cohort are kept on the payment by the ingest).
 */
@Injectable()
export class RevenueCohortsQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  /** The currency of most of the bot's latest 1,000 payments (the newest first, then by code); null without any. */
  async mostUsedCurrency(botId: string): Promise<string | null> {
    const [row] = await this.db.query<Array<{ currency: string }>>(
      `SELECT currency FROM (
         SELECT currency, paid_at FROM payments WHERE bot_id = $1 ORDER BY paid_at DESC LIMIT ${CURRENCY_SAMPLE}
       ) latest
        GROUP BY currency
        ORDER BY count(*) DESC, max(paid_at) DESC, currency COLLATE "C"
        LIMIT 1`,
      [botId],
    );
    return row?.currency ?? null;
  }

  async cohorts(
    botId: string,
    period: RetentionPeriod,
    periods: number,
    source: string | null,
    currency: string | null,
    now = new Date(),
  ): Promise<RevenueCohortDto[]> {
    const starts = periodStarts(period, periods, now);
    const step = period === 'week' ? 7 : 1;
    const first = starts[0];
    const [sizes, nets, payers] = await Promise.all([
      this.sizes(botId, period, first, source),
      currency === null ? [] : this.nets(botId, period, first, source, currency),
      currency === null ? [] : this.payers(botId, period, first, source, currency),
    ]);
    const cohorts = starts.map((start, i) => ({
      start,
      size: 0,
      payers: 0,
      net: new Array<number>(starts.length - i).fill(0),
    }));
    const at = (days: number) => cohorts[days / step];
    for (const row of sizes) if (at(row.cohort_days)) at(row.cohort_days).size = row.contacts;
    for (const row of payers) if (at(row.cohort_days)) at(row.cohort_days).payers = row.contacts;
    for (const row of nets) {
      const cohort = at(row.cohort_days);
      if (!cohort) continue;
      // A payment dated before its payer's first period (a back-dated one) counts from the cohort's first period;
      // one in a period that has not begun (a clock ahead of ours) in none.
      const k = Math.max(0, (row.paid_days - row.cohort_days) / step);
      if (k < cohort.net.length) cohort.net[k] += Number(row.net);
    }
    return cohorts.map(({ start, size, payers: paying, net }) => {
      let cumulative = 0;
      const perContact = net.map((amount) => {
        cumulative += amount;
        return size ? Math.round((cumulative / size) * 100) / 100 : 0;
      });
      return { start, size, payers: paying, net_per_contact: perContact };
    });
  }

  /** Each cohort's size, as the retention report counts it: its first period's cell of the retention rollup. */
  private sizes(botId: string, period: RetentionPeriod, first: string, source: string | null) {
    return this.db.query<CohortCountRow[]>(
      source === null
        ? `SELECT cohort_start - $3::date AS cohort_days, contacts FROM retention_totals
            WHERE bot_id = $1 AND period = $2 AND cohort_start >= $3::date AND active_start = cohort_start`
        : `SELECT r.cohort_start - $3::date AS cohort_days, sum(r.contacts)::int AS contacts
             FROM retention_counts r
            WHERE r.bot_id = $1 AND r.period = $2 AND r.cohort_start >= $3::date AND r.active_start = r.cohort_start
              AND ${countsUnder("nullif(r.source_value, '')", '$4', '$5')}
            GROUP BY r.cohort_start`,
      source === null ? [botId, period, first] : [botId, period, first, source, UNMAPPED_SOURCE],
    );
  }

  /**
   * Net revenue per cohort and period of payment, in days from the first cohort's start: the cells of
   * `revenue_cohorts` (kept by the ingest, src/ingest/revenue-days.ts) of the cohorts since `$4` (a period's start).
   */
  private nets(botId: string, period: RetentionPeriod, first: string, source: string | null, currency: string) {
    return this.db.query<NetRow[]>(
      `SELECT r.cohort_start - $4::date AS cohort_days, r.paid_start - $4::date AS paid_days, sum(r.net) AS net
         FROM revenue_cohorts r
        WHERE r.bot_id = $1 AND r.currency = $3 AND r.period = $2 AND r.cohort_start >= $4::date AND r.net <> 0
          AND ($5::text IS NULL OR ${countsUnder('r.source_value', '$5', '$6')})
        GROUP BY 1, 2`,
      [botId, period, currency, first, source, UNMAPPED_SOURCE],
    );
  }

  /**
   * Per cohort, its contacts with a payment not refunded: each has exactly one in the currency without a previous
   * one (`previous_paid_at`, kept by the ingest), so they are counted without grouping by contact, from
   * `payments_cohort_payers` alone.
   */
  private payers(botId: string, period: RetentionPeriod, first: string, source: string | null, currency: string) {
    return this.db.query<CohortCountRow[]>(
      `SELECT date_trunc($2, p.contact_first_seen_at AT TIME ZONE 'UTC')::date - $4::date AS cohort_days,
              count(*)::int AS contacts
         FROM payments p
        WHERE ${COHORT_PAYMENTS} AND p.refunded_at IS NULL AND p.previous_paid_at IS NULL
        GROUP BY 1`,
      [botId, period, currency, first, source, UNMAPPED_SOURCE],
    );
  }
}

/** The payments in `$3` of contacts first seen since `$4`, of the mapped source `$5` (null: all; `$6` unmapped). */
const COHORT_PAYMENTS = `p.bot_id = $1 AND p.currency = $3
  AND p.contact_first_seen_at >= $4::date::timestamp AT TIME ZONE 'UTC'
  AND ($5::text IS NULL OR ${countsUnder('p.source_value', '$5', '$6')})`;
