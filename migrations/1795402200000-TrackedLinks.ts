import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracked links (issue 28): a bot's short links `/l/<code>` and the clicks on them. A link is only ever hidden
 * (`deleted_at`), so its code stays taken and a printed link never starts pointing somewhere else. Clicks are
 * written by the redirect's group commit; they carry no key to `links` or `bots` (a per-row key check would lock
 * the one hot link row of every click, as it did the bot row of every message), and the final cleanup deletes
 * them through their links. A click names its contact when it came through a per-contact link; anonymous clicks
 * carry `visitor`, a keyed hash of the address and the user agent that changes every UTC day, for unique counts.
 */
export class TrackedLinks1795402200000 implements MigrationInterface {
  name = 'TrackedLinks1795402200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        code text NOT NULL,
        url text NOT NULL,
        name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    // Deleted links keep their codes.
    await q.query(`CREATE UNIQUE INDEX links_code ON links (code)`);
    // A bot's list, newest first, and the final cleanup.
    await q.query(`CREATE INDEX links_by_bot ON links (bot_id, created_at)`);
    // The link a broadcast reuses for a URL it already tracks.
    await q.query(`CREATE INDEX links_by_url ON links (bot_id, md5(url)) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE clicks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        link_id uuid NOT NULL,
        bot_id uuid NOT NULL,
        contact_id uuid REFERENCES contacts(id) ON DELETE CASCADE,
        visitor bigint,
        agent text NOT NULL,
        clicked_at timestamptz NOT NULL
      )`);
    // A link's counts and its timeline, from the index alone; the cleanup of a bot's clicks.
    await q.query(`CREATE INDEX clicks_by_link ON clicks (link_id, clicked_at) INCLUDE (contact_id, visitor)`);
    // A contact's clicks (its card, erasure, the contact's cascade).
    await q.query(`CREATE INDEX clicks_by_contact ON clicks (contact_id, clicked_at) WHERE contact_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clicks`);
    await q.query(`DROP TABLE links`);
  }
}
