import type { rollupDeltas } from './fact-aggregates';
import { PipelinedTransaction, sendPrepared } from './pipelined-transaction';

export function upsertSourceRollups(tx: PipelinedTransaction, rows: ReturnType<typeof rollupDeltas>): void {
  if (!rows.length) return;
  sendPrepared(
    tx,
    `INSERT INTO source_rollups (bot_id, source_value, campaign_name, contacts_count, touches)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[]) ORDER BY 1, 2, 3
       ON CONFLICT (bot_id, source_value, campaign_name) DO UPDATE SET
         contacts_count = source_rollups.contacts_count + EXCLUDED.contacts_count,
         touches = source_rollups.touches + EXCLUDED.touches`,
    [
      rows.map((r) => r.botId),
      rows.map((r) => r.source),
      rows.map((r) => r.campaign),
      rows.map((r) => r.contacts),
      rows.map((r) => r.touches),
    ],
  );
}

/**
 * source_days (migrations/1795402800000-RevenueRollups.ts): the contacts the batch attributed for the first time,
 * counted under their raw source and campaign (`''`: none) on the UTC day they were first seen, read back from their
 * rows once updateContacts has set the source. The revenue report's new contacts per source of a window; the
 * unattributed ones are daily_stats' new contacts less these. Erasure takes a contact out (ContactsRepository).
 */
export function upsertSourceDays(tx: PipelinedTransaction, attributedContactIds: string[]): void {
  if (!attributedContactIds.length) return;
  sendPrepared(
    tx,
    `INSERT INTO source_days AS s (bot_id, day, source_value, campaign_name, contacts)
       SELECT c.bot_id, (c.first_seen_at AT TIME ZONE 'UTC')::date, c.source_value, coalesce(c.campaign_name, ''), count(*)
         FROM contacts c
        WHERE c.id = ANY($1::uuid[]) AND c.source_value IS NOT NULL
        GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3, 4
       ON CONFLICT (bot_id, day, source_value, campaign_name) DO UPDATE SET contacts = s.contacts + EXCLUDED.contacts`,
    [attributedContactIds],
  );
}
