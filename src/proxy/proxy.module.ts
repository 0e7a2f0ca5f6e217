import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { POLLING_ANSWERER } from '../mirror/polling-hook';
import { HeldUpdateSignal } from './polling/held-update-signal';
import { HeldUpdatesStore } from './polling/held-updates.store';
import { HeldUpdatesSweeper } from './polling/held-updates.sweeper';
import { LongPoll } from './polling/long-poll';
import { MaxPolling } from './polling/max-polling';
import { HeldUpdatesAnswerer } from './polling/polling-answerer';
import { TelegramPolling } from './polling/telegram-polling';
import { ForwardStatusRecorder } from './receiver/forward-status.recorder';
import { ProxyReceiver } from './receiver/proxy-receiver';
import { TargetForwarder } from './receiver/target-forwarder';
import { MaxSubscriptions } from './webhook/max-subscriptions';
import { TelegramWebhooks } from './webhook/telegram-webhooks';
import { WebhookController } from './webhook/webhook.controller';
import { WebhookSetupService } from './webhook/webhook-setup.service';

/**
 * Proxy-webhook mode (contract §5): the receiver mounted by mountProxy, polling mode's held updates
 * (answered to the mirror through POLLING_ANSWERER), and the session API that connects the webhook.
 */
@Module({
  imports: [BotsModule],
  controllers: [WebhookController],
  providers: [
    ProxyReceiver,
    TargetForwarder,
    ForwardStatusRecorder,
    HeldUpdatesStore,
    HeldUpdateSignal,
    HeldUpdatesSweeper,
    LongPoll,
    TelegramPolling,
    MaxPolling,
    HeldUpdatesAnswerer,
    { provide: POLLING_ANSWERER, useExisting: HeldUpdatesAnswerer },
    TelegramWebhooks,
    MaxSubscriptions,
    WebhookSetupService,
  ],
})
export class ProxyModule {}
