import { MigrationInterface, QueryRunner } from 'typeorm';

/** Intents (keyword and pattern rules per bot) and which inbound messages each matched. */
export class Intents1795400500000 implements MigrationInterface {
  name = 'Intents1795400500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE intents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        color text NOT NULL DEFAULT '#6B7280',
        is_active boolean NOT NULL DEFAULT true,
        keywords text[] NOT NULL DEFAULT '{}',
        patterns text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT intents_bot_name UNIQUE (bot_id, name)
      )`);
    await q.query(`
      CREATE TABLE message_intents (
        intent_id uuid NOT NULL REFERENCES intents(id) ON DELETE CASCADE,
        message_id uuid NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        bot_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (intent_id, message_id)
      )`);
    await q.query(`CREATE INDEX message_intents_by_time ON message_intents (intent_id, created_at DESC)`);
    await q.query(`CREATE INDEX message_intents_by_contact ON message_intents (intent_id, contact_id)`);
    await q.query(`CREATE INDEX message_intents_by_message ON message_intents (message_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE message_intents, intents`);
  }
}
