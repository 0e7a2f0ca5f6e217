import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { Lifecycle } from '../lifecycle/lifecycle';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { BroadcastLeases } from './broadcast-lease';
import { BroadcastJob } from './broadcast-queue';
import { BroadcastRunner } from './broadcast-runner';
import { BroadcastCompletion } from './broadcast-completion';

/**
 * Runs the broadcasts queue (its lock and stalled-check timings come from the configuration through
 * queueSettings; a test uses ~1 s). From the first moment of a shutdown it stops the running
 * broadcasts between sends and puts their jobs back, so they resume on another instance or after the restart.
 */
@Injectable()
export class BroadcastWorker extends QueueWorker<BroadcastJob> implements OnApplicationBootstrap {
  readonly queueName = Queues.broadcasts;
  private readonly logger = new Logger('Broadcasts');

  constructor(
    private readonly runner: BroadcastRunner,
    private readonly leases: BroadcastLeases,
    private readonly completion: BroadcastCompletion,
    private readonly lifecycle: Lifecycle,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.lifecycle.stopping.addEventListener('abort', () => void this.close(), { once: true });
  }

  async process(job: Job<BroadcastJob>, token?: string): Promise<void> {
    const result = await this.runner.run(job.data.broadcastId, this.lifecycle.stopping);
    if (result === 'finished') return;
    // Interrupted: back to the queue at once; another instance, or this one after its restart, continues
    // it. Busy (a run elsewhere holds it, e.g. after Redis lost this job's lock): look again once a lease could have lapsed.
    // Waiting for an A/B winner: the same job, delayed until the winner is due (it survives a restart in Redis).
    const at =
      typeof result === 'object'
        ? result.waitUntil.getTime()
        : Date.now() + (result === 'busy' ? this.leases.retryAfterMs : 0);
    await job.moveToDelayed(at, token);
    throw new DelayedError();
  }

  /** Out of attempts: the broadcast ends as failed, so a waiting request gets its answer. */
  protected override async onFailed(job: Job<BroadcastJob> | undefined, error: Error): Promise<void> {
    if (!job || error instanceof DelayedError) return;
    this.logger.error(`broadcast ${job.data.broadcastId} run ${job.attemptsMade}: ${error.message}`);
    if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
      await this.completion.finish(job.data.broadcastId, 'failed', error.message).catch(() => undefined);
    }
  }
}
