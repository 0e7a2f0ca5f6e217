import { Injectable } from '@nestjs/common';
import { Job } from 'bullmq';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { FunnelBackfillJob, FunnelBackfillService } from './funnel-backfill.service';

/** Runs the backfills (one at a time per instance: see queueSettings). */
@Injectable()
export class FunnelBackfillProcessor extends QueueWorker<FunnelBackfillJob> {
  readonly queueName = Queues.funnelBackfill;

  constructor(private readonly backfill: FunnelBackfillService) {
    super();
  }

  async process(job: Job<FunnelBackfillJob>): Promise<void> {
    await this.backfill.run(job.data);
  }
}
