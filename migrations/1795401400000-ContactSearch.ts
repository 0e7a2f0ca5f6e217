import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cabinet's contact search (`GET /api/bots/:id/contacts?q=`): a case-insensitive part of the name,
 * username or phone. One trigram GIN index over the lower-cased searchable text, led by bot_id
 * (btree_gin), so a search reads only the matching contacts of that bot however many other bots hold.
 * The exact platform user id is found through the existing unique index contacts_bot_user.
 *
 * The expression must be written exactly like `CONTACT_SEARCH_TEXT` in src/contacts/contacts.queries.ts
 * for the planner to use the index. Name and surname are joined by a space (the full name as shown, so
 * "Анна Иванова" finds her), the other fields by a line break, which no name, username or search
 * (control characters are refused in `q`) contains, so a search never spans two of them.
 */
export class ContactSearch1795401400000 implements MigrationInterface {
  name = 'ContactSearch1795401400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await q.query(`
      CREATE INDEX contacts_search ON contacts USING gin (
        bot_id,
        lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || E'\\n' || coalesce(username, '') || E'\\n' || coalesce(phone, ''))
          gin_trgm_ops
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The extensions stay: dropping them could break anything else that came to use them.
    await q.query(`DROP INDEX contacts_search`);
  }
}
