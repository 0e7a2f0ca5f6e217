import { MigrationInterface, QueryRunner } from 'typeorm';

/** Event webhook subscriptions and the log of their deliveries (newest 50 kept per subscription). */
export class Webhooks1795400400000 implements MigrationInterface {
  name = 'Webhooks1795400400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        bot_id uuid REFERENCES bots(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_encrypted text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_subscriptions_user ON webhook_subscriptions (user_id, created_at)`);

    await q.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        subscription_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
        event text NOT NULL,
        status_code integer,
        error text,
        duration_ms integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (subscription_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries, webhook_subscriptions`);
  }
}
