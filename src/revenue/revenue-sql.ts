/**
 * How the revenue reads see sources: the raw first-touch source of a payer or contact (`null` when it has none),
 * seen through the bot's mappings exactly as the sources report sees it. `$1` is always the bot's id.
 */

/** True when the raw source `raw` counts under the mapped source in parameter `source` (`unmapped`: its label). */
export function countsUnder(raw: string, source: string, unmapped: string): string {
  return `CASE WHEN ${raw} IS NULL THEN ${source} = ${unmapped}
    ELSE ${raw} IN (SELECT m.raw FROM source_mappings m WHERE m.bot_id = $1 AND m.source_value = ${source})
      OR (${raw} = ${source} AND NOT EXISTS (SELECT FROM source_mappings m WHERE m.bot_id = $1 AND m.raw = ${source}))
    END`;
}

/**
 * The mapped source and campaign of rows `r` (raw `source_value`, `campaign_name`) joined to their mapping `m`
 * (see MAPPING_JOIN): a mapping's campaign replaces the link's own; no source is `unmapped` without a campaign.
 */
export function mappedColumns(unmapped: string): string {
  return `CASE WHEN r.source_value IS NULL THEN ${unmapped} ELSE coalesce(m.source_value, r.source_value) END AS source_value,
          CASE WHEN r.source_value IS NULL THEN NULL ELSE coalesce(m.campaign_name, nullif(r.campaign_name, '')) END AS campaign_name`;
}

export const MAPPING_JOIN = `LEFT JOIN source_mappings m ON m.bot_id = $1 AND m.raw = r.source_value`;
