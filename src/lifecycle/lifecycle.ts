import { Injectable, OnModuleDestroy } from '@nestjs/common';

/**
 * Whether the instance is still taking work. Shutdown (src/lifecycle/graceful-shutdown.ts) flips it
 * first; whatever should end early rather than hold the shutdown up listens to `stopping`: readiness
 * turns 503, a waiting open-API broadcast request gets its 503, held-update long polls answer with what
 * they have, and running broadcasts stop between sends and go back to the queue. An app closed without
 * a signal (tests) stops the same way, as its first closing step.
 */
@Injectable()
export class Lifecycle implements OnModuleDestroy {
  private readonly controller = new AbortController();

  get stopping(): AbortSignal {
    return this.controller.signal;
  }

  get isStopping(): boolean {
    return this.controller.signal.aborted;
  }

  beginStopping(): void {
    if (!this.isStopping) this.controller.abort(new Error('shutting down'));
  }

  onModuleDestroy(): void {
    this.beginStopping();
  }
}
