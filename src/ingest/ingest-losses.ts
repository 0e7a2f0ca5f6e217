import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { describeError } from '../logging/describe-error';
import { SUMMARY_INTERVAL_MS } from '../logging/outage-log';
import { Metrics } from '../metrics/metrics';

/** Why facts were dropped without being written: see IngestWriter. */
export type LossReason = 'database_unavailable' | 'overload' | 'journal_full' | 'poison';

interface Tally {
  facts: number;
  updates: number;
  cause: string;
}

/**
 * The count of what the ingest gave up on, in `botlens_ingest_facts_unrecorded_total{reason}` and in the
 * log: the first loss at once, then one line per reason and interval with the exact count, so a run of
 * losses (an outage) costs a few lines and the lines add up to the metric.
 */
@Injectable()
export class IngestLosses implements OnApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private readonly tallies = new Map<LossReason, Tally>();
  private readonly totals = new Map<LossReason, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly metrics: Metrics) {}

  /** Facts dropped without being written (held through an outage past the buffer, or at shutdown). */
  lost(reason: Exclude<LossReason, 'poison'>, facts: number, cause: unknown): void {
    this.add(reason, facts, 0, cause);
  }

  /** An update PostgreSQL refused even alone: its caller is answered as if it were stored. */
  poison(facts: number, cause: unknown): void {
    this.metrics.updatesSkipped.inc({ reason: 'poison' });
    this.add('poison', facts, 1, cause);
  }

  onApplicationShutdown(): void {
    this.flush();
  }

  private add(reason: LossReason, facts: number, updates: number, cause: unknown): void {
    this.metrics.factsUnrecorded.inc({ reason }, facts);
    this.totals.set(reason, (this.totals.get(reason) ?? 0) + facts);
    const tally = this.tallies.get(reason) ?? { facts: 0, updates: 0, cause: '' };
    tally.facts += facts;
    tally.updates += updates;
    tally.cause = describeError(cause);
    this.tallies.set(reason, tally);
    if (this.timer) return;
    this.flush();
    this.timer = setInterval(() => {
      if (this.tallies.size === 0) this.stop();
      this.flush();
    }, SUMMARY_INTERVAL_MS).unref();
  }

  private flush(): void {
    for (const [reason, tally] of this.tallies) {
      const skipped = reason === 'poison' ? `${tally.updates} updates skipped as poison, ` : '';
      this.logger.warn(
        `${skipped}${tally.facts} facts not recorded (${reason}): ${tally.cause}; ${this.totals.get(reason)} since start`,
      );
    }
    this.tallies.clear();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
