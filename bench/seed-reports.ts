/**
 * Seeds the reports benchmark (issue 3, "Performance"): one bot with 1,000,000 contacts and
 * 10,000,000 messages over the last 365 days, in a database of its own created with the app's
 * migrations. `npx ts-node bench/seed-reports.ts [--reseed]`; bench/reports.ts runs it when needed.
 *
 * Everything is generated in SQL (generate_series) in the shape the ingest writes: messages first,
 * then touches parsed from the `/start` texts, then contacts, daily_stats, hourly_stats, source_rollups and the
 * retention rollup (with its migration's backfill) derived from those facts, so every counter agrees
 * with the rows it summarises. The indexes and foreign keys of the big tables are dropped for the bulk load and rebuilt from their own definitions
 * afterwards (the constraints are validated then), which is what makes it minutes instead of hours.
 *
 * BENCH_CONTACTS / BENCH_MESSAGES shrink it for a quick trial run.
 */
import { Client } from 'pg';
import { backfillRetention } from '../migrations/1795401800000-RetentionActivity';
import { backfillHourlyStats } from '../migrations/1795402025000-HourlyStats';
import { backfillRetentionTotals } from '../migrations/1795402050000-RetentionTotals';
import { backfillSourceDays } from '../migrations/1795402800000-RevenueRollups';
import { migrateDatabase } from '../src/database/prepare-database';
import { dropDatabase } from '../test/e2e/support/stores';

export const BENCH_REPORTS_DATABASE_URL =
  process.env.BENCH_REPORTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/botlens_bench_reports';
export const BENCH_EMAIL = 'bench-reports@botlens.local';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const DAYS = 365;
const BATCH = 1_000_000;
const BIG_TABLES = ['contacts', 'messages', 'message_raws', 'touches', 'contact_activity'];

export interface SeededBot {
  botId: string;
  userId: string;
  contacts: number;
}

/** Seeds unless the database already holds a complete seed of this size; returns the bench bot. */
export async function ensureSeeded(options: { reseed?: boolean } = {}): Promise<SeededBot> {
  if (options.reseed) await dropDatabase(BENCH_REPORTS_DATABASE_URL);
  await migrateDatabase({ databaseUrl: BENCH_REPORTS_DATABASE_URL });
  let db = await connect();
  try {
    const existing = await seededBot(db);
    if (existing === 'none') return await seed(db);
    if (existing !== 'incomplete' && existing.contacts === CONTACTS) {
      log(`using the existing seed: bot ${existing.botId}, ${existing.contacts} contacts`);
      return existing;
    }
    log('the existing seed is incomplete or of another size: seeding afresh');
    await db.end();
    await dropDatabase(BENCH_REPORTS_DATABASE_URL);
    await migrateDatabase({ databaseUrl: BENCH_REPORTS_DATABASE_URL });
    db = await connect();
    return await seed(db);
  } finally {
    await db.end();
  }
}

async function connect(): Promise<Client> {
  const db = new Client({ connectionString: BENCH_REPORTS_DATABASE_URL });
  await db.connect();
  return db;
}

/** The bench bot of a finished seed (its last step stores the mappings), 'incomplete', or 'none'. */
async function seededBot(db: Client): Promise<SeededBot | 'incomplete' | 'none'> {
  const { rows } = await db.query<{ bot_id: string; user_id: string; contacts: string; complete: boolean }>(
    `SELECT b.id AS bot_id, u.id AS user_id,
            (SELECT coalesce(sum(new_contacts), 0) FROM daily_stats WHERE bot_id = b.id) AS contacts,
            EXISTS (SELECT 1 FROM source_mappings m WHERE m.bot_id = b.id) AS complete
       FROM users u LEFT JOIN bots b ON b.user_id = u.id
      WHERE u.email = $1`,
    [BENCH_EMAIL],
  );
  const [row] = rows;
  if (!row) return 'none';
  if (!row.complete || !row.bot_id) return 'incomplete';
  return { botId: row.bot_id, userId: row.user_id, contacts: Number(row.contacts) };
}

async function seed(db: Client): Promise<SeededBot> {
  const started = Date.now();
  // Loader session only: big sorts in memory, and no waiting for each commit's flush.
  await db.query(`SET work_mem = '1GB'; SET maintenance_work_mem = '2GB'; SET synchronous_commit = off`);
  const {
    rows: [user],
  } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, email_confirmed_at, tariff) VALUES ($1, 'bench: no sign-in', now(), 'business') RETURNING id`,
    [BENCH_EMAIL],
  );
  const {
    rows: [bot],
  } = await db.query<{ id: string }>(
    `INSERT INTO bots (user_id, platform, name, proxy_secret) VALUES ($1, 'telegram', 'Reports bench', 'bench-secret') RETURNING id`,
    [user.id],
  );
  await createMonths(db);
  const rebuild = await dropIndexesAndForeignKeys(db);

  for (let from = 1; from <= MESSAGES; from += BATCH) {
    await step(db, `messages ${from}–${Math.min(MESSAGES, from + BATCH - 1)}`, insertMessages, [
      bot.id,
      from,
      Math.min(MESSAGES, from + BATCH - 1),
      CONTACTS,
    ]);
  }
  await step(db, 'touches from the /start messages', INSERT_TOUCHES, [bot.id]);
  await step(db, 'contacts from their messages and touches', INSERT_CONTACTS, [bot.id]);
  await step(db, 'daily_stats', INSERT_DAILY_STATS, [bot.id]);
  await step(db, 'source_rollups', INSERT_SOURCE_ROLLUPS, [bot.id]);
  await backfillSourceDays(db);
  log("source_days (the migration's backfill)");
  // The retention rollup exactly as its migration backfills an existing deployment.
  const backfillStarted = Date.now();
  await backfillRetention(db);
  await backfillRetentionTotals(db);
  log(
    `contact_activity, retention_counts and retention_totals (the migrations' backfills): ${((Date.now() - backfillStarted) / 1000).toFixed(1)} s`,
  );
  const hourlyStarted = Date.now();
  await backfillHourlyStats(db);
  log(`hourly_stats (the migration's backfill): ${((Date.now() - hourlyStarted) / 1000).toFixed(1)} s`);
  for (const statement of rebuild) await step(db, statement.replace(/\s+/g, ' ').slice(0, 110), statement, []);
  for (const table of [
    ...BIG_TABLES,
    'daily_stats',
    'hourly_stats',
    'source_rollups',
    'source_days',
    'retention_counts',
    'retention_totals',
  ])
    await step(db, `VACUUM ANALYZE ${table}`, `VACUUM ANALYZE ${table}`, []);
  // Last, so a seed that stopped half-way is never taken for a finished one.
  await step(db, 'source_mappings', INSERT_MAPPINGS, [bot.id]);
  log(`seeded in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  return { botId: bot.id, userId: user.id, contacts: CONTACTS };
}

/**
 * The months of the seeded year as partitions of `messages` and `message_raws` (the migration made only the current
 * month and the next two), so the seed does not land in the default partitions.
 */
async function createMonths(db: Client): Promise<void> {
  const { rows: months } = await db.query<{ name: string; since: string; until: string }>(
    `SELECT to_char(m, 'YYYY_MM') AS name, to_char(m, 'YYYY-MM-DD') AS since, to_char(m + interval '1 month', 'YYYY-MM-DD') AS until
       FROM generate_series(date_trunc('month', (now() - interval '${DAYS} days') AT TIME ZONE 'UTC'),
                            date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') m`,
  );
  for (const { name, since, until } of months)
    for (const table of ['messages', 'message_raws'])
      await db.query(
        `CREATE TABLE IF NOT EXISTS ${table}_p${name} PARTITION OF ${table}
           FOR VALUES FROM ('${since} 00:00:00+00') TO ('${until} 00:00:00+00')`,
      );
}

/**
 * Drops the secondary indexes, unique/primary keys and foreign keys touching the big tables and
 * returns the statements that recreate them exactly as the migrations defined them.
 */
async function dropIndexesAndForeignKeys(db: Client): Promise<string[]> {
  const { rows: foreignKeys } = await db.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype = 'f' AND (conrelid::regclass::text = ANY($1) OR confrelid::regclass::text = ANY($1))`,
    [BIG_TABLES],
  );
  const { rows: keys } = await db.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype IN ('p', 'u') AND conrelid::regclass::text = ANY($1)`,
    [BIG_TABLES],
  );
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BIG_TABLES],
  );
  for (const fk of foreignKeys) await db.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`);
  for (const key of keys) await db.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  return [
    ...keys.map((key) => `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`),
    // A partitioned table's index reads `ON ONLY`, which would build it for no partition.
    ...indexes.map((index) => index.definition.replace(' ON ONLY ', ' ON ')),
    ...foreignKeys.map((fk) => `ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.definition}`),
  ];
}

/**
 * Messages $2..$3 of the bot. Message n ≤ contacts is contact n's first message: a `/start`
 * (half with utm_source and utm_campaign, a fifth with a bare source, the rest without a parameter)
 * at the contact's arrival, arrivals spread evenly over the year. Every later message belongs to a
 * random contact, at a time after its arrival skewed towards it (people talk most when they are new):
 * 55% inbound (3% of those repeat visits through a link), 45% the bot's answers, some over 200 chars.
 */
const insertMessages = `
  WITH params AS (
    SELECT now() - interval '${DAYS} days' AS year_start, interval '${DAYS} days' AS span
  ),
  generated AS (
    SELECT n,
           CASE WHEN n <= $4::int THEN n ELSE 1 + floor(random() * $4::int)::int END AS c,
           random() AS r_time, random() AS r_kind, random() AS r_source, random() AS r_campaign
      FROM generate_series($2::int, $3::int) AS n
  ),
  timed AS (
    SELECT g.*,
           -- Contact c arrives at a fixed point of the year (golden-ratio jitter keeps it reproducible).
           p.year_start + p.span * ((g.c - 1 + (g.c * 0.6180339887) % 1) / $4)::float8 AS arrival,
           (ARRAY['instagram', 'Instagram', 'vk', 'tg_ads', 'youtube', 'google', 'yandex', 'tiktok',
                  'partner_a', 'partner_b', 'email', 'site'])[1 + floor(power(g.r_source, 2) * 12)::int] AS source,
           (ARRAY['spring', 'summer', 'black_friday', 'new_year'])[1 + floor(g.r_campaign * 4)::int] AS campaign
      FROM generated g, params p
  ),
  shaped AS (
    SELECT t.*,
           CASE WHEN t.n <= $4 THEN t.arrival ELSE t.arrival + (now() - t.arrival) * power(t.r_time, 3) END AS at,
           CASE WHEN t.n <= $4 OR t.r_kind < 0.55 THEN 'in' ELSE 'out' END AS direction,
           CASE
             WHEN t.n <= $4 AND t.r_kind < 0.5 THEN '/start utm_source=' || t.source || '|utm_campaign=' || t.campaign
             WHEN t.n <= $4 AND t.r_kind < 0.7 THEN '/start ' || t.source
             WHEN t.n <= $4 THEN '/start'
             WHEN t.r_kind < 0.0165 THEN '/start utm_source=' || t.source
             WHEN t.r_kind < 0.55 THEN (ARRAY['Привет', 'Сколько стоит доставка?', 'Хочу оформить заказ', 'Где мой заказ?',
                                              'Спасибо!', 'Можно оплатить картой?'])[1 + t.n % 6]
             WHEN t.r_kind < 0.6 THEN repeat('Подробный ответ бота с условиями доставки и оплаты. ', 6)
             ELSE (ARRAY['Здравствуйте! Чем помочь?', 'Доставка 300 ₽, бесплатно от 3000 ₽', 'Заказ оформлен',
                         'Ваш заказ в пути'])[1 + t.n % 4]
           END AS text
      FROM timed t
  ),
  identified AS (SELECT gen_random_uuid() AS id, s.* FROM shaped s),
  stored AS (
    INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id,
                          dedupe_key, created_at, stored_at)
    SELECT id, $1, md5('bench-contact-' || c)::uuid, (100000000 + c)::text, direction, text, n::text,
           'tg:update:' || n, at, at
      FROM identified)
  -- Raw copies of the updates, as the ingest keeps them (sent messages keep none).
  INSERT INTO message_raws (message_id, bot_id, created_at, raw_json)
  SELECT id, $1, at,
         jsonb_build_object('update_id', n, 'message', jsonb_build_object('message_id', n, 'date', extract(epoch FROM at)::bigint,
                            'chat', jsonb_build_object('id', 100000000 + c, 'type', 'private'), 'text', text))
    FROM identified WHERE direction = 'in'`;

/** Touches are the inbound `/start` messages, parsed as the ingest does with utm_source. */
const INSERT_TOUCHES = `
  INSERT INTO touches (bot_id, contact_id, parameter, source_value, campaign_name, created_at)
  SELECT bot_id, contact_id, parameter,
         CASE WHEN parameter NOT LIKE '%=%' THEN parameter ELSE substring(parameter FROM 'utm_source=([^|&]+)') END,
         substring(parameter FROM 'utm_campaign=([^|&]+)'),
         created_at
    FROM (SELECT bot_id, contact_id, nullif(substring(text FROM '^/start ?(.*)$'), '') AS parameter, created_at
            FROM messages
           WHERE bot_id = $1 AND direction = 'in' AND text LIKE '/start%') AS starts`;

/** Each contact's counters, last message and first-touch attribution, from its own facts. */
const INSERT_CONTACTS = `
  WITH counted AS (
    SELECT contact_id, min(external_user_id) AS external_user_id,
           count(*) FILTER (WHERE direction = 'in') AS messages_in,
           count(*) FILTER (WHERE direction = 'out') AS messages_out,
           min(created_at) AS first_at,
           max(created_at) FILTER (WHERE direction = 'in') AS last_in_at,
           max(created_at) AS last_at
      FROM messages WHERE bot_id = $1 GROUP BY contact_id
  ),
  last_message AS (
    SELECT DISTINCT ON (contact_id) contact_id, left(text, 200) AS text, direction
      FROM messages WHERE bot_id = $1 ORDER BY contact_id, created_at DESC
  ),
  touched AS (
    SELECT contact_id, count(*) AS touches, min(created_at) AS first_touch_at, max(created_at) AS last_touch_at
      FROM touches WHERE bot_id = $1 GROUP BY contact_id
  ),
  attributed AS (
    SELECT DISTINCT ON (contact_id) contact_id, source_value, campaign_name
      FROM touches WHERE bot_id = $1 AND source_value IS NOT NULL ORDER BY contact_id, created_at
  )
  INSERT INTO contacts (id, bot_id, external_user_id, username, first_name, last_name, is_premium, language_code,
                        first_seen_at, last_seen_at, source_value, campaign_name, first_touch_at, last_touch_at, touches,
                        messages_in, messages_out, first_message_at, last_text, last_direction, last_at, created_at)
  SELECT c.contact_id, $1, c.external_user_id, 'user' || c.external_user_id,
         (ARRAY['Анна', 'Иван', 'Мария', 'Олег', 'Ольга', 'Пётр'])[1 + c.external_user_id::int % 6],
         CASE WHEN c.external_user_id::int % 3 = 0 THEN NULL ELSE 'Иванов' END,
         c.external_user_id::int % 10 = 0, 'ru',
         c.first_at, c.last_in_at, a.source_value, a.campaign_name, t.first_touch_at, t.last_touch_at, coalesce(t.touches, 0),
         c.messages_in, c.messages_out, c.first_at, l.text, l.direction, c.last_at, c.first_at
    FROM counted c
    JOIN last_message l USING (contact_id)
    LEFT JOIN touched t USING (contact_id)
    LEFT JOIN attributed a USING (contact_id)`;

const INSERT_DAILY_STATS = `
  INSERT INTO daily_stats (bot_id, day, messages_in, messages_out, new_contacts)
  SELECT $1, day, sum(messages_in), sum(messages_out), sum(new_contacts)
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day,
                 count(*) FILTER (WHERE direction = 'in') AS messages_in,
                 count(*) FILTER (WHERE direction = 'out') AS messages_out,
                 0 AS new_contacts
            FROM messages WHERE bot_id = $1 GROUP BY 1
          UNION ALL
          SELECT (first_seen_at AT TIME ZONE 'UTC')::date, 0, 0, count(*)
            FROM contacts WHERE bot_id = $1 GROUP BY 1) AS per_day
   GROUP BY day`;

/** Touches by their own parsed source ('' when none), contacts by their attributed source. */
const INSERT_SOURCE_ROLLUPS = `
  INSERT INTO source_rollups (bot_id, source_value, campaign_name, contacts_count, touches)
  SELECT $1, source_value, campaign_name, sum(contacts_count), sum(touches)
    FROM (SELECT coalesce(source_value, '') AS source_value,
                 CASE WHEN source_value IS NULL THEN '' ELSE coalesce(campaign_name, '') END AS campaign_name,
                 0 AS contacts_count, count(*) AS touches
            FROM touches WHERE bot_id = $1 GROUP BY 1, 2
          UNION ALL
          SELECT source_value, coalesce(campaign_name, ''), count(*), 0
            FROM contacts WHERE bot_id = $1 AND source_value IS NOT NULL GROUP BY 1, 2) AS per_source
   GROUP BY source_value, campaign_name`;

/** Two spellings of one channel merged, and a partner renamed with a campaign of its own. */
const INSERT_MAPPINGS = `
  INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name)
  VALUES ($1, 'instagram', 'Instagram', NULL), ($1, 'Instagram', 'Instagram', NULL), ($1, 'partner_a', 'Partners', 'affiliate')`;

async function step(db: Client, label: string, sql: string, params: unknown[]): Promise<void> {
  const started = Date.now();
  const result = await db.query(sql, params);
  log(`${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function log(line: string): void {
  console.error(`[seed] ${line}`);
}

if (require.main === module) {
  ensureSeeded({ reseed: process.argv.includes('--reseed') }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
