import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Queues } from '../queue/job-settings';
import type { BroadcastRow } from './broadcast-store';

export const BROADCAST_QUEUE = Queues.broadcasts;

export interface BroadcastJob {
  broadcastId: string;
}

/**
 * Puts broadcasts on the BullMQ queue. The job id is the broadcast id, so adding one twice (a
 * request and the recovery racing) is harmless; a scheduled broadcast is a delayed job.
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
        // Attempts (a run that throws resumes later), backoff and retention: the broadcasts queue's settings.
      },
    );
  }

  /**
   * Puts a broadcast's job back unless the queue still holds it (waiting, delayed or active: an active
   * job of a dead worker is BullMQ's stalled check to move on); true when it did. The same job id makes
   * two instances doing this at once add one job.
   */
  async requeue(broadcast: Pick<BroadcastRow, 'id' | 'status' | 'send_at'>): Promise<boolean> {
    const job = await this.queue.getJob(broadcast.id);
    const state = job ? await job.getState() : 'missing';
    if (state === 'failed' && job) {
      await job.retry();
    } else if (state === 'completed' || state === 'missing' || state === 'unknown') {
      if (job) await job.remove();
      await this.enqueue(broadcast.id, broadcast.status === 'scheduled' ? broadcast.send_at : null);
    } else {
      return false;
    }
    this.logger.log(`broadcast ${broadcast.id} (${broadcast.status}) put back on the queue`);
    return true;
  }
}
