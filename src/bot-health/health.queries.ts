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
      // The window's reply times in one pass: per day, and in all (the row without a date). The percentiles share
      // one sort per group (an array of fractions); the window is read from message_replies_by_time alone.
      this.db.query<
        Array<{ date: string | null; replied: number; in_window: number; p: [number, number, number] | null }>
      >(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, count(*)::int AS replied,
                count(*) FILTER (WHERE latency_ms <= $4 * 1000)::int AS in_window,
                percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY latency_ms) AS p
           FROM (SELECT (inbound_at AT TIME ZONE 'UTC')::date AS day, latency_ms FROM message_replies
                  WHERE bot_id = $1 AND inbound_at >= $2 AND inbound_at < $3) r
          GROUP BY GROUPING SETS ((day), ())`,
        [...args, replyWindowS],
      ),
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
        // Erased contacts leave their counts behind: never below zero.
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

  /** The newest message of one direction: walks messages_by_time from the newest. */
  private async lastMessageAt(botId: string, direction: 'in' | 'out'): Promise<Date | null> {
    const rows = await this.db.query<Array<{ created_at: Date }>>(
      `SELECT created_at FROM messages WHERE bot_id = $1 AND direction = $2 ORDER BY created_at DESC LIMIT 1`,
      [botId, direction],
    );
    return rows[0]?.created_at ?? null;
  }
}
