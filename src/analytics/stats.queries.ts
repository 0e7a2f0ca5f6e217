import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import { StatsDto, TimelineDayDto } from './stats.dto';

/**
 * Stats and timeline. All-time totals are sums over daily_stats (one row per day, kept by the ingest).
 * The rolling windows (24 hours, 7 days) are exact: the whole hours of a window are summed from
 * hourly_stats (kept by the ingest, ingest/hourly-stats.ts), and the part of an hour at the window's start
 * is a range count along the time index, at most an hour of rows. Nothing is cached.
 */
@Injectable()
export class StatsQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  /**
   * One statement, so every figure is read at the same `now` and snapshot (the app's clock, as the
   * retention report's). active_users_7d (seen within
   * 7 days, first seen before) is those seen within 7 days less the new contacts that were: a new contact
   * was, unless it was never seen or only before its first fact (the partial index contacts_seen_before_first).
   */
  async stats(botId: string, now = new Date()): Promise<StatsDto> {
    const [row] = await this.db.query<Array<Record<keyof StatsDto, string>>>(
      `WITH windows AS (
         SELECT $2::timestamptz - interval '24 hours' AS day_from, $2::timestamptz - interval '7 days' AS week_from
       ),
       edges AS (
         -- The first whole hour of each window; from there on hourly_stats counts.
         SELECT day_from, date_trunc('hour', day_from, 'UTC') + interval '1 hour' AS day_hours,
                week_from, date_trunc('hour', week_from, 'UTC') + interval '1 hour' AS week_hours
           FROM windows
       ),
       hours AS (
         SELECT coalesce(sum(h.messages) FILTER (WHERE h.hour >= e.day_hours), 0) AS messages_24h,
                coalesce(sum(h.last_seen_contacts) FILTER (WHERE h.hour >= e.day_hours), 0) AS seen_24h,
                coalesce(sum(h.last_seen_contacts), 0) AS seen_7d,
                coalesce(sum(h.new_contacts), 0) AS new_7d
           FROM edges e JOIN hourly_stats h ON h.bot_id = $1 AND h.hour >= e.week_hours
       ),
       parts AS MATERIALIZED (
         SELECT (SELECT count(*) FROM messages
                  WHERE bot_id = $1 AND created_at >= e.day_from AND created_at < e.day_hours) AS messages_24h,
                (SELECT count(*) FROM contacts
                  WHERE bot_id = $1 AND last_seen_at >= e.day_from AND last_seen_at < e.day_hours) AS seen_24h,
                (SELECT count(*) FROM contacts
                  WHERE bot_id = $1 AND last_seen_at >= e.week_from AND last_seen_at < e.week_hours) AS seen_7d,
                (SELECT count(*) FROM contacts
                  WHERE bot_id = $1 AND first_seen_at >= e.week_from AND first_seen_at < e.week_hours) AS new_7d,
                (SELECT count(*) FROM contacts
                  WHERE bot_id = $1 AND first_seen_at >= e.week_from
                    AND (last_seen_at IS NULL OR last_seen_at < first_seen_at)
                    AND (last_seen_at IS NULL OR last_seen_at < e.week_from)) AS new_unseen_7d
           FROM edges e
       ),
       totals AS (
         SELECT coalesce(sum(new_contacts), 0) AS contacts_total, coalesce(sum(messages_in), 0) AS messages_in,
                coalesce(sum(messages_out), 0) AS messages_out
           FROM daily_stats WHERE bot_id = $1
       )
       SELECT t.contacts_total, t.messages_in, t.messages_out, t.messages_in + t.messages_out AS messages_total,
              h.messages_24h + p.messages_24h AS messages_24h,
              h.seen_24h + p.seen_24h AS contacts_active_24h,
              h.new_7d + p.new_7d AS new_users_7d,
              (h.seen_7d + p.seen_7d) - (h.new_7d + p.new_7d - p.new_unseen_7d) AS active_users_7d
         FROM totals t, hours h, parts p`,
      [botId, now.toISOString()],
    );
    return {
      contacts_total: Number(row.contacts_total),
      contacts_active_24h: Number(row.contacts_active_24h),
      messages_total: Number(row.messages_total),
      messages_in: Number(row.messages_in),
      messages_out: Number(row.messages_out),
      messages_24h: Number(row.messages_24h),
      new_users_7d: Number(row.new_users_7d),
      active_users_7d: Number(row.active_users_7d),
    };
  }

  /** The last `days` UTC days ending today, oldest first, with zeros for days without a daily_stats row. */
  timeline(botId: string, days: number): Promise<TimelineDayDto[]> {
    return this.db.query<TimelineDayDto[]>(
      `WITH calendar AS (
         SELECT (now() AT TIME ZONE 'UTC')::date - back AS day
           FROM generate_series($2::int - 1, 0, -1) AS back
       )
       SELECT to_char(calendar.day, 'YYYY-MM-DD') AS date,
              coalesce(s.messages_in, 0) AS messages_in,
              coalesce(s.messages_out, 0) AS messages_out,
              coalesce(s.new_contacts, 0) AS new_contacts
         FROM calendar
         LEFT JOIN daily_stats s ON s.bot_id = $1 AND s.day = calendar.day
        ORDER BY calendar.day`,
      [botId, days],
    );
  }
}
