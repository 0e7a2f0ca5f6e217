import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import type { ButtonRowDto } from './buttons.dto';

/** A time window as the messages list reads `from` / `to`; each bound may be absent. */
export interface PressWindow {
  notBefore: Date | null;
  notAfter: Date | null;
  before: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How a window is read: the UTC days it covers whole from the rollup, and the parts of days at its
 * edges from button_presses (an index range of at most a day each). Days are `YYYY-MM-DD`, null for
 * unbounded; `empty` when the window covers no whole day (then `high` is the whole window).
 */
export interface WindowPlan {
  firstDay: string | null;
  lastDay: string | null;
  empty: boolean;
  /** Presses at or after `from`, before `to` (the partial day the window starts in). */
  low: { from: Date; to: Date } | null;
  /** Presses at or after `from` up to the window's own end (the partial day it ends in). */
  high: { from: Date } | null;
}

export function planWindow(window: PressWindow): WindowPlan {
  const start = window.notBefore;
  // Exclusive or inclusive, the day the end falls in is not whole (timestamps are finer than a bound's ms).
  const end = window.before ?? window.notAfter;
  const firstMs = start && Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const endDayMs = end && Math.floor(end.getTime() / DAY_MS) * DAY_MS;
  if (firstMs !== null && endDayMs !== null && firstMs >= endDayMs) {
    return { firstDay: null, lastDay: null, empty: true, low: null, high: { from: start ?? new Date(0) } };
  }
  const endIsEmpty = end !== null && window.before !== null && window.before.getTime() === endDayMs;
  return {
    firstDay: firstMs === null ? null : day(firstMs),
    lastDay: endDayMs === null ? null : day(endDayMs - DAY_MS),
    empty: false,
    low: start && firstMs !== start.getTime() ? { from: start, to: new Date(firstMs!) } : null,
    high: endDayMs !== null && !endIsEmpty ? { from: new Date(endDayMs) } : null,
  };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The buttons report: the bot's presses grouped by callback data. Whole UTC days come from the rollup the
 * ingest keeps (a few thousand counters for a year), the partial days at the window's edges from
 * button_presses_by_time; a contact seen at an edge counts unless it also pressed within the whole days,
 * which one edge day's rows of button_contact_days tell by their previous days (see
 * migrations/1795402060000-ButtonPreviousDays.ts), read in key order and hashed rather than probed per contact.
 * So the answer is exactly the raw table's, at the cost of the counters and two edge days.
 */
@Injectable()
export class ButtonsQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  async rows(botId: string, window: PressWindow): Promise<ButtonRowDto[]> {
    const plan = planWindow(window);
    const rows = await this.db.query<Array<{ data: string; presses: string; contacts: string }>>(
      `WITH days AS (
         SELECT coalesce($2::date, '-infinity') AS first_day, coalesce($3::date, 'infinity') AS last_day
          WHERE NOT $4::boolean
       ),
       low AS (
         SELECT data, contact_id FROM button_presses
          WHERE bot_id = $1 AND created_at >= $5 AND created_at < $6
       ),
       high AS (
         SELECT data, contact_id FROM button_presses
          WHERE bot_id = $1 AND created_at >= $7
            AND ($8::timestamptz IS NULL OR created_at <= $8)
            AND ($9::timestamptz IS NULL OR created_at < $9)
       ),
       presses AS (
         SELECT p.data, p.presses FROM days JOIN button_day_presses p
             ON p.bot_id = $1 AND p.day BETWEEN days.first_day AND days.last_day
         UNION ALL
         SELECT data, 1 FROM low
         UNION ALL
         SELECT data, 1 FROM high
       ),
       -- The first edge day's contacts who pressed again within the whole days: their next day is there.
       low_again AS MATERIALIZED (
         SELECT data, contact_id FROM button_contact_days
          WHERE bot_id = $1 AND previous_day = $2::date - 1 AND day <= coalesce($3::date, 'infinity')
            AND $5::timestamptz IS NOT NULL
       ),
       -- The last edge day's contacts with the day they pressed before it (none when no whole day precedes it).
       high_days AS MATERIALIZED (
         SELECT data, contact_id, previous_day FROM button_contact_days
          WHERE bot_id = $1 AND day = $3::date + 1 AND $7::timestamptz IS NOT NULL
       ),
       edge_contacts AS (
         SELECT data, contact_id FROM low l
          WHERE NOT EXISTS (SELECT 1 FROM low_again a WHERE a.data = l.data AND a.contact_id = l.contact_id)
         UNION
         SELECT data, contact_id FROM high h
          WHERE NOT EXISTS (SELECT 1 FROM high_days d
                             WHERE d.data = h.data AND d.contact_id = h.contact_id AND d.previous_day <> '-infinity'
                               AND d.previous_day >= coalesce($2::date, '-infinity'))
       ),
       contacts AS (
         -- Each contact at its first press day in the window: the days before it are before the window.
         SELECT c.data, c.contacts FROM days JOIN button_day_contacts c
             ON c.bot_id = $1 AND c.day BETWEEN days.first_day AND days.last_day
          WHERE c.previous_day < days.first_day OR c.previous_day = '-infinity'
         UNION ALL
         -- The edges' contacts who did not press within the whole days (each once, if at both edges).
         SELECT data, 1 FROM edge_contacts
       )
       SELECT p.data, p.presses, coalesce(c.contacts, 0) AS contacts
         FROM (SELECT data, sum(presses) AS presses FROM presses GROUP BY data) p
         LEFT JOIN (SELECT data, sum(contacts) AS contacts FROM contacts GROUP BY data) c ON c.data = p.data
        WHERE p.presses > 0
        ORDER BY p.presses DESC, contacts DESC, p.data COLLATE "C"`,
      [
        botId,
        plan.firstDay,
        plan.lastDay,
        plan.empty,
        plan.low?.from ?? null,
        plan.low?.to ?? null,
        plan.high?.from ?? null,
        window.notAfter,
        window.before,
      ],
    );
    return rows.map((row) => ({ data: row.data, presses: Number(row.presses), contacts: Number(row.contacts) }));
  }
}
