import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { backfillButtonRollupWithPreviousDays } from '../../migrations/1795402060000-ButtonPreviousDays';
import { sha256Hex } from '../../src/common/crypto/random';

/**
 * The intent `delivery` with its stored matches (every "Сколько стоит доставка?"), made once on the
 * reports seed, which has none, as the matcher would store them. Used by the funnel's intent stage and
 * the cabinet's dialog messages.
 */
export async function ensureDeliveryIntent(db: Client, botId: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO intents (bot_id, name, keywords) VALUES ($1, 'delivery', ARRAY['доставка'])
     ON CONFLICT (bot_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [botId],
  );
  const [{ present }] = (
    await db.query<{ present: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM message_intents WHERE intent_id = $1) AS present`,
      [rows[0].id],
    )
  ).rows;
  if (present) return;
  await step('storing the delivery intent matches', () =>
    db.query(
      `INSERT INTO message_intents (intent_id, message_id, bot_id, contact_id, created_at)
       SELECT $2, id, bot_id, contact_id, created_at FROM messages
        WHERE bot_id = $1 AND direction = 'in' AND text = 'Сколько стоит доставка?'
       ON CONFLICT DO NOTHING`,
      [botId, rows[0].id],
    ),
  );
  await db.query(`VACUUM ANALYZE message_intents`);
}

/** A session of the bench user for this run, stored as the app stores sessions (SHA-256). */
export async function createSession(db: Client, userId: string): Promise<string> {
  const token = `bls_bench${randomBytes(24).toString('hex')}`;
  await db.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    userId,
    sha256Hex(token),
  ]);
  return token;
}

export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  console.error(`… ${label}`);
  const result = await run();
  console.error(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Button presses on the reports seed, which has none: one per contact and a second for every third,
 * over 8 data values and the last 365 days (about 1.33M presses at 1M contacts), with their rollup. Made once.
 */
export async function ensureButtonPresses(db: Client, botId: string): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM button_presses WHERE bot_id = $1) AS present`,
    [botId],
  );
  if (rows[0].present) return;
  await step('storing button presses', () =>
    db.query(
      `INSERT INTO button_presses (bot_id, contact_id, external_user_id, data, dedupe_key, created_at)
       SELECT c.bot_id, c.id, c.external_user_id, 'button:' || (hashtext(c.id::text || n) & 7),
              'bench:' || c.id || ':' || n, now() - make_interval(days => (hashtext(c.id::text) & 511) % 365)
         FROM contacts c, generate_series(1, 2) AS n
        WHERE c.bot_id = $1 AND (n = 1 OR hashtext(c.external_user_id) % 3 = 0)`,
      [botId],
    ),
  );
  // The seed has no other presses, so the rollup is built from these as the migration builds it.
  await step('the buttons rollup (as the ingest keeps it), then VACUUM ANALYZE', () =>
    backfillButtonRollupWithPreviousDays(db),
  );
}
