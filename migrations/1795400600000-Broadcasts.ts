import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Broadcasts and their recipients. Recipients are materialised when a broadcast starts (at creation
 * for immediate ones, at send time for scheduled ones), so a broadcast that resumes after a restart
 * knows exactly who is left: `pending` rows are still to be sent, `sending` rows were in flight when
 * the process stopped (uncertain, never resent), `sent` and `failed` are final.
 */
export class Broadcasts1795400600000 implements MigrationInterface {
  name = 'Broadcasts1795400600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE broadcasts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        origin text NOT NULL CHECK (origin IN ('api', 'cabinet')),
        text text NOT NULL DEFAULT '',
        kind text CHECK (kind IN ('photo', 'audio', 'file')),
        platform text NOT NULL DEFAULT 'all' CHECK (platform IN ('all', 'telegram', 'max')),
        segment jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('scheduled', 'queued', 'running', 'done', 'failed', 'cancelled')),
        total_count integer NOT NULL DEFAULT 0,
        sent_count integer NOT NULL DEFAULT 0,
        failed_count integer NOT NULL DEFAULT 0,
        -- The platform's handle of the uploaded file (Telegram file_id, MAX upload token), so the
        -- file is uploaded once per broadcast, not once per recipient, and not again on resume.
        platform_file_ref text,
        error text,
        send_at timestamptz,
        started_at timestamptz,
        finished_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX broadcasts_by_bot ON broadcasts (bot_id, created_at DESC)`);
    // Start-up looks for unfinished broadcasts to put back on the queue.
    await q.query(
      `CREATE INDEX broadcasts_unfinished ON broadcasts (status) WHERE status IN ('scheduled', 'queued', 'running')`,
    );

    await q.query(`
      CREATE TABLE broadcast_files (
        broadcast_id uuid PRIMARY KEY REFERENCES broadcasts(id) ON DELETE CASCADE,
        file_name text NOT NULL,
        mime_type text NOT NULL,
        bytes bytea NOT NULL
      )`);

    await q.query(`
      CREATE TABLE broadcast_recipients (
        broadcast_id uuid NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
        position integer NOT NULL,
        contact_id uuid NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        external_user_id text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        error text,
        message_id uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (broadcast_id, position)
      )`);
    await q.query(
      `CREATE INDEX broadcast_recipients_pending ON broadcast_recipients (broadcast_id, position) WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE broadcast_recipients, broadcast_files, broadcasts`);
  }
}
