import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery log shows what was sent and what the receiver answered (the cabinet's webhooks screen):
 * the first 500 characters of each. Nullable, so the existing rows need no rewrite.
 */
export class DeliveryPreviews1795401600000 implements MigrationInterface {
  name = 'DeliveryPreviews1795401600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN body_preview text, ADD COLUMN response_preview text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN body_preview, DROP COLUMN response_preview`);
  }
}
