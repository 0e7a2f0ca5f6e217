import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { CleanupService } from './cleanup.service';
import { MessagePartitions } from './message-partitions';
import { RawRetentionService } from './raw-retention.service';
import { describeError } from '../logging/describe-error';

export const CLEANUP_QUEUE = Queues.cleanup;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the hourly cleanup with BullMQ's job scheduler: one schedule in Redis however many
 * instances start, so each hour's run happens once.
 */
@Injectable()
export class CleanupSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Cleanup');

  constructor(
    @InjectQueue(CLEANUP_QUEUE) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsWorkers(this.config)) return;
    try {
      await this.queue.upsertJobScheduler(
        'deleted-data',
        { every: CLEANUP_EVERY_MS },
        // Attempts and retention: the cleanup queue's settings (queueSettings).
        { name: 'cleanup' },
      );
    } catch (error) {
      // Redis being away must not stop the start; the schedule stored by an earlier start still holds.
      this.logger.error(`Scheduling the cleanup failed: ${describeError(error)}`);
    }
  }
}

@Injectable()
export class CleanupProcessor extends QueueWorker<unknown> {
  readonly queueName = Queues.cleanup;

  constructor(
    private readonly cleanup: CleanupService,
    private readonly rawRetention: RawRetentionService,
    private readonly partitions: MessagePartitions,
  ) {
    super();
  }

  async process(): Promise<void> {
    // Partitions first: the months ahead are what keeps the ingest out of the default partition.
    await this.partitions.runOnce();
    await this.cleanup.runOnce();
    await this.rawRetention.runOnce();
  }
}
