import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** Rows per statement: each is a short transaction, so no lock is held for long. */
const BATCH_SIZE = 5000;
/** Broadcast files are up to 50 MB each. */
const FILE_BATCH = 20;

export interface RawRetentionResult {
  /** Raw copies of messages deleted one by one: those past the limit in the month that straddles it. */
  messages: number;
  /** Months of raw copies dropped whole (`message_raws_p2026_09`): every copy in them is past the limit. */
  rawMonths: string[];
  heldUpdates: number;
  broadcastFiles: number;
}

/** How long dropping a month of raw copies waits for its lock (it locks `message_raws` a moment); else next run. */
const DROP_LOCK_WAIT_MS = 1000;

/**
 * Spec point 13, bodies are not kept long-term: removes the raw copies older than RAW_RETENTION_DAYS
 * (0 keeps them). The facts (messages' text and ids, a MAX dialog's chat id, contacts, rollups) stay; no answer of
 * the API shows a raw copy, so none changes. Idempotent and safe from several instances at once.
 *
 * Raw copies live in `message_raws`, partitioned by month like `messages`: a month whose last day is past the limit is
 * dropped whole, which costs nothing however many copies it holds; in the one month that straddles the limit the copies
 * past it are deleted by bot along `message_raws_by_bot`, an hour of them per hourly run, so none outlives the limit.
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
    if (days === 0) return { messages: 0, rawMonths: [], heldUpdates: 0, broadcastFiles: 0 };
    const batchSize = options.batchSize ?? BATCH_SIZE;
    const rawMonths = await this.dropMonths(days);
    const [{ cutoff }] = await this.db.query<Array<{ cutoff: string }>>(
      // As text: a JavaScript Date would lose the microseconds.
      `SELECT (now() - make_interval(days => $1))::text AS cutoff`,
      [days],
    );
    const bots = await this.db.query<Array<{ id: string }>>(`SELECT id FROM bots`);
    let messages = 0;
    for (const { id } of bots) messages += await this.deleteRawCopies(id, cutoff, batchSize);
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
    if (messages || rawMonths.length || heldUpdates || broadcastFiles)
      this.logger.log(
        `Cleared raw copies older than ${days} days: ${rawMonths.length ? `months ${rawMonths.join(', ')} dropped, ` : ''}` +
          `${messages} messages, ${heldUpdates} held updates, ${broadcastFiles} broadcast files`,
      );
    return { messages, rawMonths, heldUpdates, broadcastFiles };
  }

  /** Drops the months of raw copies that ended before the limit; a month whose lock is not had in time waits a run. */
  private async dropMonths(days: number): Promise<string[]> {
    const months = await this.db.query<Array<{ name: string }>>(
      `SELECT c.relname AS name
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'message_raws'::regclass AND c.relname ~ '^message_raws_p[0-9]{4}_[0-9]{2}$'
          AND (to_date(substr(c.relname, 15), 'YYYY_MM') + interval '1 month') AT TIME ZONE 'UTC'
              <= now() - make_interval(days => $1)
        ORDER BY 1`,
      [days],
    );
    const dropped: string[] = [];
    for (const { name } of months) {
      try {
        await this.db.transaction(async (tx) => {
          await tx.query(`SET LOCAL lock_timeout = ${DROP_LOCK_WAIT_MS}`);
          await tx.query(`DROP TABLE IF EXISTS ${name}`);
        });
        dropped.push(name);
      } catch (error) {
        if ((error as { code?: string }).code !== '55P03') throw error;
        this.logger.warn(`Dropping ${name} waited over ${DROP_LOCK_WAIT_MS} ms for its lock: left for the next run`);
      }
    }
    return dropped;
  }

  /** One bot's raw copies older than `cutoff`, a batch per statement (each a short transaction). */
  private async deleteRawCopies(botId: string, cutoff: string, batchSize: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [, count] = await this.db.query<[unknown[], number]>(
        `DELETE FROM message_raws
          WHERE bot_id = $1 AND created_at < $2::timestamptz
            AND (message_id, created_at) IN (
              SELECT message_id, created_at FROM message_raws WHERE bot_id = $1 AND created_at < $2::timestamptz LIMIT $3)`,
        [botId, cutoff, batchSize],
      );
      deleted += count;
      if (count < batchSize) return deleted;
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
