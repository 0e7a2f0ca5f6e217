import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { backfillButtonRollupWithPreviousDays } from '../../migrations/1795402060000-ButtonPreviousDays';
import { backfillPaymentContacts } from '../../migrations/1795402110000-RevenueReports';
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

/** Payments of the seed: what `ensurePayments` stores at 1M contacts (issue 26: "200k payments"). */
export const BENCH_PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200_000);

/**
 * Payments on the reports seed, which has none: one contact in sixteen pays, one to six times (about 3.5 each),
 * at times after its arrival skewed towards it as the seed's messages are (about 33,000 in the last 30 days), so
 * they spread over the contacts' whole history; seven in ten in Stars (XTR), two in RUB, one in USD (a contact
 * pays in one currency), over five products; one payment in thirty is refunded some time later. The payer's
 * columns are filled as the ingest keeps them (the migration's backfill). Made once, then VACUUM ANALYZE.
 */
export async function ensurePayments(db: Client, botId: string): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payments WHERE bot_id = $1) AS present`,
    [botId],
  );
  if (rows[0].present) return;
  await step('storing payments', () =>
    db.query(
      `WITH payers AS (
         SELECT c.id, c.bot_id, c.external_user_id, c.first_seen_at,
                CASE WHEN abs(hashtext(c.id::text || 'currency')) % 10 < 7 THEN 'XTR'
                     WHEN abs(hashtext(c.id::text || 'currency')) % 10 < 9 THEN 'RUB' ELSE 'USD' END AS currency
           FROM contacts c
          WHERE c.bot_id = $1 AND abs(hashtext(c.id::text)) % 16 = 0
       ),
       made AS (
         SELECT p.*, n, random() AS r_time, random() AS r_product, random() AS r_refund
           FROM payers p, generate_series(1, 1 + abs(hashtext(p.id::text || 'count')) % 6) AS n
          LIMIT $2
       ),
       shaped AS (
         SELECT m.*, m.first_seen_at + (now() - m.first_seen_at) * power(m.r_time, 3) AS at,
                (ARRAY['plan:basic', 'plan:pro', 'pack:100', 'pack:500', 'donation'])[1 + floor(m.r_product * 5)::int] AS product
           FROM made m
       )
       INSERT INTO payments (bot_id, contact_id, external_user_id, amount, currency, charge_id, provider_charge_id, payload,
                             recurring, first_recurring, subscription_expires_at, paid_at, refunded_at, origin)
       SELECT bot_id, id, external_user_id,
              CASE currency WHEN 'XTR' THEN (ARRAY[50, 250, 100, 500, 25])[1 + floor(r_product * 5)::int]
                            WHEN 'RUB' THEN (ARRAY[29900, 99000, 19900, 79900, 10000])[1 + floor(r_product * 5)::int]
                            ELSE (ARRAY[499, 1499, 299, 999, 100])[1 + floor(r_product * 5)::int] END,
              currency, 'bench:' || id || ':' || n, CASE WHEN currency = 'XTR' THEN NULL ELSE 'provider:' || id || ':' || n END,
              product, product LIKE 'plan:%', product LIKE 'plan:%' AND n = 1,
              CASE WHEN product LIKE 'plan:%' THEN at + interval '30 days' END,
              at, CASE WHEN r_refund < 1.0 / 30 THEN at + (now() - at) * r_refund * 30 END, 'platform'
         FROM shaped`,
      [botId, BENCH_PAYMENTS],
    ),
  );
  await step("the payer's columns of the payments (the migration's backfill)", () => backfillPaymentContacts(db));
  await db.query(`VACUUM ANALYZE payments`);
}
