import type { QueryConfig } from 'pg';
import { prepared } from './pipelined-transaction';

/**
 * The payer's columns of `payments` (migrations/1795402110000-RevenueReports.ts, 1795402800000-RevenueRollups.ts),
 * kept by the ingest in the transaction that changes what they copy, so the revenue reports never join a payment to
 * its contact nor group a window's payments by contact:
 *
 * - `paymentsChanged(inserted, refunded)`, queued after the batch's payments are inserted and refunded and after its
 *   contacts' attribution is updated, right after `lockPayers`: copies each new payment's contact (first appearance,
 *   raw source and campaign) onto it; over every payment of the contacts concerned, marks the contact's earliest
 *   payment (by `paid_at`, then id) `first_of_contact` and copies its time (`contact_first_paid_at`), taking the
 *   mark off the one that had it when a payment dated earlier arrives (an integrator's back-dated payment); and
 *   gives each payment not refunded the time of the contact's previous one not refunded in its currency
 *   (`previous_paid_at`, null for the first and for refunded ones), which a refund or a back-dated payment changes for
 *   the payments after it; and marks the contact's earliest payment not refunded, in any currency
 *   (`first_kept_of_contact`: one per payer).
 * - Contacts the batch attributed that had none (the ingest's `newlyAttributed`): their earlier payments move to
 *   the source, as their retention and funnel rows do, in the revenue rollup's statement (revenue-days.ts, which
 *   moves their sums with them). A contact's attribution is set once, so nothing else ever changes these columns
 *   (this statement copies the source onto new payments only).
 *
 * It reaches payments by id and by contact (`payments_by_contact`), a few rows per payment, and is `prepared`.
 * Erasing a contact deletes its payments.
 */
export const PaymentContacts = {
  /**
   * Locks the contacts of the payments a batch inserted or refunded, in id order, right before `paymentsChanged`:
   * two batches paying one contact at once (two instances; a reported payment beside a captured one) then write its
   * columns one after the other, the second reading the first's payments (a statement after the wait sees its
   * commit). Without it each computed the columns without the other's payment, and both kept the first-payment mark.
   */
  lockPayers(inserted: string[], refunded: string[]): QueryConfig | null {
    if (!inserted.length && !refunded.length) return null;
    return prepared(
      `SELECT count(*) FROM (
         SELECT 1 FROM contacts c
          WHERE c.id IN (SELECT contact_id FROM payments WHERE id = ANY($1::uuid[] || $2::uuid[]))
          ORDER BY c.id FOR NO KEY UPDATE OF c) locked`,
      [inserted, refunded],
    );
  },

  paymentsChanged(inserted: string[], refunded: string[]): QueryConfig | null {
    if (!inserted.length && !refunded.length) return null;
    return prepared(
      `WITH ranked AS (
         SELECT p.id,
                p.id = first_value(p.id) OVER by_contact AS first_of_contact,
                first_value(p.paid_at) OVER by_contact AS contact_first_paid_at,
                p.refunded_at IS NULL AND p.id = first_value(p.id) OVER (
                  PARTITION BY p.contact_id, p.refunded_at IS NULL ORDER BY p.paid_at, p.id) AS first_kept_of_contact,
                CASE WHEN p.refunded_at IS NULL THEN lag(p.paid_at) OVER (
                  PARTITION BY p.contact_id, p.currency, p.refunded_at IS NULL ORDER BY p.paid_at, p.id) END
                  AS previous_paid_at
           FROM payments p
          WHERE p.contact_id IN (SELECT contact_id FROM payments WHERE id = ANY($1::uuid[] || $2::uuid[]))
         WINDOW by_contact AS (PARTITION BY p.contact_id ORDER BY p.paid_at, p.id)
       )
       UPDATE payments p
          SET contact_first_seen_at = CASE WHEN p.id = ANY($1::uuid[]) THEN c.first_seen_at ELSE p.contact_first_seen_at END,
              source_value = CASE WHEN p.id = ANY($1::uuid[]) THEN c.source_value ELSE p.source_value END,
              campaign_name = CASE WHEN p.id = ANY($1::uuid[]) THEN c.campaign_name ELSE p.campaign_name END,
              first_of_contact = r.first_of_contact, contact_first_paid_at = r.contact_first_paid_at,
              previous_paid_at = r.previous_paid_at, first_kept_of_contact = r.first_kept_of_contact
         FROM ranked r, contacts c
        WHERE p.id = r.id AND c.id = p.contact_id
          AND (p.id = ANY($1::uuid[])
               OR (p.first_of_contact, p.contact_first_paid_at, p.previous_paid_at, p.first_kept_of_contact)
                  IS DISTINCT FROM (r.first_of_contact, r.contact_first_paid_at, r.previous_paid_at, r.first_kept_of_contact))`,
      [inserted, refunded],
    );
  },
};
