import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Broadcast outcomes without searching messages at read time (issue 28): a sent recipient's first reply is recorded
 * on its row (`replied_at`, the reply's `created_at`) by the ingest, in the transaction that stores the reply, so a
 * list of broadcasts counts rows instead of probing messages once per recipient. The partial index holds the sent
 * rows still without a reply: the ingest finds a contact's among them per inbound message. Rows sent before this
 * migration are filled from the messages by the rule the read used: an inbound message stored after the send and
 * dated from the send's second up to 24 hours after it.
 */
export class RecipientOutcomes1795402450000 implements MigrationInterface {
  name = 'RecipientOutcomes1795402450000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE broadcast_recipients ADD COLUMN replied_at timestamptz`);
    await q.query(`
      UPDATE broadcast_recipients r SET replied_at = (
          SELECT min(m.created_at) FROM messages m
           WHERE m.bot_id = b.bot_id AND m.external_user_id = r.external_user_id AND m.direction = 'in'
             AND m.created_at >= date_trunc('second', r.updated_at) AND m.stored_at > r.updated_at
             AND m.created_at <= r.updated_at + interval '24 hours')
        FROM broadcasts b
       WHERE b.id = r.broadcast_id AND r.status = 'sent'`);
    await q.query(`
      CREATE INDEX broadcast_recipients_awaiting_reply ON broadcast_recipients (contact_id, updated_at)
       WHERE status = 'sent' AND replied_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX broadcast_recipients_awaiting_reply`);
    await q.query(`ALTER TABLE broadcast_recipients DROP COLUMN replied_at`);
  }
}
