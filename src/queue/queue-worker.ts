import { getQueueToken } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { QueueName, queueSettings } from './job-settings';

/**
 * The one shape of a job handler: a provider extending this, next to the queue it handles
 * (registered with `jobQueue`). It starts its queue's workers when the app has started, with the
 * settings of queueSettings, and closes them first at shutdown (running jobs end before the database
 * closes). The app refuses to start if a registered queue has no handler (JobHandlersCheck).
 */
export abstract class QueueWorker<T> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** The queue this worker takes jobs from. */
  abstract readonly queueName: QueueName;
  protected readonly workers: Array<Worker<T>> = [];
  private closing: Promise<void> | null = null;

  // Property injection keeps each handler's constructor to its own dependencies.
  @Inject(ModuleRef) private readonly moduleRef!: ModuleRef;
  @Inject(APP_CONFIG) protected readonly appConfig!: AppConfig;
  @Inject(ConnectionWatch) private readonly connectionWatch!: ConnectionWatch;

  /** Runs one job; a throw fails the attempt (retried as its queue's settings say). */
  protected abstract process(job: Job<T>, token?: string): Promise<void>;

  /** Called when an attempt failed; by default nothing beyond BullMQ's own record. */
  protected onFailed(_job: Job<T> | undefined, _error: Error): Promise<void> | void {}

  onApplicationBootstrap(): void {
    // PROCESS_ROLE=api takes no jobs: it only adds them.
    if (!runsWorkers(this.appConfig)) return;
    const queue = this.moduleRef.get<Queue<T>>(getQueueToken(this.queueName), { strict: false });
    const { connection, prefix } = queue.opts;
    const settings = queueSettings(this.appConfig)[this.queueName];
    for (let i = 0; i < settings.workers; i++) {
      const worker = new Worker<T>(this.queueName, (job, token) => this.process(job, token), {
        connection,
        prefix,
        concurrency: settings.concurrency,
        lockDuration: settings.lockDurationMs,
        stalledInterval: settings.stalledIntervalMs,
        maxStalledCount: settings.maxStalledCount,
      });
      this.connectionWatch.bull(worker, `Redis (worker ${this.queueName})`);
      worker.on('failed', (job, error) => void this.onFailed(job, error));
      this.workers.push(worker);
    }
  }

  /**
   * Takes no new jobs until resume() (a test holds a queue back with it). Waits for the running ones: that is
   * also what ends a fetch already waiting in Redis, which would otherwise still take the next job added.
   */
  async pause(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.pause()));
  }

  resume(): void {
    for (const worker of this.workers) worker.resume();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Takes no new job; resolves once the running ones have ended. Safe to call more than once. */
  protected close(): Promise<void> {
    this.closing ??= Promise.all(this.workers.map((worker) => worker.close())).then(
      () => undefined,
      (error: Error) => new Logger('Queues').error(`closing the ${this.queueName} workers: ${error.message}`),
    );
    return this.closing;
  }
}
