/**
 * A contact's payments as its list item, card and CSV row show them (issue 26): `payments` counts them all,
 * refunded ones included; `revenue` is per currency what was not refunded (`net`, smallest units), ordered by
 * currency. A payer is a contact with a payment that was not refunded. Read along `payments_by_contact` alone,
 * a few index entries per contact, so a page of the list costs one probe per contact on it.
 */

/** `pay.payments`, `pay.revenue` of the contact `contact` (a LEFT JOIN LATERAL: every contact keeps its row). */
export function paymentsOf(contact: string): string {
  return `LEFT JOIN LATERAL (
    SELECT sum(n)::int AS payments,
           json_agg(json_build_object('currency', currency, 'net', net) ORDER BY currency COLLATE "C") AS revenue
      FROM (SELECT currency, count(*) AS n, coalesce(sum(amount) FILTER (WHERE refunded_at IS NULL), 0) AS net
              FROM payments WHERE contact_id = ${contact}.id GROUP BY currency) per_currency
  ) pay ON true`;
}

/** The fields `paymentsOf` adds, with what a contact without payments shows. */
export const PAYMENT_FIELDS = `coalesce(pay.payments, 0) AS payments, coalesce(pay.revenue, '[]'::json) AS revenue`;

/** Only payers (`true`) or only the others (`false`), of the contacts row `contact`. */
export function payerCondition(payer: boolean, contact: string): string {
  return `${payer ? '' : 'NOT '}EXISTS (SELECT FROM payments p WHERE p.contact_id = ${contact}.id AND p.refunded_at IS NULL)`;
}

/**
 * The bot's payers (`$1`): one payment each is marked the payer's first not refunded (`first_kept_of_contact`, kept
 * by the ingest, src/ingest/payment-contacts.ts), counted from the partial index `payments_payer_contacts` alone.
 */
export const PAYERS_COUNT_SQL = `SELECT count(*) AS payers FROM payments WHERE bot_id = $1 AND first_kept_of_contact`;

/**
 * The CSV columns `payments` and `revenue` (`RUB 99000; XTR 1500`: each currency and its net, by currency) of the
 * contacts row `contact`, from the bot's (`$1`) payments grouped once for the whole export.
 */
export function paymentsExportColumns(contact: string): { columns: string; join: string } {
  return {
    columns: `coalesce(pay.payments, 0)::text, coalesce(pay.revenue, '')`,
    join: `LEFT JOIN (
      SELECT contact_id, sum(n) AS payments, string_agg(currency || ' ' || net, '; ' ORDER BY currency COLLATE "C") AS revenue
        FROM (SELECT contact_id, currency, count(*) AS n,
                     coalesce(sum(amount) FILTER (WHERE refunded_at IS NULL), 0) AS net
                FROM payments WHERE bot_id = $1 GROUP BY 1, 2) per_currency
       GROUP BY contact_id
    ) pay ON pay.contact_id = ${contact}.id`,
  };
}
