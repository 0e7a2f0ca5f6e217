import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The final cleanup deletes a removed bot's contacts in batches. Each deleted contact made PostgreSQL
 * look for its messages and broadcast recipients by contact_id, which neither table indexes: a full
 * scan of `messages` per contact (500 contacts beside 400,000 messages took 18 s; without the key 15 ms).
 * The cleanup removes a bot's messages and recipients itself before its contacts, and contacts only go
 * away with their bot, so these two keys (like funnel_reach, which never had one) are dropped instead
 * of adding an index that every ingested message would pay for.
 */
export class CleanupWithoutContactScans1795401200000 implements MigrationInterface {
  name = 'CleanupWithoutContactScans1795401200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages DROP CONSTRAINT messages_contact_id_fkey`);
    await q.query(`ALTER TABLE broadcast_recipients DROP CONSTRAINT broadcast_recipients_contact_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE broadcast_recipients ADD CONSTRAINT broadcast_recipients_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE CASCADE`,
    );
    await q.query(
      `ALTER TABLE messages ADD CONSTRAINT messages_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES contacts(id) ON DELETE CASCADE`,
    );
  }
}
