import { performance } from 'node:perf_hooks';
import type { Metrics } from '../metrics/metrics';
import type { FactBatchItem } from './fact-store';

/** Once per transaction, not per fact: the facts by kind, the batch's size and how long it took to commit. */
export function countCommitted(metrics: Metrics, batch: FactBatchItem[], started: number): void {
  let messagesIn = 0;
  let messagesOut = 0;
  let blocked = 0;
  let unblocked = 0;
  let presses = 0;
  let payments = 0;
  let refunds = 0;
  for (const item of batch) {
    for (const fact of item.facts) {
      if (fact.kind === 'message') {
        if (fact.direction === 'in') messagesIn++;
        else messagesOut++;
      } else if (fact.kind === 'blocked') blocked++;
      else if (fact.kind === 'unblocked') unblocked++;
      else if (fact.kind === 'press') presses++;
      else if (fact.kind === 'payment') payments++;
      else refunds++;
    }
  }
  const { ingestFacts, ingestBatchFacts, ingestCommitDuration } = metrics;
  if (messagesIn) ingestFacts.inc({ kind: 'message_in' }, messagesIn);
  if (messagesOut) ingestFacts.inc({ kind: 'message_out' }, messagesOut);
  if (blocked) ingestFacts.inc({ kind: 'blocked' }, blocked);
  if (unblocked) ingestFacts.inc({ kind: 'unblocked' }, unblocked);
  if (presses) ingestFacts.inc({ kind: 'button_press' }, presses);
  if (payments) ingestFacts.inc({ kind: 'payment' }, payments);
  if (refunds) ingestFacts.inc({ kind: 'refund' }, refunds);
  ingestBatchFacts.observe(messagesIn + messagesOut + blocked + unblocked + presses + payments + refunds);
  ingestCommitDuration.observe((performance.now() - started) / 1000);
}
