import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, sessions, confirmation codes, API keys and bots. */
export class Foundation1795400000000 implements MigrationInterface {
  name = 'Foundation1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        email_confirmed_at timestamptz,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        tariff text NOT NULL DEFAULT 'free',
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    // A deleted account frees its address at once, so uniqueness covers live accounts only.
    await q.query(`CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE email_codes (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_user ON sessions (user_id)`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        key_hint text NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX api_keys_user ON api_keys (user_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE bots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        platform text NOT NULL CHECK (platform IN ('telegram', 'max')),
        name text NOT NULL,
        username text,
        avatar_url text,
        platform_bot_id text,
        token_encrypted text,
        token_hash text,
        proxy_secret text NOT NULL,
        target_url text,
        utm_key text NOT NULL DEFAULT 'utm_source',
        active boolean NOT NULL DEFAULT true,
        last_forward_error text,
        last_forward_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX bots_user ON bots (user_id, created_at) WHERE deleted_at IS NULL`);
    // One live bot per token and per platform bot id on each platform (409 otherwise); the token
    // hash is also how the mirror finds a bot.
    await q.query(
      `CREATE UNIQUE INDEX bots_token_live ON bots (platform, token_hash) WHERE token_hash IS NOT NULL AND deleted_at IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX bots_platform_id_live ON bots (platform, platform_bot_id) WHERE platform_bot_id IS NOT NULL AND deleted_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bots, api_keys, sessions, email_codes, users`);
  }
}
