import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments (issue 26): what a contact paid, captured from Telegram's `successful_payment` updates or reported
 * by an integrator, and whether it was refunded. Written by the ingest with the other facts of its batch, so a
 * payment and its contact commit together; read by the revenue reports.
 */
export class Payments1795402100000 implements MigrationInterface {
  name = 'Payments1795402100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL,
        contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        external_user_id text NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0 AND amount <= 1000000000000),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        charge_id text NOT NULL,
        provider_charge_id text,
        payload text,
        recurring boolean NOT NULL DEFAULT false,
        first_recurring boolean NOT NULL DEFAULT false,
        subscription_expires_at timestamptz,
        paid_at timestamptz NOT NULL,
        refunded_at timestamptz,
        origin text NOT NULL CHECK (origin IN ('platform', 'api')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A charge is one payment per bot, whichever way it arrives and however often.
    await q.query(`CREATE UNIQUE INDEX payments_charge ON payments (bot_id, charge_id)`);
    // The revenue report's window of a bot, read from the index alone.
    await q.query(`
      CREATE INDEX payments_by_time ON payments (bot_id, paid_at)
        INCLUDE (contact_id, currency, amount, refunded_at, payload)`);
    // A contact's payments (its card, the list's counts, the contact cascade and erasure), and cohorts by contact.
    await q.query(`CREATE INDEX payments_by_contact ON payments (contact_id, paid_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payments`);
  }
}
