import { Module } from '@nestjs/common';
import { HeldUpdateSignal } from './held-update-signal';
import { HeldUpdatesStore } from './held-updates.store';
import { HeldUpdatesSweeper } from './held-updates.sweeper';
import { LongPoll } from './long-poll';
import { MaxPolling } from './max-polling';
import { PollingAnswerer } from './polling-answerer';
import { PollWatch } from './poll-watch';
import { TelegramPolling } from './telegram-polling';

/**
 * Polling mode (contract §5): updates pushed to the proxy for a bot whose `target_url` is `polling`
 * are held here (HeldUpdatesStore, woken by HeldUpdateSignal), and the mirror answers the bot's own
 * getUpdates / GET /updates from them (PollingAnswerer).
 */
@Module({
  providers: [
    HeldUpdatesStore,
    HeldUpdateSignal,
    HeldUpdatesSweeper,
    LongPoll,
    TelegramPolling,
    MaxPolling,
    PollingAnswerer,
    PollWatch,
  ],
  exports: [HeldUpdatesStore, HeldUpdateSignal, PollingAnswerer, PollWatch],
})
export class PollingModule {}
