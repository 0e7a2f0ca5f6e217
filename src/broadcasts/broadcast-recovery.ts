import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Lifecycle } from '../lifecycle/lifecycle';
import { describeError } from '../logging/describe-error';
import { BroadcastQueue } from './broadcast-queue';
import { BroadcastStore } from './broadcast-store';

/**
 * Finds unfinished broadcasts that nobody runs and whose job the queue no longer holds, and queues them
 * again: at start (a stopped process left them) and every BROADCAST_RECOVERY_INTERVAL_MS (a Redis that
 * restarted empty lost their jobs, and a running one stopped when its Redis calls failed). Nobody gets a
 * broadcast twice: each recipient is marked `sending` before its call, and a run only starts under the
 * broadcast's lease, so a re-queued broadcast never runs beside one that survived.
 */
@Injectable()
export class BroadcastRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Broadcasts');
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly store: BroadcastStore,
    private readonly queue: BroadcastQueue,
    private readonly lifecycle: Lifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!runsWorkers(this.config)) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.config.broadcastRecoveryIntervalMs);
    this.timer.unref();
    this.lifecycle.stopping.addEventListener('abort', () => this.stop(), { once: true });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stop();
    await this.checking;
  }

  /** One pass; a pass still running when the next is due is not doubled. */
  check(): Promise<void> {
    this.checking ??= this.requeueUnattended().finally(() => (this.checking = null));
    return this.checking;
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async requeueUnattended(): Promise<void> {
    let broadcasts;
    try {
      broadcasts = await this.store.unattended();
    } catch (error) {
      this.logger.warn(`Looking for broadcasts to recover failed: ${describeError(error)}`);
      return;
    }
    for (const broadcast of broadcasts) {
      if (this.lifecycle.isStopping) return;
      // One broadcast's trouble (Redis still away, another instance retrying it first) must not hold up the others.
      await this.queue.requeue(broadcast).catch((error: unknown) => {
        this.logger.warn(`broadcast ${broadcast.id}: putting it back on the queue failed: ${describeError(error)}`);
      });
    }
  }
}
