import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { FUNNEL_BACKFILL_QUEUE, FunnelBackfillJob, FunnelBackfillService } from './funnel-backfill.service';

/** One backfill at a time per process: each is a few heavy statements over a bot's history. */
@Processor(FUNNEL_BACKFILL_QUEUE, { concurrency: 1 })
export class FunnelBackfillProcessor extends WorkerHost {
  constructor(private readonly backfill: FunnelBackfillService) {
    super();
  }

  async process(job: Job<FunnelBackfillJob>): Promise<void> {
    await this.backfill.run(job.data);
  }
}
