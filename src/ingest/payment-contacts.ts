import type { QueryConfig } from 'pg';
import { prepared } from './pipelined-transaction';

/**
 * The payer's columns of `payments` (migrations/1795402110000-RevenueReports.ts), kept by the ingest in the
 * transaction that changes what they copy, so the revenue reports never join a payment to its contact:
 *
 * - `paymentsStored(ids)`, queued after the batch's payments are inserted (their ids) and after its contacts'
 *   attribution is updated: copies each new payment's contact (first appearance, raw source and campaign) onto it,
 *   and marks the contact's earliest payment (by `paid_at`, then id) `first_of_contact`, taking the mark off the
 *   one that had it when a payment dated earlier arrives (an integrator's back-dated payment).
 * - Contacts the batch attributed that had none (the ingest's `newlyAttributed`): their earlier payments move to
 *   the source, as their retention and funnel rows do, in the revenue rollup's statement (revenue-days.ts, which
 *   moves their sums with them). A contact's attribution is set once, so nothing else ever changes these columns.
 *
 * It reaches payments by id or by contact (`payments_by_contact`), a few rows per payment, and is `prepared`.
 * A refund changes none of them (the reports read `refunded_at` itself); erasing a contact deletes its payments.
 */
export const PaymentContacts = {
  paymentsStored(paymentIds: string[]): QueryConfig | null {
    if (!paymentIds.length) return null;
    return prepared(
      `WITH firsts AS (
         SELECT DISTINCT ON (p.contact_id) p.contact_id, p.id
           FROM payments p
          WHERE p.contact_id IN (SELECT contact_id FROM payments WHERE id = ANY($1::uuid[]))
          ORDER BY p.contact_id, p.paid_at, p.id
       )
       UPDATE payments p
          SET contact_first_seen_at = c.first_seen_at, source_value = c.source_value, campaign_name = c.campaign_name,
              first_of_contact = p.id = f.id
         FROM firsts f, contacts c
        WHERE p.contact_id = f.contact_id AND c.id = p.contact_id
          AND (p.id = ANY($1::uuid[]) OR p.first_of_contact <> (p.id = f.id))`,
      [paymentIds],
    );
  },

};
