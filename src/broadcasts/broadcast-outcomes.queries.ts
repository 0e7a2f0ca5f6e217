import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { REPLY_WINDOW_HOURS } from '../ingest/broadcast-replies-statement';
import type { BroadcastOutcomesDto } from './broadcast.dto';
/** How long after its send a recipient's payment counts for the broadcast (issue 26). */
export const BROADCAST_REVENUE_HOURS = 72;
/** How long after its send a recipient's reply or block counts for the broadcast (issue 28): the ingest's window. */
export const BROADCAST_REACTION_HOURS = REPLY_WINDOW_HOURS;

/** A broadcast's outcomes in all, and per variant (by index) for an A/B broadcast. */
export interface BroadcastOutcomes {
  all: BroadcastOutcomesDto;
  variants: Map<number, BroadcastOutcomesDto>;
}

export function noOutcomes(): BroadcastOutcomesDto {
  return { delivered: 0, failed: 0, blocked_on_send: 0, clicked: 0, replied: 0, blocked_after: 0, revenue: [] };
}

interface OutcomeRow {
  broadcast_id: string;
  variant: number | null;
  /** The broadcast's own row (else a variant's; a broadcast of one text has one of each, alike). */
  whole: boolean;
  kind: 'counts' | 'revenue';
  delivered: number;
  failed: number;
  blocked_on_send: number;
  clicked: number;
  replied: number;
  blocked_after: number;
  currency: string | null;
  net: string | null;
  payers: number | null;
}

/**
 * What broadcasts did (issue 28), in one statement for any number of them: each recipient is one contact and is
 * counted once per outcome, whatever it did how often. A recipient's send time is the moment it was marked
 * sent (`updated_at` of a `sent` row); `clicked`: a click through its own link on one of the broadcast's links
 * (`link_ids`), at any time; `replied`: an inbound message stored after the send and dated from the send's second
 * (platforms date messages in whole seconds) to 24 h after it, recorded on the row as it is stored (`replied_at`,
 * src/ingest/broadcast-replies-statement.ts: a probe of messages per recipient here cost seconds for a list); `blocked_after`: the contact's `blocked_at` in that window (a kick reported by the platform, or a 403 on a later send; an unblock clears it);
 * `blocked_on_send`: failed with the platform's 403; revenue (issue 26): per currency, the recipients' payments
 * from their own send to 72 hours after it, both ends included, `net` less refunds, `payers` those with a payment
 * not refunded (each payment found by contact, `payments_by_contact`). Rows come per
 * broadcast and, with GROUPING SETS, per variant too.
 */
@Injectable()
export class BroadcastOutcomesQueries {
  constructor(private readonly db: DataSource) {}

  async of(botId: string, broadcastIds: string[]): Promise<Map<string, BroadcastOutcomes>> {
    const outcomes = new Map<string, BroadcastOutcomes>();
    if (!broadcastIds.length) return outcomes;
    const rows = await this.db.query<OutcomeRow[]>(
      `WITH b AS (
         SELECT id, bot_id, link_ids FROM broadcasts
          WHERE id = ANY($2::uuid[]) AND bot_id = $1 AND started_at IS NOT NULL),
       -- The bot's blocked contacts, few, from their partial index: one hash join instead of a probe per recipient.
       blocked AS (
         SELECT id, blocked_at FROM contacts WHERE bot_id = $1 AND blocked_at IS NOT NULL),
       clickers AS (
         SELECT DISTINCT b.id AS broadcast_id, k.contact_id
           FROM b JOIN clicks k ON k.link_id = ANY(b.link_ids) AND k.contact_id IS NOT NULL),
       r AS (
         SELECT r.broadcast_id, r.variant, r.contact_id, r.status, r.updated_at AS sent_at,
                r.status = 'failed' AND r.error LIKE '403%' AS blocked_on_send,
                r.status = 'sent' AND k.contact_id IS NOT NULL AS clicked,
                r.status = 'sent' AND r.replied_at IS NOT NULL AS replied,
                r.status = 'sent' AND bl.blocked_at >= date_trunc('second', r.updated_at)
                  AND bl.blocked_at <= r.updated_at + make_interval(hours => $3) AS blocked_after
           FROM b JOIN broadcast_recipients r ON r.broadcast_id = b.id AND r.status IN ('sent', 'failed')
           LEFT JOIN clickers k ON k.broadcast_id = r.broadcast_id AND k.contact_id = r.contact_id
           LEFT JOIN blocked bl ON bl.id = r.contact_id),
       -- The bot's payments over the sends' whole span, once (payments_by_time), hash-joined to the recipients:
       -- a probe of payments_by_contact per delivered recipient cost more than all the rest of a list.
       span AS (
         SELECT min(sent_at) AS first, max(sent_at) + make_interval(hours => $4) AS last FROM r WHERE status = 'sent'),
       bot_paid AS (
         SELECT p.contact_id, p.paid_at, p.currency, p.amount, p.refunded_at
           FROM span JOIN payments p ON p.bot_id = $1 AND p.paid_at BETWEEN span.first AND span.last),
       paid AS (
         SELECT r.broadcast_id, r.variant, r.contact_id, p.currency, p.amount, p.refunded_at
           FROM r JOIN bot_paid p ON p.contact_id = r.contact_id
                                 AND p.paid_at BETWEEN r.sent_at AND r.sent_at + make_interval(hours => $4)
          WHERE r.status = 'sent')
       SELECT broadcast_id, variant, GROUPING(variant) = 1 AS whole, 'counts' AS kind,
              count(*) FILTER (WHERE status = 'sent')::int AS delivered,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE blocked_on_send)::int AS blocked_on_send,
              count(*) FILTER (WHERE clicked)::int AS clicked,
              count(*) FILTER (WHERE replied)::int AS replied,
              count(*) FILTER (WHERE blocked_after)::int AS blocked_after,
              NULL::text AS currency, NULL::text AS net, NULL::int AS payers
         FROM r
        GROUP BY GROUPING SETS ((broadcast_id), (broadcast_id, variant))
       UNION ALL
       SELECT broadcast_id, variant, GROUPING(variant) = 1, 'revenue', 0, 0, 0, 0, 0, 0, currency COLLATE "C",
              coalesce(sum(amount) FILTER (WHERE refunded_at IS NULL), 0)::text,
              count(DISTINCT contact_id) FILTER (WHERE refunded_at IS NULL)::int
         FROM paid
        GROUP BY GROUPING SETS ((broadcast_id, currency), (broadcast_id, variant, currency))
        ORDER BY currency NULLS FIRST`,
      [botId, broadcastIds, BROADCAST_REACTION_HOURS, BROADCAST_REVENUE_HOURS],
    );
    const slot = (row: OutcomeRow): BroadcastOutcomesDto => {
      let entry = outcomes.get(row.broadcast_id);
      if (!entry) outcomes.set(row.broadcast_id, (entry = { all: noOutcomes(), variants: new Map() }));
      if (row.whole || row.variant === null) return entry.all;
      let variant = entry.variants.get(row.variant);
      if (!variant) entry.variants.set(row.variant, (variant = noOutcomes()));
      return variant;
    };
    for (const row of rows) {
      if (!row.whole && row.variant === null) continue;
      const target = slot(row);
      if (row.kind === 'revenue') {
        target.revenue.push({ currency: row.currency!, net: Number(row.net), payers: row.payers! });
        continue;
      }
      target.delivered = row.delivered;
      target.failed = row.failed;
      target.blocked_on_send = row.blocked_on_send;
      target.clicked = row.clicked;
      target.replied = row.replied;
      target.blocked_after = row.blocked_after;
    }
    return outcomes;
  }
}
