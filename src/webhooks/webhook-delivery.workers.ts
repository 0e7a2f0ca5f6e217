import { Injectable } from '@nestjs/common';
import { Job } from 'bullmq';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { DeliveryLog } from './delivery-log';
import { WebhookJob } from './webhook-dispatcher';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Delivers queued events: one job per (event, subscription), one attempt each; several workers side by side (queueSettings). */
@Injectable()
export class WebhookDeliveryWorkers extends QueueWorker<WebhookJob> {
  readonly queueName = Queues.webhookDeliveries;

  constructor(
    private readonly delivery: WebhookDeliveryService,
    private readonly log: DeliveryLog,
  ) {
    super();
  }

  /** Deliveries in progress finish first, then their records are written before the database closes. */
  override async beforeApplicationShutdown(): Promise<void> {
    await super.beforeApplicationShutdown();
    await this.log.flushNow();
  }

  process(job: Job<WebhookJob>): Promise<void> {
    return this.delivery.deliverQueued(job.data.subscriptionId, job.data.event, job.data.data, job.data.eventId);
  }
}
