import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RetentionCohortDto, RetentionPeriod } from './retention.dto';
import { UNMAPPED_SOURCE } from './source.dto';

interface CountRow {
  cohort: string;
  active: string;
  contacts: string;
}

const DAY_MS = 86_400_000;

/**
 * The retention cohorts report. retention_counts (kept by the ingest, see ingest/retention-activity.ts)
 * holds per (cohort, active period, raw source) how many contacts were seen, so a report of 52 weeks
 * reads at most 52·53/2 cells per source; the source filter maps raw values as the sources report does.
 */
@Injectable()
export class RetentionQueries {
  constructor(private readonly db: DataSource) {}

  async cohorts(
    botId: string,
    period: RetentionPeriod,
    periods: number,
    source: string | null,
    now = new Date(),
  ): Promise<RetentionCohortDto[]> {
    const starts = periodStarts(period, periods, now);
    const rows = await this.db.query<CountRow[]>(
      `SELECT to_char(r.cohort_start, 'YYYY-MM-DD') AS cohort, to_char(r.active_start, 'YYYY-MM-DD') AS active,
              sum(r.contacts) AS contacts
         FROM retention_counts r
         LEFT JOIN source_mappings m ON m.bot_id = r.bot_id AND m.raw = r.source_value
        WHERE r.bot_id = $1 AND r.period = $2 AND r.cohort_start >= $3::date
          AND ($4::text IS NULL
               OR $4 = CASE WHEN r.source_value = '' THEN $5 ELSE coalesce(m.source_value, r.source_value) END)
        GROUP BY r.cohort_start, r.active_start`,
      [botId, period, starts[0], source, UNMAPPED_SOURCE],
    );
    const index = new Map(starts.map((start, i) => [start, i]));
    const cohorts = starts.map((start, i) => ({
      start,
      size: 0,
      retained: new Array<number>(starts.length - i).fill(0),
    }));
    for (const row of rows) {
      const cohort = index.get(row.cohort);
      const active = index.get(row.active);
      // A period that has not begun (a platform clock ahead of ours) is not part of the answer.
      if (cohort === undefined || active === undefined) continue;
      cohorts[cohort].retained[active - cohort] = Number(row.contacts);
    }
    for (const cohort of cohorts) cohort.size = cohort.retained[0];
    return cohorts;
  }
}

/** The first days (`YYYY-MM-DD`) of the last `count` periods, oldest first, the current one last. */
export function periodStarts(period: RetentionPeriod, count: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const step = period === 'week' ? 7 : 1;
  // ISO weeks start on Monday: getUTCDay() is 0 for Sunday.
  const current = period === 'week' ? today - ((now.getUTCDay() + 6) % 7) * DAY_MS : today;
  return Array.from({ length: count }, (_, i) =>
    new Date(current - (count - 1 - i) * step * DAY_MS).toISOString().slice(0, 10),
  );
}
