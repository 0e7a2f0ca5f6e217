import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account lifecycle (issue 5): tariffs and invoices, the free plan's monthly usage, teams and their
 * invitations, support requests, impersonation and the admin audit log.
 */
export class Accounts1795401000000 implements MigrationInterface {
  name = 'Accounts1795401000000';

  async up(q: QueryRunner): Promise<void> {
    // Plans live in one table; `capped` plans record at most FREE_PLAN_MESSAGE_CAP messages a month.
    await q.query(`
      CREATE TABLE tariffs (
        code text PRIMARY KEY,
        name text NOT NULL,
        price_month integer NOT NULL,
        capped boolean NOT NULL,
        team_size integer NOT NULL,
        position integer NOT NULL
      )`);
    await q.query(`
      INSERT INTO tariffs (code, name, price_month, capped, team_size, position) VALUES
        ('free', 'Free', 0, true, 1, 1),
        ('pro', 'Pro', 990, false, 1, 2),
        ('business', 'Business', 2990, false, 10, 3)`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_tariff_known FOREIGN KEY (tariff) REFERENCES tariffs(code)`);

    await q.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        tariff text NOT NULL REFERENCES tariffs(code),
        previous_tariff text NOT NULL REFERENCES tariffs(code),
        amount integer NOT NULL,
        changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX invoices_user ON invoices (user_id, created_at DESC)`);

    // Messages recorded per account and UTC month, kept for capped plans (what the cap counts).
    await q.query(`
      CREATE TABLE usage_months (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        month date NOT NULL,
        messages integer NOT NULL DEFAULT 0,
        cap_reached_at timestamptz,
        PRIMARY KEY (user_id, month)
      )`);

    // A user belongs to at most one team besides their own account; the owner is the account's user.
    await q.query(`
      CREATE TABLE team_members (
        account_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('administrator', 'observer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (account_id <> user_id)
      )`);
    await q.query(`CREATE INDEX team_members_account ON team_members (account_id, created_at)`);

    await q.query(`
      CREATE TABLE team_invites (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('administrator', 'observer')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX team_invites_account ON team_invites (account_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE support_tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subject text NOT NULL,
        text text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX support_tickets_user ON support_tickets (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX support_tickets_recent ON support_tickets (created_at DESC)`);
    await q.query(`
      CREATE TABLE support_replies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES support_tickets(id) ON DELETE CASCADE,
        admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX support_replies_ticket ON support_replies (ticket_id, created_at)`);

    // A session an admin opened as this user ("sign in as").
    await q.query(`ALTER TABLE sessions ADD COLUMN impersonated_by uuid REFERENCES users(id) ON DELETE CASCADE`);

    // Kept when either side is removed by cleanup: the audit outlives the accounts it names.
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_id uuid,
        actor_email text NOT NULL,
        action text NOT NULL,
        target_user_id uuid,
        target_email text,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_recent ON audit_log (created_at DESC, id DESC)`);

    // Final cleanup finds what was deleted long enough ago.
    await q.query(`CREATE INDEX users_deleted ON users (deleted_at) WHERE deleted_at IS NOT NULL`);
    await q.query(`CREATE INDEX bots_deleted ON bots (deleted_at) WHERE deleted_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX bots_deleted`);
    await q.query(`DROP INDEX users_deleted`);
    await q.query(`DROP TABLE audit_log`);
    await q.query(`ALTER TABLE sessions DROP COLUMN impersonated_by`);
    await q.query(`DROP TABLE support_replies, support_tickets, team_invites, team_members, usage_months, invoices`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_tariff_known`);
    await q.query(`DROP TABLE tariffs`);
  }
}
