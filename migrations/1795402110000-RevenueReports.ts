import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the revenue reads need (issue 26) besides the payments themselves, so no report joins a payment to its
 * contact row (a random page per payment: 40,000 payments of a 30-day window cost 0.1–0.2 s that way).
 *
 * - `payments` carries what the reports read of the payer: `contact_first_seen_at` (its cohort; never changes),
 *   `source_value` / `campaign_name` (its raw first-touch attribution, as on the contact row; null until it has
 *   one) and `first_of_contact` (the contact's earliest payment, refunded or not: a "new payer"). The ingest keeps
 *   them in its transaction (src/ingest/payment-contacts.ts): when it stores payments, and when it attributes a
 *   contact that has paid before.
 * - The window of a bot (`payments_by_time`) and a contact's payments (`payments_by_contact`) are read from the
 *   index alone; the LTV cohorts read a currency's payments by the payer's first appearance
 *   (`payments_by_cohort`); the payers of a bot are counted from its first payments and its refunded ones.
 * - `contacts_by_first_seen` carries the raw source and campaign: the contacts a source brought in a window are
 *   an index-only range of it, without a rollup on the ingest's path.
 * - A broadcast's recipient is found by contact (`broadcast_recipients_by_contact`), for its revenue.
 * - Funnel stages of type `payment`.
 */
export class RevenueReports1795402110000 implements MigrationInterface {
  name = 'RevenueReports1795402110000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN contact_first_seen_at timestamptz,
        ADD COLUMN source_value text,
        ADD COLUMN campaign_name text,
        ADD COLUMN first_of_contact boolean NOT NULL DEFAULT false`);
    await backfillPaymentContacts(q);
    // The same keys as before, covering what the reports read.
    await q.query(`DROP INDEX payments_by_time`);
    await q.query(`
      CREATE INDEX payments_by_time ON payments (bot_id, paid_at)
        INCLUDE (contact_id, currency, amount, refunded_at, payload, source_value, campaign_name, first_of_contact)`);
    await q.query(`DROP INDEX payments_by_contact`);
    await q.query(`
      CREATE INDEX payments_by_contact ON payments (contact_id, paid_at) INCLUDE (currency, amount, refunded_at)`);
    await q.query(`
      CREATE INDEX payments_by_cohort ON payments (bot_id, currency, contact_first_seen_at)
        INCLUDE (paid_at, amount, refunded_at, contact_id, source_value)`);
    // How many UTC days a window's payments fall on: without it the planner takes every payment for a day of its own
    // and sorts the timeline's grouping instead of hashing it.
    await q.query(`CREATE STATISTICS payments_paid_day ON ((paid_at AT TIME ZONE 'UTC')::date) FROM payments`);
    // Contacts who ever paid (one first payment each), and those refunded (to leave out the refunded only).
    await q.query(`CREATE INDEX payments_firsts ON payments (bot_id) INCLUDE (contact_id) WHERE first_of_contact`);
    await q.query(
      `CREATE INDEX payments_refunded ON payments (bot_id) INCLUDE (contact_id) WHERE refunded_at IS NOT NULL`,
    );

    await q.query(`DROP INDEX contacts_by_first_seen`);
    await q.query(
      `CREATE INDEX contacts_by_first_seen ON contacts (bot_id, first_seen_at) INCLUDE (source_value, campaign_name)`,
    );

    await q.query(`CREATE INDEX broadcast_recipients_by_contact ON broadcast_recipients (broadcast_id, contact_id)`);

    await q.query(`
      ALTER TABLE funnel_stages DROP CONSTRAINT funnel_stages_type_check,
        ADD CONSTRAINT funnel_stages_type_check CHECK (type IN ('text', 'command', 'intent', 'button', 'payment'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM funnel_stages WHERE type = 'payment'`);
    await q.query(`DELETE FROM funnel_stage_keys WHERE type = 'payment'`);
    await q.query(`
      ALTER TABLE funnel_stages DROP CONSTRAINT funnel_stages_type_check,
        ADD CONSTRAINT funnel_stages_type_check CHECK (type IN ('text', 'command', 'intent', 'button'))`);
    await q.query(`DROP INDEX broadcast_recipients_by_contact`);
    await q.query(`DROP INDEX contacts_by_first_seen`);
    await q.query(`CREATE INDEX contacts_by_first_seen ON contacts (bot_id, first_seen_at)`);
    await q.query(`DROP STATISTICS payments_paid_day`);
    await q.query(`DROP INDEX payments_firsts, payments_refunded, payments_by_cohort, payments_by_contact`);
    await q.query(`DROP INDEX payments_by_time`);
    await q.query(`CREATE INDEX payments_by_contact ON payments (contact_id, paid_at)`);
    await q.query(`
      CREATE INDEX payments_by_time ON payments (bot_id, paid_at)
        INCLUDE (contact_id, currency, amount, refunded_at, payload)`);
    await q.query(`
      ALTER TABLE payments DROP COLUMN contact_first_seen_at, DROP COLUMN source_value, DROP COLUMN campaign_name,
        DROP COLUMN first_of_contact`);
  }
}

/** The payer's columns of every payment, from the contacts, as the ingest keeps them (also the reports bench seed). */
export async function backfillPaymentContacts(q: {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await q.query(`
    UPDATE payments p
       SET contact_first_seen_at = c.first_seen_at, source_value = c.source_value, campaign_name = c.campaign_name,
           first_of_contact = p.id IN (SELECT DISTINCT ON (contact_id) id FROM payments ORDER BY contact_id, paid_at, id)
      FROM contacts c
     WHERE c.id = p.contact_id`);
}
