import { InjectQueue } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { DeliveryLog } from './delivery-log';
import { WEBHOOK_QUEUE, WebhookJob } from './webhook-dispatcher';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * A BullMQ worker takes jobs one at a time, each take a Redis round trip, so under load one worker's
 * pickup trails the queue (bench/events: p99 pickup ~450 ms at 500 events/s). Several workers take
 * jobs side by side; together they still deliver 64 at once, since each delivery mostly waits.
 */
const WORKERS = 4;
const CONCURRENCY_PER_WORKER = 16;

/** Delivers queued events: one job per (event, subscription), one attempt each. */
@Injectable()
export class WebhookDeliveryWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly workers: Array<Worker<WebhookJob>> = [];

  constructor(
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<WebhookJob>,
    private readonly delivery: WebhookDeliveryService,
    private readonly log: DeliveryLog,
    private readonly watch: ConnectionWatch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsWorkers(this.config)) return;
    const { connection, prefix } = this.queue.opts;
    for (let i = 0; i < WORKERS; i++) {
      const worker = new Worker<WebhookJob>(WEBHOOK_QUEUE, (job) => this.process(job), {
        connection,
        prefix,
        concurrency: CONCURRENCY_PER_WORKER,
      });
      this.watch.bull(worker, 'Redis (webhook workers)');
      this.workers.push(worker);
    }
  }

  /** Deliveries in progress finish first, then their records are written before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await this.log.flushNow();
  }

  private process(job: Job<WebhookJob>): Promise<void> {
    return this.delivery.deliverQueued(job.data.subscriptionId, job.data.event, job.data.data, job.data.eventId);
  }
}
