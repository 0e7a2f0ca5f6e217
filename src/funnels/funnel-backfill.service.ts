import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ChangeEvents, IntentsChanged, isRelayed } from '../common/changes';
import { Queues } from '../queue/job-settings';
import { LOCK_BOT_SQL, paymentMatchesSql, pressMatchesSql, stageMatchesSql } from './funnel-sql';
import { describeError } from '../logging/describe-error';

export const FUNNEL_BACKFILL_QUEUE = Queues.funnelBackfill;

export interface FunnelBackfillJob {
  botId: string;
  /** Stage keys the config edit dropped, whose reach rows go (as strings: bigint). */
  removedKeys: string[];
}

interface StageKeyRow {
  stage_key: string;
  type: 'text' | 'command' | 'intent' | 'button' | 'payment';
  value: string;
  revision: number;
}

/**
 * Counts a stage condition over the bot's whole history when it is new (or its intents changed):
 * one set-based statement fills its reach rows, then its counters are recounted from them under the
 * bot's funnel lock. Runs in a BullMQ job; live maintenance goes on meanwhile (docs/api.md: Funnels).
 */
@Injectable()
export class FunnelBackfillService {
  private readonly logger = new Logger('Funnels');

  constructor(
    private readonly db: DataSource,
    @InjectQueue(FUNNEL_BACKFILL_QUEUE) private readonly queue: Queue<FunnelBackfillJob>,
  ) {}

  @OnEvent(ChangeEvents.intentsChanged)
  onIntentsChanged(change: IntentsChanged): void {
    if (isRelayed(change)) return; // the instance where the intents changed recounts, once
    this.intentsChanged(change.botId).catch((error: unknown) =>
      this.logger.error(`Recounting intent stages failed: ${describeError(error)}`),
    );
  }

  async schedule(botId: string, removedKeys: string[]): Promise<void> {
    // Attempts, backoff and retention: the funnel-backfill queue's settings (queueSettings).
    await this.queue.add('backfill', { botId, removedKeys });
  }

  /** An intent renamed or deleted changes who reached the stages naming it: count those again. */
  async intentsChanged(botId: string): Promise<void> {
    const keys = await this.db.query<unknown[]>(
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH marked AS (
         UPDATE funnel_stage_keys SET computing = true, revision = revision + 1 WHERE bot_id = $1 AND type = 'intent' RETURNING stage_key)
       SELECT stage_key FROM marked`,
      [botId],
    );
    if (keys.length) await this.schedule(botId, []);
  }

  async run({ botId, removedKeys }: FunnelBackfillJob): Promise<void> {
    if (removedKeys.length) {
      await this.db.query(
        `DELETE FROM funnel_reach WHERE bot_id = $1 AND stage_key = ANY($2::bigint[])
            AND stage_key NOT IN (SELECT stage_key FROM funnel_stage_keys WHERE bot_id = $1)`,
        [botId, removedKeys],
      );
    }
    const keys = await this.db.query<StageKeyRow[]>(
      `SELECT stage_key, type, value, revision FROM funnel_stage_keys WHERE bot_id = $1 AND computing ORDER BY stage_key`,
      [botId],
    );
    for (const key of keys) {
      const started = Date.now();
      if (key.type === 'intent') await this.fillFromIntents(botId, key);
      else if (key.type === 'button') await this.fillFromPresses(botId, key);
      else if (key.type === 'payment') await this.fillFromPayments(botId, key);
      else await this.fillFromMessages(botId, key);
      await this.attributeLate(botId, key);
      await this.recount(botId, key);
      this.logger.log(`Backfilled ${key.type} stage ${key.stage_key} of bot ${botId} in ${Date.now() - started} ms`);
    }
  }

  /** Text and command stages: every inbound message of the bot, grouped to each contact's first match. */
  private fillFromMessages(botId: string, key: StageKeyRow): Promise<unknown> {
    return this.fill(
      botId,
      key,
      `messages m ON m.bot_id = k.bot_id AND m.direction = 'in'`,
      'm.created_at',
      stageMatchesSql('k', 'm'),
    );
  }

  /** Button stages: every press of the bot (button_presses_by_time), grouped to each contact's first match. */
  private fillFromPresses(botId: string, key: StageKeyRow): Promise<unknown> {
    return this.fill(botId, key, 'button_presses m ON m.bot_id = k.bot_id', 'm.created_at', pressMatchesSql('k', 'm'));
  }

  /** Payment stages: every payment of the bot (payments_by_time), grouped to each contact's first match. */
  private fillFromPayments(botId: string, key: StageKeyRow): Promise<unknown> {
    return this.fill(botId, key, 'payments m ON m.bot_id = k.bot_id', 'm.paid_at', paymentMatchesSql('k', 'm'));
  }

  /** Reach rows of the key from the facts `m` joined to it that `matches`, each contact at its first (`at`). */
  private fill(botId: string, key: StageKeyRow, facts: string, at: string, matches: string): Promise<unknown> {
    return this.db.query(
      `WITH hits AS (
         SELECT m.contact_id, min(${at}) AS reached_at
           FROM funnel_stage_keys k
           JOIN ${facts}
          WHERE k.bot_id = $1 AND k.stage_key = $2 AND ${matches}
          GROUP BY m.contact_id
       )
       INSERT INTO funnel_reach AS r (bot_id, stage_key, contact_id, source_value, reached_at)
       SELECT $1, $2, h.contact_id, coalesce(c.source_value, ''), h.reached_at
         FROM hits h JOIN contacts c ON c.id = h.contact_id
       ON CONFLICT (bot_id, stage_key, contact_id) DO UPDATE SET reached_at = EXCLUDED.reached_at
        WHERE r.reached_at > EXCLUDED.reached_at`,
      [botId, key.stage_key],
    );
  }

  /**
   * Intent stages: the stored matches of the bot's intent of that name (intents only ever match
   * inbound messages). Rows whose contact no longer has such a match (intent renamed or deleted) go.
   */
  private async fillFromIntents(botId: string, key: StageKeyRow): Promise<void> {
    await this.db.query(
      `WITH hits AS (
         SELECT mi.contact_id, min(mi.created_at) AS reached_at
           FROM intents i JOIN message_intents mi ON mi.intent_id = i.id
          WHERE i.bot_id = $1 AND i.name = $3
          GROUP BY mi.contact_id
       )
       INSERT INTO funnel_reach AS r (bot_id, stage_key, contact_id, source_value, reached_at)
       SELECT $1, $2, h.contact_id, coalesce(c.source_value, ''), h.reached_at
         FROM hits h JOIN contacts c ON c.id = h.contact_id
       ON CONFLICT (bot_id, stage_key, contact_id) DO UPDATE SET reached_at = EXCLUDED.reached_at
        WHERE r.reached_at IS DISTINCT FROM EXCLUDED.reached_at`,
      [botId, key.stage_key, key.value],
    );
    await this.db.query(
      `DELETE FROM funnel_reach r
        WHERE r.bot_id = $1 AND r.stage_key = $2
          AND NOT EXISTS (SELECT 1 FROM intents i JOIN message_intents mi ON mi.intent_id = i.id
                           WHERE i.bot_id = $1 AND i.name = $3 AND mi.contact_id = r.contact_id)`,
      [botId, key.stage_key, key.value],
    );
  }

  /**
   * A contact attributed while the fill ran may have been written as unattributed after the live
   * path already moved its other rows; catch those before counting.
   */
  private attributeLate(botId: string, key: StageKeyRow): Promise<unknown> {
    return this.db.query(
      `UPDATE funnel_reach r SET source_value = c.source_value
         FROM contacts c
        WHERE r.bot_id = $1 AND r.stage_key = $2 AND r.source_value = ''
          AND c.id = r.contact_id AND c.source_value IS NOT NULL`,
      [botId, key.stage_key],
    );
  }

  /**
   * The counters of the key, from its reach rows, under the bot's lock: no live flush is between
   * insert and increment meanwhile, so the rows counted and the counters agree from here on.
   */
  private recount(botId: string, key: StageKeyRow): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK_BOT_SQL, [botId]);
      const [current] = await tx.query<Array<{ revision: number }>>(
        `SELECT revision FROM funnel_stage_keys WHERE bot_id = $1 AND stage_key = $2`,
        [botId, key.stage_key],
      );
      if (!current) return; // dropped by a config edit meanwhile; its rows go with that edit's job
      await tx.query(`DELETE FROM funnel_stage_counts WHERE bot_id = $1 AND stage_key = $2`, [botId, key.stage_key]);
      await tx.query(
        `INSERT INTO funnel_stage_counts (bot_id, stage_key, source_value, reached)
         SELECT bot_id, stage_key, source_value, count(*) FROM funnel_reach
          WHERE bot_id = $1 AND stage_key = $2
          GROUP BY 1, 2, 3`,
        [botId, key.stage_key],
      );
      // A newer revision (intents changed again) keeps it computing for the job that was queued then.
      await tx.query(
        `UPDATE funnel_stage_keys SET computing = false WHERE bot_id = $1 AND stage_key = $2 AND revision = $3`,
        [botId, key.stage_key, key.revision],
      );
    });
  }
}
