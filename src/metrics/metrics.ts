import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/**
 * The service's Prometheus registry and every metric it keeps, in one place. A registry of its own
 * (not prom-client's global one), so several apps in one test process never collide.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /**
   * Facts (messages, blocks) lost for good, which nobody will deliver again: `database_unavailable` (held
   * through an outage past the ingest's buffer), `overload` (the buffer full while PostgreSQL is slow),
   * `poison` (data PostgreSQL refuses).
   */
  readonly factsUnrecorded = new Counter({
    name: 'botlens_ingest_facts_unrecorded_total',
    help: 'Facts taken from traffic that could not be recorded, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** Updates answered 200 without (all of) their facts, because PostgreSQL refused their data. */
  readonly updatesSkipped = new Counter({
    name: 'botlens_ingest_updates_skipped_total',
    help: 'Updates skipped because their data could not be stored, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** Errors of the service's PostgreSQL and Redis connections (a reconnect follows each). */
  readonly connectionErrors = new Counter({
    name: 'botlens_connection_errors_total',
    help: 'Errors raised by PostgreSQL and Redis connections, by client',
    labelNames: ['client'] as const,
    registers: [this.registry],
  });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Process figures (memory, CPU, event loop) only where someone can read them.
    if (config.metricsPort !== 0) collectDefaultMetrics({ register: this.registry });
    // Every reason shows from the start, at 0, so a rate over it is defined before the first loss.
    for (const reason of ['database_unavailable', 'overload', 'poison']) this.factsUnrecorded.inc({ reason }, 0);
    this.updatesSkipped.inc({ reason: 'poison' }, 0);
  }
}
