import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { CaptureBot } from './capture.service';
import { FactEvents } from './events';
import { Fact } from './facts';
import { FactBatchItem, FactStore, StoredFacts } from './fact-store';

interface Pending extends FactBatchItem {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Upper bound of facts in one transaction; larger bursts are split into several. */
const MAX_BATCH_FACTS = 1000;

/**
 * Group commit: facts from concurrent requests are gathered while the previous transaction runs and
 * written together in the next one, so throughput grows with load instead of paying one commit per
 * update. Each caller's promise settles when its own facts are committed (or failed).
 */
@Injectable()
export class IngestWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private pending: Pending[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly store: FactStore,
    private readonly events: EventEmitter2,
  ) {}

  write(bot: CaptureBot, facts: Fact[]): Promise<void> {
    if (!facts.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ bot, facts, resolve, reject });
      // setImmediate lets callers of the same tick join the first batch.
      this.draining ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
    });
  }

  /** Finish what was accepted before the database pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) await this.flush(this.takeBatch());
    } finally {
      this.draining = null;
    }
  }

  private takeBatch(): Pending[] {
    let facts = 0;
    let count = 0;
    while (count < this.pending.length && (count === 0 || facts + this.pending[count].facts.length <= MAX_BATCH_FACTS)) {
      facts += this.pending[count].facts.length;
      count += 1;
    }
    return this.pending.splice(0, count);
  }

  private async flush(batch: Pending[]): Promise<void> {
    try {
      const stored = await this.store.store(batch);
      for (const item of batch) item.resolve();
      this.emit(stored);
    } catch (error) {
      if (batch.length === 1) {
        this.logger.error(`Storing facts failed: ${error instanceof Error ? error.message : String(error)}`);
        batch[0].reject(error);
        return;
      }
      // One bad update must not fail its neighbours: retry each caller on its own.
      for (const item of batch) await this.flush([item]);
    }
  }

  private emit(stored: StoredFacts): void {
    for (const contact of stored.contacts) this.events.emit(FactEvents.contactCreated, contact);
    for (const message of stored.messages) {
      this.events.emit(message.direction === 'in' ? FactEvents.messageCreated : FactEvents.messageOutbound, message);
    }
  }
}
