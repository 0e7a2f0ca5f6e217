import { factsOfKind } from './fact-batch';
import type { FactBatchItem } from './fact-store';
import { PipelinedTransaction, sendPrepared } from './pipelined-transaction';

// The ingest's statements on `platform_errors` and `target_failures` (issue 27), in its transaction (fact-store.ts).
// Both are rare next to messages: plain inserts, one statement per table per batch, only when the batch has any.

export function queueHealthFacts(tx: PipelinedTransaction, batch: FactBatchItem[]): void {
  const errors = factsOfKind(batch, 'platform_error');
  if (errors.length) {
    sendPrepared(
      tx,
      `INSERT INTO platform_errors (bot_id, at, method, error_code, description, retry_after, is_send)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::int[], $5::text[], $6::int[], $7::boolean[])`,
      [
        errors.map((e) => e.botId),
        errors.map((e) => e.fact.at.toISOString()),
        errors.map((e) => e.fact.method),
        errors.map((e) => e.fact.errorCode),
        errors.map((e) => e.fact.description),
        errors.map((e) => e.fact.retryAfter),
        errors.map((e) => e.fact.send),
      ],
    );
  }
  const failures = factsOfKind(batch, 'target_failure');
  if (failures.length) {
    sendPrepared(
      tx,
      `INSERT INTO target_failures (bot_id, at, error, streak)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::int[])`,
      [
        failures.map((f) => f.botId),
        failures.map((f) => f.fact.at.toISOString()),
        failures.map((f) => f.fact.error),
        failures.map((f) => f.fact.streak),
      ],
    );
  }
}
