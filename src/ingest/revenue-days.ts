import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import { Queryable } from '../database/sql';
import { prepared } from './pipelined-transaction';

/** What a batch changed that `revenue_days` counts: payments inserted, payments refunded, contacts attributed. */
export interface RevenueChanges {
  inserted: string[];
  refunded: string[];
  /** Contacts the batch attributed to a source for the first time (they had none). */
  attributed: string[];
}

/**
 * The upserts of a set of deltas (`deltas`: bot_id, paid_at, the payer's first_seen_at, currency, raw source,
 * campaign, payload, sums) into the three rollups, each in key order: revenue_cohorts (the net of payments not
 * refunded, per cohort and period of payment, by day and by week) and revenue_payload_days in CTEs (run whatever
 * reads them), then revenue_days, in every statement that writes them.
 */
const UPSERT_DELTAS = `,
  cohort_rows AS (
    INSERT INTO revenue_cohorts AS r (bot_id, currency, period, cohort_start, paid_start, source_value, net)
    SELECT d.bot_id, d.currency, k.period, date_trunc(k.period, d.first_seen_at AT TIME ZONE 'UTC')::date,
           date_trunc(k.period, d.paid_at AT TIME ZONE 'UTC')::date, d.source_value, sum(d.gross - d.refunds)
      FROM deltas d CROSS JOIN (VALUES ('day'), ('week')) AS k(period)
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d.gross - d.refunds) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (bot_id, currency, period, cohort_start, paid_start, source_value) DO UPDATE SET net = r.net + EXCLUDED.net
  ),
  payload_rows AS (
    INSERT INTO revenue_payload_days AS r (bot_id, day, currency, source_value, payload, gross, refunds, payments)
    SELECT bot_id, (paid_at AT TIME ZONE 'UTC')::date, currency, source_value, payload, sum(gross), sum(refunds),
           sum(payments)
      FROM deltas
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (bot_id, day, currency, source_value, payload) DO UPDATE SET
      gross = r.gross + EXCLUDED.gross, refunds = r.refunds + EXCLUDED.refunds, payments = r.payments + EXCLUDED.payments
  )
  INSERT INTO revenue_days AS r (bot_id, day, currency, source_value, campaign_name, gross, refunds, payments, refunded)
  SELECT bot_id, (paid_at AT TIME ZONE 'UTC')::date, currency, source_value, campaign_name, sum(gross), sum(refunds),
         sum(payments), sum(refunded)
    FROM deltas
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (bot_id, day, currency, source_value, campaign_name) DO UPDATE SET
    gross = r.gross + EXCLUDED.gross, refunds = r.refunds + EXCLUDED.refunds,
    payments = r.payments + EXCLUDED.payments, refunded = r.refunded + EXCLUDED.refunded`;

/**
 * The revenue rollups (migrations/1795402800000-RevenueRollups.ts): per bot, UTC day of payment, currency and the
 * payer's raw source and campaign (`revenue_days`) or raw source and payload (`revenue_payload_days`), the payments'
 * gross, refunded amount, count (and refunded count).
 *
 * `statement` runs in the ingest's transaction after the batch's payments are inserted and refunded and their payer's
 * columns copied (PaymentContacts.paymentsChanged), in one statement whose upserts' keys are sorted, as every counter of
 * the ingest: a new payment adds its amount and one payment to its row, a refund (of a payment of any day) adds the
 * amount to the refunds of its payment's row, and a contact attributed now moves its earlier payments, whose payer's
 * columns this statement updates too (they had no source), from their row without a source to the one with it. The
 * statement's snapshot is taken before its own update, so a payment refunded in the same batch is added where it
 * stood and moved with its refund.
 *
 * Erasing a contact (`eraseContact`) deletes its payments and takes them out of their rows, as the report computed
 * from the payments would no longer see them. Rows are never deleted: one emptied by a move or an erasure holds zero
 * payments and the report skips it.
 */
@Injectable()
export class RevenueDays implements ContactDataOwner {
  static statement(changes: RevenueChanges): QueryConfig | null {
    const { inserted, refunded, attributed } = changes;
    if (!inserted.length && !refunded.length && !attributed.length) return null;
    // Reaches payments by id and by contact, contacts by id: a prepared plan stays on index probes (KEYED_PLANS).
    return prepared(
      `WITH moved AS (
         UPDATE payments p SET source_value = c.source_value, campaign_name = c.campaign_name
           FROM contacts c, payments o
          WHERE c.id = ANY($3::uuid[]) AND p.contact_id = c.id AND o.id = p.id
            AND (p.source_value, p.campaign_name) IS DISTINCT FROM (c.source_value, c.campaign_name)
          RETURNING p.bot_id, p.paid_at, p.contact_first_seen_at, p.currency, p.payload, p.amount,
                    (p.refunded_at IS NOT NULL)::int AS refunded,
                    o.source_value AS old_source, o.campaign_name AS old_campaign,
                    c.source_value AS new_source, c.campaign_name AS new_campaign
       ),
       deltas (bot_id, paid_at, first_seen_at, currency, source_value, campaign_name, payload, gross, refunds, payments,
               refunded) AS (
         SELECT p.bot_id, p.paid_at, p.contact_first_seen_at, p.currency, p.source_value, p.campaign_name, p.payload,
                CASE WHEN p.id = ANY($1::uuid[]) THEN p.amount ELSE 0 END,
                CASE WHEN p.id = ANY($2::uuid[]) THEN p.amount ELSE 0 END,
                (p.id = ANY($1::uuid[]))::int, (p.id = ANY($2::uuid[]))::int
           FROM payments p
          WHERE p.id = ANY($1::uuid[] || $2::uuid[])
         UNION ALL
         SELECT bot_id, paid_at, contact_first_seen_at, currency, old_source, old_campaign, payload, -amount,
                -amount * refunded, -1, -refunded
           FROM moved
         UNION ALL
         SELECT bot_id, paid_at, contact_first_seen_at, currency, new_source, new_campaign, payload, amount,
                amount * refunded, 1, refunded
           FROM moved
       )${UPSERT_DELTAS}`,
      [inserted, refunded, attributed],
    );
  }

  /** Deletes the contact's payments and takes them out of the rollup; run before its contact row is deleted. */
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    await q.query(
      `WITH gone AS (
         DELETE FROM payments WHERE contact_id = $2 AND bot_id = $1
         RETURNING bot_id, paid_at, contact_first_seen_at, currency, source_value, campaign_name, payload, amount,
                   (refunded_at IS NOT NULL)::int AS refunded
       ),
       deltas (bot_id, paid_at, first_seen_at, currency, source_value, campaign_name, payload, gross, refunds, payments,
               refunded) AS (
         SELECT bot_id, paid_at, contact_first_seen_at, currency, source_value, campaign_name, payload, -amount,
                -amount * refunded, -1, -refunded
           FROM gone
       )${UPSERT_DELTAS}`,
      [botId, key.id],
    );
  }
}
