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
