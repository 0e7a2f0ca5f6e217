import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { BroadcastStore, FinishedBroadcast } from './broadcast-store';

/** Emitted after a broadcast's final row is committed; webhook delivery sends it as `broadcast.completed`. */
export const BROADCAST_COMPLETED = 'broadcast.completed';
export type BroadcastCompletedEvent = FinishedBroadcast;

/**
 * Ends broadcasts (done, or failed) and announces it. A cancel is the owner's own act and is not announced;
 * only the call that actually ended the broadcast announces, so a retried finish never sends it twice.
 */
@Injectable()
export class BroadcastCompletion {
  constructor(
    private readonly store: BroadcastStore,
    private readonly events: EventEmitter2,
  ) {}

  async finish(id: string, status: 'done' | 'failed', error: string | null = null): Promise<void> {
    const finished = await this.store.finish(id, status, error);
    if (finished) this.events.emit(BROADCAST_COMPLETED, finished satisfies BroadcastCompletedEvent);
  }
}
