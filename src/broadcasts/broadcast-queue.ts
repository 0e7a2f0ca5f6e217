import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { BroadcastStore } from './broadcast-store';

export const BROADCAST_QUEUE = 'broadcasts';

export interface BroadcastJob {
  broadcastId: string;
}

/**
 * Puts broadcasts on the BullMQ queue. The job id is the broadcast id, so adding one twice (a
 * request and the start-up recovery racing) is harmless; a scheduled broadcast is a delayed job.
 */
@Injectable()
export class BroadcastQueue {
  private readonly logger = new Logger('Broadcasts');

  constructor(@InjectQueue(BROADCAST_QUEUE) readonly queue: Queue<BroadcastJob>) {}

  async enqueue(broadcastId: string, sendAt: Date | null = null): Promise<void> {
    await this.queue.add(
      'broadcast',
      { broadcastId },
      {
        jobId: broadcastId,
        delay: sendAt ? Math.max(0, sendAt.getTime() - Date.now()) : 0,
        // A run that throws (e.g. the database went away) resumes later; each run continues where the last stopped.
        attempts: 5,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  /**
   * At start: broadcasts the database still calls unfinished but the queue does not hold (Redis was
   * flushed or lost, or their job failed) go back on it. Jobs that are active under a dead worker's
   * lock are left to BullMQ's stalled-job check, which moves them back once the lock expires.
   */
  async requeueUnfinished(store: BroadcastStore): Promise<void> {
    for (const broadcast of await store.unfinished()) {
      const job = await this.queue.getJob(broadcast.id);
      const state = job ? await job.getState() : 'missing';
      if (state === 'failed' && job) {
        await job.retry();
      } else if (state === 'completed' || state === 'missing' || state === 'unknown') {
        if (job) await job.remove();
        await this.enqueue(broadcast.id, broadcast.status === 'scheduled' ? broadcast.send_at : null);
      } else {
        continue;
      }
      this.logger.log(`broadcast ${broadcast.id} (${broadcast.status}) put back on the queue`);
    }
  }
}
