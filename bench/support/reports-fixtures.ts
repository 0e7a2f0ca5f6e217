import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { backfillButtonRollupWithPreviousDays } from '../../migrations/1795402060000-ButtonPreviousDays';
import { backfillPaymentContacts } from '../../migrations/1795402110000-RevenueReports';
import { backfillReplyTimeCounts } from '../../migrations/1795402700000-ReplyTimeCounts';
import { backfillRevenueRollups } from '../../migrations/1795402800000-RevenueRollups';
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
  await step("the payers' previous payments and the revenue rollups (the migration's backfill)", () =>
    backfillRevenueRollups(db),
  );
  await db.query(`VACUUM ANALYZE payments`);
  await db.query(`VACUUM ANALYZE revenue_days`);
  await db.query(`VACUUM ANALYZE revenue_payload_days`);
}

/** Share of the seed's inbound messages `ensureHealthFacts` gives a reply (the rest stay unanswered). */
const REPLIED_PER_MILLE = 920;

/**
 * The health report's facts on the reports seed, which has none (issue 27): a reply for 92% of the bot's inbound
 * messages of the year (about 5.5M `message_replies` at 10M messages), with latencies as a bot with an operator
 * answers: 60% within 0.3–3 s (the bot itself), 30% within 3 s–2 min, 7% within 2–10 min and 3% within 10 min–6 h
 * (past the default 5-minute reply window: unanswered, with a latency); a platform error every 10 minutes of the
 * year over a few methods and codes, with a burst of 429s an hour on one day a week (about 56,000); a target failure
 * every 6 hours. The replies are stored in time order, as the ingest writes them (the seed's messages are not).
 * Set-based, in one transaction that drops the replies' key and index for the load and recreates them
 * from their own definitions (so a seed that stopped half-way leaves nothing), counts them in `reply_time_counts` as
 * its migration backfills, then VACUUM ANALYZE. Made once.
 */
export async function ensureHealthFacts(db: Client, botId: string): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM message_replies WHERE bot_id = $1) AS present`,
    [botId],
  );
  if (rows[0].present) return;
  await db.query('BEGIN');
  try {
    await db.query(`SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '1GB'`);
    const { rows: constraints } = await db.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'message_replies'::regclass ORDER BY contype = 'f'`,
    );
    const { rows: indexes } = await db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = 'message_replies'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'message_replies'::regclass)`,
    );
    for (const c of [...constraints].reverse()) await db.query(`ALTER TABLE message_replies DROP CONSTRAINT ${c.name}`);
    for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
    await step('storing message replies', () =>
      db.query(
        `INSERT INTO message_replies (message_id, bot_id, inbound_at, latency_ms)
         SELECT id, bot_id, created_at,
                CASE WHEN r < 0.60 THEN 300 + floor(random() * 2700)
                     WHEN r < 0.90 THEN 3000 + floor(random() * 117000)
                     WHEN r < 0.97 THEN 120000 + floor(random() * 480000)
                     ELSE 600000 + floor(random() * 21000000) END::int
           FROM (SELECT id, bot_id, created_at, random() AS r FROM messages
                  WHERE bot_id = $1 AND direction = 'in' AND abs(hashtext(id::text)) % 1000 < $2) AS answered
          ORDER BY created_at`,
        [botId, REPLIED_PER_MILLE],
      ),
    );
    await step("the replies' key and index", async () => {
      for (const c of constraints)
        await db.query(`ALTER TABLE message_replies ADD CONSTRAINT ${c.name} ${c.definition}`);
      for (const index of indexes) await db.query(index.definition);
    });
    await step('their counts (reply_time_counts, as its migration backfills them)', () =>
      backfillReplyTimeCounts(db, botId),
    );
    await step('storing platform errors and target failures', async () => {
      await db.query(
        `INSERT INTO platform_errors (bot_id, at, method, error_code, description, retry_after, is_send)
         SELECT $1, at, e.method, e.code, e.description, CASE WHEN e.code = 429 THEN 5 END, e.method <> 'getUpdates'
           FROM (SELECT at, abs(hashtext(at::text)) % 100 AS k
                   FROM generate_series(now() - interval '365 days', now(), interval '10 minutes') AS at
                 UNION ALL
                 SELECT day + make_interval(hours => 14, secs => s), 0
                   FROM generate_series(now() - interval '365 days', now(), interval '7 days') AS day,
                        generate_series(1, 3600, 60) AS s) AS t
           CROSS JOIN LATERAL (
             SELECT * FROM (VALUES
               ('sendMessage', 429, 'Too Many Requests: retry after N', 0, 30),
               ('sendMessage', 403, 'Forbidden: bot was blocked by the user', 30, 70),
               ('sendMessage', 400, 'Bad Request: chat not found', 70, 80),
               ('editMessageText', 400, 'Bad Request: message is not modified', 80, 92),
               ('sendPhoto', 400, 'Bad Request: wrong file identifier/HTTP URL specified', 92, 97),
               ('getUpdates', 409, 'Conflict: terminated by other getUpdates request', 97, 100)
             ) AS v(method, code, description, low, high) WHERE t.k >= v.low AND t.k < v.high) AS e`,
        [botId],
      );
      await db.query(
        `INSERT INTO target_failures (bot_id, at, error, streak)
         SELECT $1, at, CASE WHEN n % 3 = 0 THEN 'timeout' ELSE 'HTTP 502' END, 1 + n % 4
           FROM generate_series(now() - interval '365 days', now(), interval '6 hours') WITH ORDINALITY AS g(at, n)`,
        [botId],
      );
    });
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  for (const table of ['message_replies', 'reply_time_counts', 'platform_errors', 'target_failures'])
    await step(`VACUUM ANALYZE ${table}`, () => db.query(`VACUUM ANALYZE ${table}`));
}
