import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AlertKind } from './alert-rules';
import { modifiedRows, Queryable } from '../database/sql';

export interface BotAlertRow {
  id: string;
  bot_id: string;
  kind: AlertKind;
  opened_at: Date;
  resolved_at: Date | null;
  details: Record<string, unknown>;
}

/**
 * The owner of `bot_alerts` (issue 27): the health check opens and resolves alerts through it, the bot objects and
 * the alerts report read them. An alert is open at most once per bot and kind (the partial unique index), so two
 * instances evaluating at once cannot open it twice: the second insert does nothing.
 */
@Injectable()
export class BotAlertsRepository {
  constructor(private readonly db: DataSource) {}

  /** The open alert, or null when one of this kind is open already. */
  async open(botId: string, kind: AlertKind, details: Record<string, unknown>): Promise<BotAlertRow | null> {
    const rows: BotAlertRow[] = await this.db.query(
      `INSERT INTO bot_alerts (bot_id, kind, details) VALUES ($1, $2, $3)
         ON CONFLICT (bot_id, kind) WHERE resolved_at IS NULL DO NOTHING
         RETURNING id, bot_id, kind, opened_at, resolved_at, details`,
      [botId, kind, JSON.stringify(details)],
    );
    return rows[0] ?? null;
  }

  /** Resolves these open alerts; returns those this call resolved (another instance may have first). */
  async resolve(ids: string[], db: Queryable = this.db): Promise<BotAlertRow[]> {
    if (!ids.length) return [];
    return modifiedRows<BotAlertRow>(
      db,
      `UPDATE bot_alerts SET resolved_at = now() WHERE id = ANY($1::uuid[]) AND resolved_at IS NULL
         RETURNING id, bot_id, kind, opened_at, resolved_at, details`,
      [ids],
    );
  }

  /** Every open alert of the fleet. */
  allOpen(): Promise<BotAlertRow[]> {
    return this.db.query(
      `SELECT id, bot_id, kind, opened_at, resolved_at, details FROM bot_alerts WHERE resolved_at IS NULL`,
    );
  }

  /** Open alerts of the fleet by kind (the `botlens_bot_alerts_open` gauge). */
  openCounts(): Promise<Array<{ kind: string; count: number }>> {
    return this.db.query(`SELECT kind, count(*)::int AS count FROM bot_alerts WHERE resolved_at IS NULL GROUP BY kind`);
  }

  /** The open alerts of these bots, oldest first. */
  async openOf(botIds: string[]): Promise<Map<string, Array<{ id: string; kind: AlertKind; opened_at: Date }>>> {
    const out = new Map<string, Array<{ id: string; kind: AlertKind; opened_at: Date }>>();
    if (!botIds.length) return out;
    const rows: BotAlertRow[] = await this.db.query(
      `SELECT id, bot_id, kind, opened_at FROM bot_alerts
         WHERE bot_id = ANY($1::uuid[]) AND resolved_at IS NULL ORDER BY opened_at, id`,
      [botIds],
    );
    for (const row of rows) {
      const list = out.get(row.bot_id) ?? [];
      list.push({ id: row.id, kind: row.kind, opened_at: row.opened_at });
      out.set(row.bot_id, list);
    }
    return out;
  }

  /** A bot's alerts, newest first, open or resolved ones only when `state` says so. */
  list(botId: string, state: 'open' | 'resolved' | null, limit = 200): Promise<BotAlertRow[]> {
    const filter =
      state === 'open' ? 'AND resolved_at IS NULL' : state === 'resolved' ? 'AND resolved_at IS NOT NULL' : '';
    return this.db.query(
      `SELECT id, bot_id, kind, opened_at, resolved_at, details FROM bot_alerts
         WHERE bot_id = $1 ${filter} ORDER BY opened_at DESC, id DESC LIMIT $2`,
      [botId, limit],
    );
  }
}
