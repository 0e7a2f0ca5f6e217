import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `messages` partitioned by month of `created_at` (issue 30, docs/scaling.md stage 3), converted online:
 *
 * 1. A partitioned copy (`messages_partitioned`) is created with a partition per month that holds rows, the current
 *    month and the next two, and a DEFAULT partition for stray times; a trigger on `messages` repeats every insert,
 *    update and delete into it from then on.
 * 2. The existing rows are copied in batches of COPY_BATCH along the primary key, each batch its own short
 *    transaction. A batch locks the rows it copies (FOR SHARE), so a delete or update of one of them waits for the
 *    batch and its trigger then finds the copy; inserts never wait. ON CONFLICT DO NOTHING skips rows the trigger
 *    copied first.
 * 3. The swap: under an ACCESS EXCLUSIVE lock waited for at most LOCK_WAIT_MS (retried until it is had), the trigger
 *    goes and the tables swap names. Nothing is left to copy, so the lock is held for a few renames.
 *
 * Hence no `transaction`: TypeORM would otherwise hold every lock of the copy until its end. An interrupted run leaves
 * `messages` as it was, plus a partial copy that the next run drops and starts again.
 *
 * The raw copies move out of `messages` into `message_raws`, partitioned the same way, so clearing a month of them after
 * RAW_RETENTION_DAYS is dropping its partition (src/cleanup/raw-retention.service.ts); raw copies already cleared
 * (null, or only the MAX chat id kept) are not copied. What was kept of a cleared copy, a MAX dialog's chat id (the
 * avatar is read through it), becomes the column `messages.chat_id`, filled from every raw copy that has one, so it
 * outlives the copy. `raw_retention_marks` goes: nothing is cleared row by row along a mark any more.
 *
 * A unique index on a partitioned table holds the partition key: `messages_dedupe` becomes
 * `(bot_id, dedupe_key, created_at)`, which dedupes as before because a redelivered update or a sent message recorded
 * twice carries the platform's date, the same each time (src/ingest/telegram-facts.ts, max-facts.ts). The primary
 * key becomes `(id, created_at)`, so `message_intents` and `message_replies` lose their foreign keys to it; what
 * their ON DELETE CASCADE did, the erasure and the bot cleanup do themselves.
 */
export class MessagePartitions1795402900000 implements MigrationInterface {
  name = 'MessagePartitions1795402900000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    const [{ relkind }] = (await q.query(`SELECT relkind FROM pg_class WHERE oid = 'messages'::regclass`)) as Array<{
      relkind: string;
    }>;
    // A run that stopped after its swap: only what follows the swap is left to do.
    if (relkind === 'p') return this.afterSwap(q);
    await briefly(q, [`DROP TRIGGER IF EXISTS messages_to_partitioned ON messages`]);
    await q.query(`DROP TABLE IF EXISTS messages_partitioned, message_raws`);
    await q.query(`DROP FUNCTION IF EXISTS messages_to_partitioned()`);
    await briefly(q, [`ALTER TABLE message_intents DROP CONSTRAINT IF EXISTS message_intents_message_id_fkey`]);
    await briefly(q, [`ALTER TABLE message_replies DROP CONSTRAINT IF EXISTS message_replies_message_id_fkey`]);

    await q.query(`
      CREATE TABLE messages_partitioned (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        bot_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        external_user_id text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('in', 'out')),
        text text,
        platform_message_id text,
        dedupe_key text NOT NULL,
        chat_id text,
        created_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT messages_partitioned_pkey PRIMARY KEY (id, created_at)
      ) PARTITION BY RANGE (created_at)`);
    // By bot for the bot's final cleanup and the clearing of the month that straddles the retention limit.
    await q.query(`
      CREATE TABLE message_raws (
        message_id uuid NOT NULL,
        bot_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        raw_json jsonb NOT NULL,
        PRIMARY KEY (message_id, created_at)
      ) PARTITION BY RANGE (created_at)`);
    for (const table of ['messages_partitioned', 'message_raws']) {
      const name = table === 'message_raws' ? 'message_raws' : 'messages';
      await q.query(`CREATE TABLE ${name}_default PARTITION OF ${table} DEFAULT WITH (${PARTITION_STORAGE})`);
    }
    // Months as UTC timestamps without a zone, so neither the session's time zone nor its DST moves a bound.
    const months = (await q.query(
      `SELECT to_char(m, 'YYYY_MM') AS name, to_char(m, 'YYYY-MM-DD') AS since, to_char(m + interval '1 month', 'YYYY-MM-DD') AS until
         FROM (SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') AS m FROM messages
               UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => n) FROM generate_series(0, 2) n) months
        ORDER BY m`,
    )) as Array<{ name: string; since: string; until: string }>;
    for (const { name, since, until } of months) {
      for (const [table, prefix] of [
        ['messages_partitioned', 'messages'],
        ['message_raws', 'message_raws'],
      ]) {
        await q.query(
          `CREATE TABLE ${prefix}_p${name} PARTITION OF ${table}
             FOR VALUES FROM ('${since} 00:00:00+00') TO ('${until} 00:00:00+00') WITH (${PARTITION_STORAGE})`,
        );
      }
    }
    await q.query(`CREATE INDEX message_raws_by_bot ON message_raws (bot_id, created_at)`);
    await q.query(
      `CREATE UNIQUE INDEX messages_partitioned_dedupe ON messages_partitioned (bot_id, dedupe_key, created_at)`,
    );
    await q.query(`CREATE INDEX messages_partitioned_by_time ON messages_partitioned (bot_id, created_at DESC)`);
    await q.query(
      `CREATE INDEX messages_partitioned_by_user_time ON messages_partitioned (bot_id, external_user_id, created_at DESC)`,
    );

    await q.query(`
      CREATE FUNCTION messages_to_partitioned() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          DELETE FROM messages_partitioned WHERE id = OLD.id AND created_at = OLD.created_at;
          DELETE FROM message_raws WHERE message_id = OLD.id AND created_at = OLD.created_at;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO messages_partitioned (${COLUMNS})
          VALUES (NEW.id, NEW.bot_id, NEW.contact_id, NEW.external_user_id, NEW.direction, NEW.text,
                  NEW.platform_message_id, NEW.dedupe_key, ${chatIdOf('NEW.raw_json')}, NEW.created_at, NEW.stored_at)
          ON CONFLICT DO NOTHING;
          IF ${isRawCopy('NEW.raw_json')} THEN
            INSERT INTO message_raws (message_id, bot_id, created_at, raw_json)
            VALUES (NEW.id, NEW.bot_id, NEW.created_at, NEW.raw_json)
            ON CONFLICT DO NOTHING;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await briefly(q, [
      `CREATE TRIGGER messages_to_partitioned AFTER INSERT OR UPDATE OR DELETE ON messages
         FOR EACH ROW EXECUTE FUNCTION messages_to_partitioned()`,
    ]);

    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // The batch gives way (and is tried again) before PostgreSQL's deadlock check would end an erasure that locks
      // the same rows in another order.
      const [batch] = (await briefly(
        q,
        [
          `WITH batch AS (SELECT * FROM messages WHERE id > '${after}' ORDER BY id LIMIT ${COPY_BATCH} FOR SHARE),
                copied AS (
                  INSERT INTO messages_partitioned (${COLUMNS})
                  SELECT id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key,
                         ${chatIdOf('raw_json')}, created_at, stored_at
                    FROM batch
                  ON CONFLICT DO NOTHING
                  RETURNING id, created_at),
                -- Only beside the messages this batch copied: the trigger wrote the others' copies with them.
                raws AS (
                  INSERT INTO message_raws (message_id, bot_id, created_at, raw_json)
                  SELECT b.id, b.bot_id, b.created_at, b.raw_json
                    FROM batch b JOIN copied c ON c.id = b.id AND c.created_at = b.created_at
                   WHERE ${isRawCopy('b.raw_json')}
                  ON CONFLICT DO NOTHING)
           SELECT (SELECT id FROM batch ORDER BY id DESC LIMIT 1) AS last, (SELECT count(*) FROM batch)::int AS rows`,
        ],
        COPY_LOCK_WAIT_MS,
      )) as Array<{ last: string | null; rows: number }>;
      if (batch.last === null) break;
      after = batch.last;
      if (batch.rows < COPY_BATCH) break;
    }

    await briefly(q, [
      `LOCK TABLE messages IN ACCESS EXCLUSIVE MODE`,
      `DROP TRIGGER messages_to_partitioned ON messages`,
      `ALTER TABLE messages RENAME TO messages_unpartitioned`,
      `ALTER INDEX messages_pkey RENAME TO messages_unpartitioned_pkey`,
      `ALTER INDEX messages_dedupe RENAME TO messages_unpartitioned_dedupe`,
      `ALTER INDEX messages_by_time RENAME TO messages_unpartitioned_by_time`,
      `ALTER INDEX messages_by_user_time RENAME TO messages_unpartitioned_by_user_time`,
      `ALTER TABLE messages_partitioned RENAME TO messages`,
      `ALTER TABLE messages RENAME CONSTRAINT messages_partitioned_pkey TO messages_pkey`,
      `ALTER TABLE messages RENAME CONSTRAINT messages_partitioned_direction_check TO messages_direction_check`,
      `ALTER INDEX messages_partitioned_dedupe RENAME TO messages_dedupe`,
      `ALTER INDEX messages_partitioned_by_time RENAME TO messages_by_time`,
      `ALTER INDEX messages_partitioned_by_user_time RENAME TO messages_by_user_time`,
    ]);
    await this.afterSwap(q);
  }

  private async afterSwap(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS messages_to_partitioned()`);
    await q.query(`DROP TABLE IF EXISTS messages_unpartitioned, raw_retention_marks`);
    await q.query(`ANALYZE messages`);
    await q.query(`ANALYZE message_raws`);
  }

  /** Back to one table, offline (the whole copy under one lock): for a development database, not a deployment. */
  async down(q: QueryRunner): Promise<void> {
    await q.startTransaction();
    try {
      await q.query(`ALTER TABLE messages RENAME TO messages_partitioned`);
      await q.query(`ALTER TABLE messages_partitioned RENAME CONSTRAINT messages_pkey TO messages_partitioned_pkey`);
      for (const index of ['dedupe', 'by_time', 'by_user_time'])
        await q.query(`ALTER INDEX messages_${index} RENAME TO messages_partitioned_${index}`);
      await q.query(`
        CREATE TABLE messages (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          bot_id uuid NOT NULL,
          contact_id uuid NOT NULL,
          external_user_id text NOT NULL,
          direction text NOT NULL CHECK (direction IN ('in', 'out')),
          text text,
          platform_message_id text,
          dedupe_key text NOT NULL,
          raw_json jsonb,
          created_at timestamptz NOT NULL,
          stored_at timestamptz NOT NULL DEFAULT now()
        ) WITH (autovacuum_vacuum_insert_scale_factor = 0.02)`);
      await q.query(`
        INSERT INTO messages
        SELECT m.id, m.bot_id, m.contact_id, m.external_user_id, m.direction, m.text, m.platform_message_id, m.dedupe_key,
               coalesce(r.raw_json, CASE WHEN m.chat_id IS NOT NULL THEN jsonb_build_object('chat_id', m.chat_id) END),
               m.created_at, m.stored_at
          FROM messages_partitioned m
          LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at`);
      await q.query(`DROP TABLE messages_partitioned, message_raws`);
      await q.query(`CREATE UNIQUE INDEX messages_dedupe ON messages (bot_id, dedupe_key)`);
      await q.query(`CREATE INDEX messages_by_time ON messages (bot_id, created_at DESC)`);
      await q.query(`CREATE INDEX messages_by_user_time ON messages (bot_id, external_user_id, created_at DESC)`);
      await q.query(`
        CREATE TABLE raw_retention_marks (
          bot_id uuid PRIMARY KEY REFERENCES bots(id) ON DELETE CASCADE,
          cleared_before timestamptz NOT NULL
        )`);
      await q.query(
        `ALTER TABLE message_intents ADD FOREIGN KEY (message_id) REFERENCES messages(id) ON DELETE CASCADE NOT VALID`,
      );
      await q.query(
        `ALTER TABLE message_replies ADD FOREIGN KEY (message_id) REFERENCES messages(id) ON DELETE CASCADE NOT VALID`,
      );
      await q.commitTransaction();
    } catch (error) {
      await q.rollbackTransaction();
      throw error;
    }
  }
}

const COLUMNS =
  'id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, chat_id, created_at, stored_at';

/** A MAX dialog's chat id in an update (`message.recipient.chat_id`, or `chat_id` of bot_started), as the avatars read it. */
function chatIdOf(raw: string): string {
  return `coalesce(${raw} #>> '{message,recipient,chat_id}', ${raw} ->> 'chat_id')`;
}

/** A raw copy still held: not cleared to null, nor to the chat id alone that the clearing kept. */
function isRawCopy(raw: string): string {
  return `(${raw} IS NOT NULL AND ${raw} IS DISTINCT FROM jsonb_build_object('chat_id', ${raw} -> 'chat_id'))`;
}
/** Rows per copy transaction: ~0.1–0.3 s each on the test machine, so a delete waiting for a batch waits that long. */
const COPY_BATCH = 10_000;
/** How long a statement that locks `messages` waits for its lock before giving up and trying again. */
const LOCK_WAIT_MS = 500;
/** How long a copy batch waits for a row another transaction holds: below deadlock_timeout (1 s by default). */
const COPY_LOCK_WAIT_MS = 200;
/** As `messages` had (Reports migration): messages are only inserted, so autovacuum should follow the inserts. */
const PARTITION_STORAGE = 'autovacuum_vacuum_insert_scale_factor = 0.02';

/**
 * Runs the statements in one transaction that waits at most LOCK_WAIT_MS for each lock. A statement that must lock
 * `messages` queues every insert behind it while it waits; giving up and retrying after a pause bounds that wait.
 */
async function briefly(q: QueryRunner, statements: string[], lockWaitMs = LOCK_WAIT_MS): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    await q.startTransaction();
    try {
      await q.query(`SET LOCAL lock_timeout = ${lockWaitMs}`);
      let result: unknown;
      for (const statement of statements) result = await q.query(statement);
      await q.commitTransaction();
      return result;
    } catch (error) {
      await q.rollbackTransaction();
      const code = (error as { code?: string }).code;
      if ((code !== '55P03' && code !== '40P01') || attempt === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * Math.min(attempt, 10)));
    }
  }
}
