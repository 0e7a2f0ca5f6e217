import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BroadcastRevenueDto } from './broadcast.dto';

/** How long after its send a recipient's payment counts for the broadcast (issue 26). */
export const BROADCAST_REVENUE_HOURS = 72;

/**
 * A broadcast's revenue: its recipients' payments made within 72 hours after their own send (the moment the
 * recipient was marked sent), both ends included, per currency: `net` is what was not refunded, `payers` the
 * recipients with such a payment. Only the bot's payments from the broadcast's start to 72 hours after it ended
 * are looked at (an hour more for a send still in flight when it was cancelled), each probing the broadcast's
 * recipients by contact (`broadcast_recipients_by_contact`).
 */
@Injectable()
export class BroadcastRevenueQueries {
  constructor(private readonly db: DataSource) {}

  /** The revenue of each of the bot's broadcasts asked for; a broadcast without any has none in the map. */
  async of(botId: string, broadcastIds: string[]): Promise<Map<string, BroadcastRevenueDto[]>> {
    const revenue = new Map<string, BroadcastRevenueDto[]>();
    if (!broadcastIds.length) return revenue;
    const rows = await this.db.query<Array<{ broadcast_id: string; currency: string; net: string; payers: number }>>(
      `SELECT b.id AS broadcast_id, p.currency,
              coalesce(sum(p.amount) FILTER (WHERE p.refunded_at IS NULL), 0) AS net,
              count(DISTINCT p.contact_id) FILTER (WHERE p.refunded_at IS NULL)::int AS payers
         FROM broadcasts b
         JOIN payments p ON p.bot_id = b.bot_id AND p.paid_at >= b.started_at
                        AND p.paid_at <= coalesce(b.finished_at, now()) + make_interval(hours => $3 + 1)
         JOIN broadcast_recipients r ON r.broadcast_id = b.id AND r.contact_id = p.contact_id AND r.status = 'sent'
                                    AND p.paid_at BETWEEN r.updated_at AND r.updated_at + make_interval(hours => $3)
        WHERE b.id = ANY($2::uuid[]) AND b.bot_id = $1 AND b.started_at IS NOT NULL
        GROUP BY 1, 2
        ORDER BY b.id, p.currency COLLATE "C"`,
      [botId, broadcastIds, BROADCAST_REVENUE_HOURS],
    );
    for (const row of rows) {
      const list = revenue.get(row.broadcast_id) ?? [];
      list.push({ currency: row.currency, net: Number(row.net), payers: row.payers });
      revenue.set(row.broadcast_id, list);
    }
    return revenue;
  }
}
