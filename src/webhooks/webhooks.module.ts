import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { IngestModule } from '../ingest/ingest.module';
import { jobQueue } from '../queue/job-queue';
import { DeliveryLog } from './delivery-log';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookDeliveryWorkers } from './webhook-delivery.workers';
import { WEBHOOK_QUEUE, WebhookDispatcher } from './webhook-dispatcher';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSender } from './webhook-sender';
import { WebhookSubscription } from './webhook-subscription.entity';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookSubscription, WebhookDelivery]),
    jobQueue(WEBHOOK_QUEUE),
    BotsModule,
    AuthModule,
    IngestModule,
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhookSender,
    DeliveryLog,
    WebhookDeliveryService,
    WebhookOutbox,
    WebhookDispatcher,
    WebhookDeliveryWorkers,
  ],
  exports: [WebhookDispatcher, WebhooksService],
})
export class WebhooksModule {}
