import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the foreign key from messages to bots. Its per-row check locks the bot's row (FOR KEY SHARE)
 * for every inserted message, and the ingest's two transactions in flight lock the same row of a busy
 * bot together. In bench/mirror.ts, dropping it took the mirror from 39–40% to 44–48% of nginx's
 * requests/s and PostgreSQL's CPU per recorded send from 20 to 16 µs.
 *
 * The key guarded nothing the writes don't already: a message is only ever inserted joined to a contact
 * of the same bot (src/ingest/fact-store.ts), messages keep their key to contacts and contacts theirs to
 * bots, both ON DELETE CASCADE; the cleanup deletes a bot's messages itself before the bot
 * (src/cleanup/bot-data.ts).
 */
export class MessagesWithoutBotKey1795401300000 implements MigrationInterface {
  name = 'MessagesWithoutBotKey1795401300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE messages DROP CONSTRAINT messages_bot_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE messages ADD CONSTRAINT messages_bot_id_fkey FOREIGN KEY (bot_id) REFERENCES bots(id) ON DELETE CASCADE`,
    );
  }
}
