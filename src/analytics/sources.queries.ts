import { Inject, Injectable } from '@nestjs/common';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import { UNMAPPED_SOURCE } from '../common/unmapped-source';
import { SourceRowDto } from './source.dto';

interface SourceRow {
  source_value: string;
  campaign_name: string | null;
  contacts_count: string;
  touches: string;
}

/**
 * The sources report. source_rollups holds the raw (source, campaign) counts the ingest keeps,
 * so the report reads a handful of rows and applies the mappings on the way: editing a mapping
 * regroups the whole history at once.
 */
@Injectable()
export class SourcesQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  async rows(botId: string): Promise<SourceRowDto[]> {
    const rows = await this.db.query<SourceRow[]>(
      `WITH mapped AS (
         -- '' is "none" in the rollup: touches without a parameter go to the unmapped row.
         SELECT CASE WHEN r.source_value = '' THEN $2 ELSE coalesce(m.source_value, r.source_value) END AS source_value,
                coalesce(m.campaign_name, nullif(r.campaign_name, '')) AS campaign_name,
                r.contacts_count,
                r.touches
           FROM source_rollups r
           LEFT JOIN source_mappings m ON m.bot_id = r.bot_id AND m.raw = r.source_value
          WHERE r.bot_id = $1
         UNION ALL
         -- Contacts without attribution are not in the rollup: all contacts minus the attributed ones.
         SELECT $2, NULL,
                greatest(0, (SELECT coalesce(sum(new_contacts), 0) FROM daily_stats WHERE bot_id = $1)
                              - (SELECT coalesce(sum(contacts_count), 0) FROM source_rollups WHERE bot_id = $1)),
                0
       )
       SELECT source_value, campaign_name, sum(contacts_count) AS contacts_count, sum(touches) AS touches
         FROM mapped
        GROUP BY source_value, campaign_name
       HAVING sum(contacts_count) > 0 OR sum(touches) > 0
        ORDER BY sum(contacts_count) DESC, sum(touches) DESC,
                 source_value COLLATE "C", campaign_name COLLATE "C" NULLS FIRST`,
      [botId, UNMAPPED_SOURCE],
    );
    return rows.map((row) => ({
      source_value: row.source_value,
      campaign_name: row.campaign_name,
      contacts_count: Number(row.contacts_count),
      touches: Number(row.touches),
    }));
  }
}
