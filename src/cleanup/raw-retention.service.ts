import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** Rows per statement: each is a short transaction, so no lock is held for long. */
const BATCH_SIZE = 5000;
/** Broadcast files are up to 50 MB each. */
const FILE_BATCH = 20;

export interface RawRetentionResult {
  messages: number;
  heldUpdates: number;
  broadcastFiles: number;
}

/**
 * What a message's raw copy keeps once cleared: nothing, except a MAX dialog's chat id, which only the
 * update carries and the contact's avatar is read through (see AvatarsService).
 */
const KEPT_RAW = `CASE WHEN coalesce(m.raw_json #>> '{message,recipient,chat_id}', m.raw_json ->> 'chat_id') IS NULL THEN NULL
  ELSE jsonb_build_object('chat_id', coalesce(m.raw_json #>> '{message,recipient,chat_id}', m.raw_json ->> 'chat_id')) END`;

/**
 * Spec point 13, bodies are not kept long-term: clears the raw copies older than RAW_RETENTION_DAYS
 * (0 keeps them). The facts (messages' text and ids, contacts, rollups) stay; no answer of the API shows
 * a raw copy, so none changes. Idempotent and safe from several instances at once.
 */
@Injectable()
export class RawRetentionService {
  private readonly logger = new Logger('Cleanup');

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async runOnce(options: { batchSize?: number } = {}): Promise<RawRetentionResult> {
    const days = this.config.rawRetentionDays;
    if (days === 0) return { messages: 0, heldUpdates: 0, broadcastFiles: 0 };
    const batchSize = options.batchSize ?? BATCH_SIZE;
    const bots = await this.db.query<Array<{ id: string }>>(`SELECT id FROM bots`);
    let messages = 0;
    for (const { id } of bots) messages += await this.clearMessages(id, days, batchSize);
    const heldUpdates = await this.deleteInBatches(
      `DELETE FROM held_updates WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM held_updates WHERE held_at < now() - make_interval(days => $1) LIMIT $2))`,
      days,
      batchSize,
    );
    const broadcastFiles = await this.deleteInBatches(
      `DELETE FROM broadcast_files WHERE broadcast_id = ANY(ARRAY(
         SELECT f.broadcast_id FROM broadcast_files f JOIN broadcasts b ON b.id = f.broadcast_id
          WHERE b.status IN ('done', 'failed', 'cancelled') AND b.finished_at < now() - make_interval(days => $1)
          LIMIT $2))`,
      days,
      Math.min(FILE_BATCH, batchSize),
    );
    if (messages || heldUpdates || broadcastFiles)
      this.logger.log(
        `Cleared raw copies older than ${days} days: ${messages} messages, ${heldUpdates} held updates, ${broadcastFiles} broadcast files`,
      );
    return { messages, heldUpdates, broadcastFiles };
  }

  /**
   * Walks one bot's messages in time order along messages_by_time, from its mark (everything before it is
   * cleared) to the cutoff, one batch of rows per statement; the mark moves with each batch, so a run that
   * stops is resumed, and a later run starts where this one ended. Times stay in SQL (microseconds).
   */
  private async clearMessages(botId: string, days: number, batchSize: number): Promise<number> {
    let cleared = 0;
    for (;;) {
      const [row] = await this.db.query<Array<{ cleared: string; done: boolean }>>(
        `WITH cut AS (SELECT now() - make_interval(days => $2) AS at),
              mark AS (SELECT coalesce((SELECT cleared_before FROM raw_retention_marks WHERE bot_id = $1), '-infinity') AS since),
              upper AS (
                SELECT coalesce(
                  (SELECT m.created_at + interval '1 microsecond' FROM messages m, mark, cut
                    WHERE m.bot_id = $1 AND m.created_at >= mark.since AND m.created_at < cut.at
                    ORDER BY m.created_at OFFSET $3 - 1 LIMIT 1),
                  (SELECT at FROM cut)) AS until),
              cleared AS (
                UPDATE messages m SET raw_json = ${KEPT_RAW}
                  FROM mark, upper
                 WHERE m.bot_id = $1 AND m.created_at >= mark.since AND m.created_at < upper.until
                   AND m.raw_json IS NOT NULL
                RETURNING 1),
              saved AS (
                INSERT INTO raw_retention_marks (bot_id, cleared_before) SELECT $1, until FROM upper
                ON CONFLICT (bot_id) DO UPDATE SET cleared_before = EXCLUDED.cleared_before)
         SELECT (SELECT count(*) FROM cleared) AS cleared, (SELECT until FROM upper) >= (SELECT at FROM cut) AS done`,
        [botId, days, batchSize],
      );
      cleared += Number(row.cleared);
      if (row.done) return cleared;
    }
  }

  private async deleteInBatches(statement: string, days: number, size: number): Promise<number> {
    let total = 0;
    for (;;) {
      const [, count] = await this.db.query<[unknown[], number]>(statement, [days, size]);
      total += count;
      if (count < size) return total;
    }
  }
}
