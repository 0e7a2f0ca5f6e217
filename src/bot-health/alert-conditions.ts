import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AlertKind, AlertRules, alertRules } from '../bots/alert-rules';
import type { BotAlertRow } from '../bots/bot-alerts.repository';

/** Sends counted over this window for the `errors` rule, and the fewest that make a share worth alerting on. */
const ERROR_WINDOW_MS = 5 * 60_000;
const ERROR_MIN_SENDS = 20;
/** Updates in a row the target must fail (`target`). */
const TARGET_STREAK = 5;
/** How far back the `silence` and `polling` rules look for a bot that was working. */
const SILENCE_LOOKBACK_MS = 24 * 3_600_000;
const POLLING_LOOKBACK_MS = 3_600_000;

export interface HealthBot {
  id: string;
  userId: string;
  name: string;
  targetUrl: string | null;
  rules: AlertRules;
}

/** A rule's verdict on one bot: whether its condition holds now, with what was seen. */
export interface Verdict {
  botId: string;
  kind: AlertKind;
  holds: boolean;
  details: Record<string, unknown>;
}

/**
 * The alert rules' conditions over the whole fleet (issue 27), a few set-based statements per check whatever the
 * number of bots. A condition opens an alert when it holds; an open alert resolves once it no longer does, with the
 * open alert's own start kept as the silence's lower bound so a long silence stays open past the look-back.
 */
@Injectable()
export class AlertConditions {
  constructor(private readonly db: DataSource) {}

  /** Active bots with any rule on. */
  async activeBots(): Promise<HealthBot[]> {
    const rows: Array<{ id: string; user_id: string; name: string; target_url: string | null; alert_rules: unknown }> =
      await this.db.query(
        `SELECT id, user_id, name, target_url, alert_rules FROM bots WHERE active AND deleted_at IS NULL ORDER BY id`,
      );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      targetUrl: r.target_url,
      rules: alertRules(r.alert_rules),
    }));
  }

  async verdicts(bots: HealthBot[], open: BotAlertRow[], now: Date): Promise<Verdict[]> {
    const openOf = new Map(open.map((a) => [`${a.bot_id}:${a.kind}`, a]));
    const [silence, errors, target, polling] = await Promise.all([
      this.silence(
        bots.filter((b) => b.rules.silence),
        openOf,
        now,
      ),
      this.errors(
        bots.filter((b) => b.rules.errors),
        now,
      ),
      this.target(bots.filter((b) => b.rules.target && b.targetUrl !== null && /^https?:\/\//i.test(b.targetUrl))),
      this.polling(
        bots.filter((b) => b.rules.polling),
        openOf,
        now,
      ),
    ]);
    return [...silence, ...errors, ...target, ...polling];
  }

  /**
   * At least `silence_messages` inbound messages unanswered for `silence_minutes`, in dialogs waiting since within the
   * look-back (or since the open alert's start), from a bot that answered something in the 24 hours before.
   */
  private async silence(bots: HealthBot[], openOf: Map<string, BotAlertRow>, now: Date): Promise<Verdict[]> {
    if (!bots.length) return [];
    const since = bots.map((b) => {
      const alert = openOf.get(`${b.id}:silence`);
      const from = now.getTime() - SILENCE_LOOKBACK_MS;
      const opened = typeof alert?.details.since === 'string' ? Date.parse(alert.details.since) : NaN;
      return new Date(Number.isFinite(opened) ? Math.min(from, opened) : from).toISOString();
    });
    const rows: Array<{ bot_id: string; unanswered: number; since: Date | null; answered_before: boolean }> =
      await this.db.query(
        `SELECT b.bot_id, coalesce(w.unanswered, 0)::int AS unanswered, w.since,
                EXISTS (SELECT 1 FROM message_replies r
                         WHERE r.bot_id = b.bot_id AND r.inbound_at >= coalesce(w.since, $4::timestamptz) - interval '24 hours'
                           AND r.inbound_at < coalesce(w.since, $4::timestamptz)) AS answered_before
           FROM unnest($1::uuid[], $2::int[], $3::timestamptz[]) AS b(bot_id, minutes, look_from)
           LEFT JOIN LATERAL (
             SELECT count(*) AS unanswered, min(m.created_at) AS since
               FROM contacts c
               JOIN messages m ON m.bot_id = c.bot_id AND m.external_user_id = c.external_user_id AND m.direction = 'in'
                AND m.created_at >= c.awaiting_since
                AND m.created_at <= $4::timestamptz - make_interval(mins => b.minutes)
              WHERE c.bot_id = b.bot_id AND c.awaiting_since IS NOT NULL AND c.awaiting_since >= b.look_from
                AND c.awaiting_since <= $4::timestamptz - make_interval(mins => b.minutes)
           ) w ON true`,
        [bots.map((b) => b.id), bots.map((b) => b.rules.silence_minutes), since, now.toISOString()],
      );
    const byId = new Map(bots.map((b) => [b.id, b]));
    return rows.map((r) => ({
      botId: r.bot_id,
      kind: 'silence' as const,
      holds: r.unanswered >= byId.get(r.bot_id)!.rules.silence_messages && r.answered_before,
      details: { unanswered: r.unanswered, since: r.since?.toISOString() ?? null },
    }));
  }

  /** At least `error_share` of the bot's mirrored sends of the last 5 minutes failed with 429 or >= 500 (20 sends at least). */
  private async errors(bots: HealthBot[], now: Date): Promise<Verdict[]> {
    if (!bots.length) return [];
    const from = new Date(now.getTime() - ERROR_WINDOW_MS).toISOString();
    const rows: Array<{ bot_id: string; failed: number; sends: number }> = await this.db.query(
      `SELECT f.bot_id, f.failed, f.refused + (
                SELECT count(*) FROM messages m
                 WHERE m.bot_id = f.bot_id AND m.direction = 'out' AND m.created_at > $2 AND m.created_at <= $3)::int AS sends
         FROM (SELECT e.bot_id,
                      count(*) FILTER (WHERE e.error_code = 429 OR e.error_code >= 500)::int AS failed,
                      count(*)::int AS refused
                 FROM unnest($1::uuid[]) AS b(bot_id)
                 JOIN platform_errors e ON e.bot_id = b.bot_id AND e.is_send AND e.at > $2 AND e.at <= $3
                GROUP BY e.bot_id) f`,
      [bots.map((b) => b.id), from, now.toISOString()],
    );
    const found = new Map(rows.map((r) => [r.bot_id, r]));
    return bots.map((b) => {
      const { failed = 0, sends = 0 } = found.get(b.id) ?? {};
      return {
        botId: b.id,
        kind: 'errors' as const,
        holds: sends >= ERROR_MIN_SENDS && failed / sends >= b.rules.error_share,
        details: { failed, sends, window_minutes: ERROR_WINDOW_MS / 60_000 },
      };
    });
  }

  /** The target failed 5 updates in a row, and has not answered since (`last_forward_error` is cleared by a delivery). */
  private async target(bots: HealthBot[]): Promise<Verdict[]> {
    if (!bots.length) return [];
    const rows: Array<{
      bot_id: string;
      streak: number | null;
      error: string | null;
      at: Date | null;
      failing: boolean;
    }> = await this.db.query(
      `SELECT b.id AS bot_id, f.streak, f.error, f.at, b.last_forward_error IS NOT NULL AS failing
           FROM bots b
           LEFT JOIN LATERAL (SELECT streak, error, at FROM target_failures t
                               WHERE t.bot_id = b.id ORDER BY t.at DESC, t.id DESC LIMIT 1) f ON true
          WHERE b.id = ANY($1::uuid[])`,
      [bots.map((b) => b.id)],
    );
    return rows.map((r) => ({
      botId: r.bot_id,
      kind: 'target' as const,
      holds: r.failing && (r.streak ?? 0) >= TARGET_STREAK,
      details: { failures_in_a_row: r.streak ?? 0, last_error: r.error, last_at: r.at?.toISOString() ?? null },
    }));
  }

  /** A bot that polled through the mirror in the last hour (or since its open alert) and not for `polling_minutes`. */
  private async polling(bots: HealthBot[], openOf: Map<string, BotAlertRow>, now: Date): Promise<Verdict[]> {
    if (!bots.length) return [];
    const rows: Array<{ bot_id: string; last_poll_at: Date }> = await this.db.query(
      `SELECT bot_id, last_poll_at FROM bot_polls WHERE bot_id = ANY($1::uuid[])`,
      [bots.map((b) => b.id)],
    );
    const last = new Map(rows.map((r) => [r.bot_id, r.last_poll_at]));
    return bots.flatMap((b) => {
      const polled = last.get(b.id);
      if (!polled) return [];
      const quietMs = now.getTime() - polled.getTime();
      const stale = quietMs >= b.rules.polling_minutes * 60_000;
      // Past the look-back a bot that stopped polling no longer opens an alert; an open one waits for a poll.
      const watched = quietMs <= POLLING_LOOKBACK_MS || openOf.has(`${b.id}:polling`);
      return [
        {
          botId: b.id,
          kind: 'polling' as const,
          holds: stale && watched,
          details: { last_poll_at: polled.toISOString() },
        },
      ];
    });
  }
}
