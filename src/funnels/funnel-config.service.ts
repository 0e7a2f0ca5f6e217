import { BadRequestException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FunnelBackfillService } from './funnel-backfill.service';
import { FunnelConfigError, parseFunnelStages } from './funnel-config.parser';
import { LOCK_BOT_SQL } from './funnel-sql';
import type { FunnelStageDto } from './funnel.dto';

interface StageRow {
  name: string;
  type: FunnelStageDto['type'];
  match: FunnelStageDto['match'] | null;
  value: string;
}

/**
 * A bot's funnel configuration. Saving it keeps the stage conditions that did not change (with
 * their counts), drops the removed ones and queues a backfill for the new ones.
 */
@Injectable()
export class FunnelConfigService {
  constructor(
    private readonly db: DataSource,
    private readonly backfill: FunnelBackfillService,
  ) {}

  async get(botId: string): Promise<FunnelStageDto[]> {
    const rows = await this.db.query<StageRow[]>(
      `SELECT name, type, match, value FROM funnel_stages WHERE bot_id = $1 ORDER BY position`,
      [botId],
    );
    return rows.map(({ name, type, match, value }) => {
      if (type === 'payment') return value ? { name, type, payload_prefix: value } : { name, type };
      return match ? { name, type, match, value } : { name, type, value };
    });
  }

  async replace(botId: string, body: unknown): Promise<FunnelStageDto[]> {
    const stages = this.parse(body);
    await this.assertIntentsExist(botId, stages);
    const { added, removed } = await this.db.transaction(async (tx) => {
      await tx.query(LOCK_BOT_SQL, [botId]);
      await tx.query(`DELETE FROM funnel_stages WHERE bot_id = $1`, [botId]);
      // The key hashes the condition as matched: text values folded, so `Да` and `да ` are one stage key.
      await tx.query(
        `INSERT INTO funnel_stages (bot_id, position, name, type, match, value, stage_key)
         SELECT $1, s.ord - 1, s.name, s.type, s.match, s.value,
                hashtextextended(s.type || '|' || coalesce(s.match, '') || '|' ||
                                 CASE WHEN s.type = 'text' THEN funnel_fold(s.value) ELSE s.value END, 0)
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS s(name, type, match, value, ord)`,
        [
          botId,
          stages.map((s) => s.name),
          stages.map((s) => s.type),
          stages.map((s) => s.match ?? null),
          // A payment stage's condition is its payload prefix ('' for any payment).
          stages.map((s) => (s.type === 'payment' ? (s.payload_prefix ?? '') : s.value)),
        ],
      );
      const addedRows = await tx.query<Array<{ stage_key: string }>>(
        `INSERT INTO funnel_stage_keys (bot_id, stage_key, type, match, value, folded)
         SELECT DISTINCT ON (stage_key) bot_id, stage_key, type, match, value,
                CASE WHEN type = 'text' THEN funnel_fold(value) ELSE value END
           FROM funnel_stages WHERE bot_id = $1
          ORDER BY stage_key, position
         ON CONFLICT (bot_id, stage_key) DO NOTHING
         RETURNING stage_key`,
        [botId],
      );
      const removedRows = await tx.query<Array<{ stage_key: string }>>(
        // Wrapped in a SELECT: TypeORM answers a bare DELETE … RETURNING as [rows, count].
        `WITH gone AS (
           DELETE FROM funnel_stage_keys k
            WHERE k.bot_id = $1 AND NOT EXISTS (SELECT 1 FROM funnel_stages s WHERE s.bot_id = k.bot_id AND s.stage_key = k.stage_key)
           RETURNING stage_key)
         SELECT stage_key FROM gone`,
        [botId],
      );
      const changed = [...addedRows, ...removedRows].map((row) => row.stage_key);
      await tx.query(`DELETE FROM funnel_stage_counts WHERE bot_id = $1 AND stage_key = ANY($2::bigint[])`, [
        botId,
        changed,
      ]);
      return { added: addedRows.length, removed: removedRows.map((row) => row.stage_key) };
    });
    if (added || removed.length) await this.backfill.schedule(botId, removed);
    return this.get(botId);
  }

  private parse(body: unknown) {
    try {
      return parseFunnelStages(body);
    } catch (error) {
      if (error instanceof FunnelConfigError) throw new BadRequestException(error.message);
      throw error;
    }
  }

  /** An intent stage must name one of the bot's intents now; one renamed or deleted later just stops matching. */
  private async assertIntentsExist(botId: string, stages: FunnelStageDto[]): Promise<void> {
    const names = stages.filter((s) => s.type === 'intent').map((s) => s.value!);
    if (!names.length) return;
    const rows = await this.db.query<Array<{ name: string }>>(
      `SELECT name FROM intents WHERE bot_id = $1 AND name = ANY($2::text[])`,
      [botId, names],
    );
    const known = new Set(rows.map((row) => row.name));
    const missing = stages.findIndex((s) => s.type === 'intent' && !known.has(s.value!));
    if (missing >= 0)
      throw new BadRequestException(`stages[${missing}].value must be the name of one of the bot's intents`);
  }
}
