import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job, Worker } from 'bullmq';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Lifecycle } from '../lifecycle/lifecycle';
import { ConnectionWatch } from '../metrics/connection-watch';
import { BroadcastLeases } from './broadcast-lease';
import { BroadcastJob, BroadcastQueue, BROADCAST_QUEUE } from './broadcast-queue';
import { BroadcastRunner } from './broadcast-runner';
import { BroadcastStore } from './broadcast-store';

/** Broadcasts of different bots run side by side; each is paced on its own. */
const CONCURRENCY = 16;
/**
 * A job whose worker died is moved back to the queue up to this many times: a broadcast should survive
 * several restarts, and every resume makes progress (the recipients in flight are settled as failed).
 */
const MAX_STALLED = 100;

/**
 * The BullMQ worker of the broadcasts queue. Built by hand rather than with `@Processor` because its
 * lock and stalled-check timings come from the configuration (a test uses ~1 s). From the first
 * moment of a shutdown it stops the running broadcasts between sends and puts their jobs back, so they
 * resume on another instance or after the restart.
 */
@Injectable()
export class BroadcastWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Broadcasts');
  private worker: Worker<BroadcastJob> | null = null;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly queue: BroadcastQueue,
    private readonly runner: BroadcastRunner,
    private readonly leases: BroadcastLeases,
    private readonly store: BroadcastStore,
    private readonly lifecycle: Lifecycle,
    private readonly watch: ConnectionWatch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsWorkers(this.config)) return;
    const { connection, prefix } = this.queue.queue.opts;
    this.worker = new Worker<BroadcastJob>(BROADCAST_QUEUE, (job, token) => this.process(job, token), {
      connection,
      prefix,
      concurrency: CONCURRENCY,
      lockDuration: this.config.broadcastLockDurationMs,
      stalledInterval: this.config.broadcastStalledIntervalMs,
      maxStalledCount: MAX_STALLED,
    });
    this.watch.bull(this.worker, `Redis (worker ${BROADCAST_QUEUE})`);
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
    this.lifecycle.stopping.addEventListener('abort', () => void this.close(), { once: true });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Takes no new job; resolves once the running ones stopped between sends and went back to the queue. */
  private close(): Promise<void> {
    this.closing ??= (this.worker?.close() ?? Promise.resolve()).catch((error: Error) => {
      this.logger.error(`closing the broadcast worker: ${error.message}`);
    });
    return this.closing;
  }

  private async process(job: Job<BroadcastJob>, token?: string): Promise<void> {
    const result = await this.runner.run(job.data.broadcastId, this.lifecycle.stopping);
    if (result === 'finished') return;
    // Interrupted: back to the queue at once; another instance, or this one after its restart, continues
    // it. Busy (a run elsewhere holds it, e.g. after Redis lost this job's lock): look again once a lease could have lapsed.
    await job.moveToDelayed(Date.now() + (result === 'busy' ? this.leases.retryAfterMs : 0), token);
    throw new DelayedError();
  }

  /** Out of attempts: the broadcast ends as failed, so a waiting request gets its answer. */
  private async onFailed(job: Job<BroadcastJob> | undefined, error: Error): Promise<void> {
    if (!job || error instanceof DelayedError) return;
    this.logger.error(`broadcast ${job.data.broadcastId} run ${job.attemptsMade}: ${error.message}`);
    if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
      await this.store.finish(job.data.broadcastId, 'failed', error.message).catch(() => undefined);
    }
  }
}
