import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { describeError } from '../logging/describe-error';
import { BroadcastStore } from './broadcast-store';

/**
 * One run's hold on its broadcast, renewed while the run goes on. BullMQ's job lock says the same in
 * Redis, but a Redis that restarts empty loses it while the run may still be sending; this one lives in
 * PostgreSQL, so a broadcast re-queued after such a loss never has two runs at once (the second would
 * count the first one's sends in flight as failed).
 */
export class BroadcastLease {
  private readonly lostController = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private renewing = false;

  constructor(
    private readonly store: BroadcastStore,
    private readonly broadcastId: string,
    private readonly owner: string,
    private readonly durationMs: number,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(durationMs / 3)));
    this.timer.unref();
  }

  /** Aborts when the lease lapsed (e.g. the database was out longer than the lease) and another run took it. */
  get lost(): AbortSignal {
    return this.lostController.signal;
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    await this.store.releaseLease(this.broadcastId, this.owner).catch((error: unknown) => {
      // It lapses by itself after its duration.
      this.logger.warn(`broadcast ${this.broadcastId}: releasing its lease failed: ${describeError(error)}`);
    });
  }

  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      if (!(await this.store.renewLease(this.broadcastId, this.owner, this.durationMs))) {
        clearInterval(this.timer);
        this.logger.warn(`broadcast ${this.broadcastId}: its lease lapsed and another run took it; this run stops`);
        this.lostController.abort(new Error('lease lost'));
      }
    } catch (error) {
      // The next renewal tries again; only another run taking the lease stops this one.
      this.logger.warn(`broadcast ${this.broadcastId}: renewing its lease failed: ${describeError(error)}`);
    } finally {
      this.renewing = false;
    }
  }
}

/** Hands out leases of BROADCAST_LOCK_DURATION_MS, the same time BullMQ gives a dead worker's job before moving it on. */
@Injectable()
export class BroadcastLeases {
  private readonly logger = new Logger('Broadcasts');
  private readonly durationMs: number;

  constructor(
    private readonly store: BroadcastStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.durationMs = config.broadcastLockDurationMs;
  }

  /** The lease, or null while another live run holds it. */
  async take(broadcastId: string): Promise<BroadcastLease | null> {
    const owner = randomUUID();
    if (!(await this.store.takeLease(broadcastId, owner, this.durationMs))) return null;
    return new BroadcastLease(this.store, broadcastId, owner, this.durationMs, this.logger);
  }

  get retryAfterMs(): number {
    return this.durationMs;
  }
}
