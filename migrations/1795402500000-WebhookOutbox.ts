import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event deliveries waiting to be sent (issue 29): one row per (event, subscription), written in bulk right after the
 * facts' commit and deleted once its one attempt is made. Workers claim rows by setting `lease_until`; a worker that
 * dies leaves its rows to be claimed again when the lease runs out, so nothing waits on Redis. `data` is the event's
 * data already serialised (once per event), spliced into each subscription's envelope when sent. No key to
 * `webhook_subscriptions`: a per-row key check would lock the one hot subscription row of every event; a row whose
 * subscription is gone is dropped when claimed.
 */
export class WebhookOutbox1795402500000 implements MigrationInterface {
  name = 'WebhookOutbox1795402500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_outbox (
        id bigserial PRIMARY KEY,
        subscription_id uuid NOT NULL,
        event text NOT NULL,
        event_id uuid NOT NULL,
        data text NOT NULL,
        lease_until timestamptz NOT NULL DEFAULT '-infinity',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_outbox`);
  }
}
