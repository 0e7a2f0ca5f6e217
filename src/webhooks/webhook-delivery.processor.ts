import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { WEBHOOK_QUEUE, WebhookJob } from './webhook-dispatcher';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Delivers queued events; many at once, since each mostly waits on a subscriber. */
@Processor(WEBHOOK_QUEUE, { concurrency: 64 })
export class WebhookDeliveryProcessor extends WorkerHost {
  constructor(private readonly delivery: WebhookDeliveryService) {
    super();
  }

  async process(job: Job<WebhookJob>): Promise<void> {
    await this.delivery.deliverQueued(job.data.subscriptionId, job.data.event, job.data.data, job.data.eventId);
  }
}
