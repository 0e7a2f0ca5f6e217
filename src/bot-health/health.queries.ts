import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import type { HealthDayDto, HealthDto, HealthWindow } from './health.dto';
import { ReplyTimeHistogram } from './reply-time-histogram';

/** The report's percentiles: p50, p90, p99 (the timeline shows the first two). */
const FRACTIONS = [0.5, 0.9, 0.99];

const ms = (value: number | null) => (value === null ? null : Math.round(value));

/**
 * The health report (issue 27), read from what the ingest keeps: `reply_time_counts` (replies by the inbound message's
 * day and latency bucket), `daily_stats` (inbound messages per day), `platform_errors`, `target_failures`, and for
 * the inbound messages still inside the reply window, `messages` over that window only.
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
      this.replyTimes(botId, window),
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
    const pendingRows = byDate(pending);
    const inboundRows = byDate(inbound);
    const errorRows = byDate(errorsPerDay);
    const withinWindowMs = replyWindowS * 1000;
    const timeline: HealthDayDto[] = [];
    for (let t = Date.parse(`${window.from}T00:00:00Z`); t < Date.parse(end); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const histogram = replies.get(date);
      const inboundCount = inboundRows.get(date)?.inbound ?? 0;
      const answeredInTime = histogram?.atMost(withinWindowMs) ?? 0;
      const [p50, p90] = histogram?.percentiles(FRACTIONS.slice(0, 2)) ?? [null, null];
      timeline.push({
        date,
        inbound: inboundCount,
        replied: histogram?.replies ?? 0,
        // Never below zero: inbound messages and replies are counted by two rollups.
        unanswered: Math.max(0, inboundCount - answeredInTime - (pendingRows.get(date)?.pending ?? 0)),
        p50_ms: ms(p50),
        p90_ms: ms(p90),
        errors: errorRows.get(date)?.errors ?? 0,
      });
    }
    const inboundTotal = timeline.reduce((sum, d) => sum + d.inbound, 0);
    const unanswered = timeline.reduce((sum, d) => sum + d.unanswered, 0);
    const all = ReplyTimeHistogram.sum([...replies.values()]);
    const [p50, p90, p99] = all.percentiles(FRACTIONS);
    return {
      from: window.from,
      to: window.to,
      reply_time: { replied: all.replies, p50_ms: ms(p50), p90_ms: ms(p90), p99_ms: ms(p99) },
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
   * The window's reply-time histograms per day, from the rollup `reply_time_counts` (an index-only range of its key),
   * each day's buckets in the key's order as one text (`"bucket count …"`), which node-postgres reads several times
   * faster than as rows; PostgreSQL adds up and ranks them slower than ReplyTimeHistogram does.
   */
  private async replyTimes(botId: string, window: HealthWindow): Promise<Map<string, ReplyTimeHistogram>> {
    const rows = await this.db.query<Array<{ date: string; histogram: string }>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, string_agg(bucket_ms || ' ' || replies, ' ') AS histogram
         FROM (SELECT day, bucket_ms, replies FROM reply_time_counts
                WHERE bot_id = $1 AND day >= $2::date AND day <= $3::date ORDER BY day, bucket_ms) AS buckets
        GROUP BY day`,
      [botId, window.from, window.to],
    );
    return new Map(rows.map((r) => [r.date, ReplyTimeHistogram.parse(r.histogram ?? '')]));
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
