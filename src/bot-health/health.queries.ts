import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import type { HealthDayDto, HealthDto, HealthWindow } from './health.dto';

const ms = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/**
 * The health report (issue 27), read from what the ingest keeps: `message_replies` (reply times by the inbound
 * message's day), `daily_stats` (inbound messages per day), `platform_errors`, `target_failures`, and for the
 * inbound messages still inside the reply window, `messages` over that window only.
 */
@Injectable()
export class HealthQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  async report(botId: string, window: HealthWindow, replyWindowS: number, now = new Date()): Promise<HealthDto> {
    const start = `${window.from}T00:00:00Z`;
    const end = new Date(Date.parse(`${window.to}T00:00:00Z`) + 86_400_000).toISOString();
    const args = [botId, start, end];
    const [replies, pending, inbound, errors, errorsPerDay, target, lastIn, lastOut] = await Promise.all([
      this.replyTimes(botId, window, replyWindowS),
      // Inbound messages still inside the reply window and not answered yet: not unanswered (yet).
      this.db.query<Array<{ date: string; pending: number }>>(
        `SELECT to_char((m.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS pending
           FROM messages m
          WHERE m.bot_id = $1 AND m.created_at >= GREATEST($2::timestamptz, $4::timestamptz - make_interval(secs => $5))
            AND m.created_at < $3 AND m.direction = 'in'
            AND NOT EXISTS (SELECT 1 FROM message_replies r WHERE r.message_id = m.id)
          GROUP BY 1`,
        [...args, now.toISOString(), replyWindowS],
      ),
      this.db.query<Array<{ date: string; inbound: number }>>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, messages_in AS inbound FROM daily_stats
          WHERE bot_id = $1 AND day >= $2::date AND day <= $3::date`,
        [botId, window.from, window.to],
      ),
      this.db.query<Array<{ method: string; error_code: number; description: string; count: number; last_at: Date }>>(
        `SELECT method, error_code, description, count(*)::int AS count, max(at) AS last_at
           FROM platform_errors WHERE bot_id = $1 AND at >= $2 AND at < $3
          GROUP BY 1, 2, 3 ORDER BY count DESC, method, error_code, description LIMIT 100`,
        args,
      ),
      this.db.query<Array<{ date: string; errors: number }>>(
        `SELECT to_char((at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS errors
           FROM platform_errors WHERE bot_id = $1 AND at >= $2 AND at < $3 GROUP BY 1`,
        args,
      ),
      this.db.query<Array<{ count: number; last_at: Date | null; last_error: string | null }>>(
        `SELECT count(*)::int AS count, max(at) AS last_at,
                (array_agg(error ORDER BY at DESC, id DESC))[1] AS last_error
           FROM target_failures WHERE bot_id = $1 AND at >= $2 AND at < $3`,
        args,
      ),
      this.lastMessageAt(botId, 'in'),
      this.lastMessageAt(botId, 'out'),
    ]);
    const byDate = <T extends { date: string }>(rows: T[]) => new Map(rows.map((r) => [r.date, r]));
    const days = replies.filter((r): r is typeof r & { date: string } => r.date !== null);
    const dayRows = byDate(days);
    const pendingRows = byDate(pending);
    const inboundRows = byDate(inbound);
    const errorRows = byDate(errorsPerDay);
    const timeline: HealthDayDto[] = [];
    for (let t = Date.parse(`${window.from}T00:00:00Z`); t < Date.parse(end); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const replied = dayRows.get(date);
      const inboundCount = inboundRows.get(date)?.inbound ?? 0;
      const answeredInTime = replied?.in_window ?? 0;
      timeline.push({
        date,
        inbound: inboundCount,
        replied: replied?.replied ?? 0,
        // Never below zero: inbound messages and replies are counted by two rollups.
        unanswered: Math.max(0, inboundCount - answeredInTime - (pendingRows.get(date)?.pending ?? 0)),
        p50_ms: ms(replied?.p?.[0] ?? null),
        p90_ms: ms(replied?.p?.[1] ?? null),
        errors: errorRows.get(date)?.errors ?? 0,
      });
    }
    const inboundTotal = timeline.reduce((sum, d) => sum + d.inbound, 0);
    const unanswered = timeline.reduce((sum, d) => sum + d.unanswered, 0);
    // The grand total's row is there even without replies (count 0, no percentiles).
    const t = replies.find((r) => r.date === null);
    const p = t?.p ?? null;
    return {
      from: window.from,
      to: window.to,
      reply_time: {
        replied: t?.replied ?? 0,
        p50_ms: ms(p?.[0] ?? null),
        p90_ms: ms(p?.[1] ?? null),
        p99_ms: ms(p?.[2] ?? null),
      },
      unanswered: {
        count: unanswered,
        share: inboundTotal ? Math.round((unanswered / inboundTotal) * 100) / 100 : 0,
      },
      errors: errors.map(({ method, error_code, description, count, last_at }) => ({
        method,
        error_code,
        description,
        count,
        last_at,
      })),
      target_errors: target[0],
      last_inbound_at: lastIn,
      last_outbound_at: lastOut,
      timeline,
    };
  }

  /**
   * The window's reply times, per day and in all (the row without a date), from the rollup `reply_time_counts`: each
   * percentile is percentile_cont's over the bucketed latencies (the value at the rank below and at the rank above,
   * interpolated), found with a running count over the buckets; replies within the reply window are the buckets up to
   * it (whole seconds are bucket ends, so none is split).
   */
  private replyTimes(botId: string, window: HealthWindow, replyWindowS: number) {
    return this.db.query<Array<{ date: string | null; replied: number; in_window: number; p: number[] }>>(
      `WITH buckets AS (
         SELECT day, bucket_ms, sum(replies)::int AS n FROM reply_time_counts
          WHERE bot_id = $1 AND day >= $2::date AND day <= $3::date
          GROUP BY GROUPING SETS ((day, bucket_ms), (bucket_ms))
       ), running AS (
         SELECT day, bucket_ms, n, sum(n) OVER (PARTITION BY day ORDER BY bucket_ms)::int AS upto,
                sum(n) OVER (PARTITION BY day)::int AS total
           FROM buckets
       ), ranks AS (
         SELECT day, total, h50, h90, h99,
                coalesce(sum(n) FILTER (WHERE bucket_ms <= $4::bigint * 1000), 0)::int AS in_window,
                min(bucket_ms) FILTER (WHERE upto > floor(h50)) AS lo50, min(bucket_ms) FILTER (WHERE upto > ceil(h50)) AS hi50,
                min(bucket_ms) FILTER (WHERE upto > floor(h90)) AS lo90, min(bucket_ms) FILTER (WHERE upto > ceil(h90)) AS hi90,
                min(bucket_ms) FILTER (WHERE upto > floor(h99)) AS lo99, min(bucket_ms) FILTER (WHERE upto > ceil(h99)) AS hi99
           FROM running, LATERAL (SELECT 0.5::float8 * (total - 1) AS h50, 0.9::float8 * (total - 1) AS h90,
                                         0.99::float8 * (total - 1) AS h99) AS h
          GROUP BY day, total, h50, h90, h99
       )
       SELECT to_char(day, 'YYYY-MM-DD') AS date, total AS replied, in_window,
              ARRAY[lo50 + (hi50 - lo50) * (h50 - floor(h50)), lo90 + (hi90 - lo90) * (h90 - floor(h90)),
                    lo99 + (hi99 - lo99) * (h99 - floor(h99))] AS p
         FROM ranks`,
      [botId, window.from, window.to, replyWindowS],
    );
  }

  /** The newest message of one direction: walks messages_by_time from the newest. */
  private async lastMessageAt(botId: string, direction: 'in' | 'out'): Promise<Date | null> {
    const rows = await this.db.query<Array<{ created_at: Date }>>(
      `SELECT created_at FROM messages WHERE bot_id = $1 AND direction = $2 ORDER BY created_at DESC LIMIT 1`,
      [botId, direction],
    );
    return rows[0]?.created_at ?? null;
  }
}
