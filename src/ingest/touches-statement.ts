import type { NewMessageRow } from './messages-statement';
import { PipelinedTransaction, sendPrepared } from './pipelined-transaction';

export interface TouchRow {
  row: NewMessageRow;
  parameter: string | null;
  sourceValue: string | null;
  campaignName: string | null;
}

export function insertTouches(tx: PipelinedTransaction, touches: TouchRow[]): void {
  if (!touches.length) return;
  sendPrepared(
    tx,
    `INSERT INTO touches (bot_id, contact_id, parameter, source_value, campaign_name, created_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`,
    [
      touches.map((t) => t.row.bot_id),
      touches.map((t) => t.row.contact_id),
      touches.map((t) => t.parameter),
      touches.map((t) => t.sourceValue),
      touches.map((t) => t.campaignName),
      touches.map((t) => t.row.created_at),
    ],
  );
}
