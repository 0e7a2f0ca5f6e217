import type { dailyDeltas } from './fact-aggregates';
import { PipelinedTransaction, sendPrepared } from './pipelined-transaction';

export function upsertDailyStats(tx: PipelinedTransaction, days: ReturnType<typeof dailyDeltas>): void {
  if (!days.length) return;
  sendPrepared(
    tx,
    `INSERT INTO daily_stats (bot_id, day, messages_in, messages_out, new_contacts)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[], $5::int[]) ORDER BY 1, 2
       ON CONFLICT (bot_id, day) DO UPDATE SET
         messages_in = daily_stats.messages_in + EXCLUDED.messages_in,
         messages_out = daily_stats.messages_out + EXCLUDED.messages_out,
         new_contacts = daily_stats.new_contacts + EXCLUDED.new_contacts`,
    [
      days.map((d) => d.botId),
      days.map((d) => d.day),
      days.map((d) => d.in),
      days.map((d) => d.out),
      days.map((d) => d.newContacts),
    ],
  );
}
