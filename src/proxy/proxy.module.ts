import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { PollingModule } from '../polling/polling.module';
import { ForwardStatusRecorder } from './receiver/forward-status.recorder';
import { ProxyReceiver } from './receiver/proxy-receiver';
import { TargetForwarder } from './receiver/target-forwarder';
import { MaxSubscriptions } from './webhook/max-subscriptions';
import { TelegramWebhooks } from './webhook/telegram-webhooks';
import { WebhookController } from './webhook/webhook.controller';
import { WebhookSetupService } from './webhook/webhook-setup.service';
import { IngestModule } from '../ingest/ingest.module';

/**
 * Proxy-webhook mode (contract §5): the receiver mounted by mountRawRoutes (it holds a polling-mode
 * bot's updates in PollingModule's store), and the session API that connects the webhook.
 */
@Module({
  imports: [IngestModule, BotsModule, PollingModule],
  controllers: [WebhookController],
  providers: [
    ProxyReceiver,
    TargetForwarder,
    ForwardStatusRecorder,
    TelegramWebhooks,
    MaxSubscriptions,
    WebhookSetupService,
  ],
  exports: [ProxyReceiver],
})
export class ProxyModule {}
