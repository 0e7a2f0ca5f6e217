import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import { UNMAPPED_SOURCE } from '../common/unmapped-source';
import type { FunnelResultDto } from './funnel.dto';

interface StageCountRow {
  name: string;
  reached: string;
  computing: boolean;
}

/**
 * The funnel result, read from the per-source counters: a few rows per stage, however many contacts
 * the bot has. A source filter maps the raw sources the way the sources report does (a mapped raw
 * value counts under its normalised value; `— unmapped` is the contacts without a source).
 */
@Injectable()
export class FunnelReportQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  async result(botId: string, source: string | null): Promise<FunnelResultDto> {
    const rows = await this.db.query<StageCountRow[]>(
      `SELECT s.name, k.computing,
              coalesce((
                SELECT sum(c.reached)
                  FROM funnel_stage_counts c
                  LEFT JOIN source_mappings m ON m.bot_id = c.bot_id AND m.raw = c.source_value
                 WHERE c.bot_id = s.bot_id AND c.stage_key = s.stage_key
                   AND ($2::text IS NULL
                        OR CASE WHEN c.source_value = '' THEN $3 ELSE coalesce(m.source_value, c.source_value) END = $2)
              ), 0) AS reached
         FROM funnel_stages s
         JOIN funnel_stage_keys k ON k.bot_id = s.bot_id AND k.stage_key = s.stage_key
        WHERE s.bot_id = $1
        ORDER BY s.position`,
      [botId, source, UNMAPPED_SOURCE],
    );
    let previous: number | null = null;
    const stages = rows.map((row) => {
      const reached = Number(row.reached);
      const conversion = previous ? Math.round((reached / previous) * 10_000) / 10_000 : null;
      previous = reached;
      return { name: row.name, reached, conversion };
    });
    return { source, stages, computing: rows.some((row) => row.computing) };
  }
}
