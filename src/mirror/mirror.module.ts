import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { PollingModule } from '../polling/polling.module';
import { MaxMirror } from './max-mirror';
import { MirrorCapture } from './mirror-capture';
import { MirrorForwarder } from './mirror-forwarder';
import { TelegramMirror } from './telegram-mirror';
import { IngestModule } from '../ingest/ingest.module';

/** The API mirror (`/tg`, `/max`): plain Node handlers mounted by mountRawRoutes, ahead of Nest's router. */
@Module({
  imports: [IngestModule, BotsModule, PollingModule],
  providers: [MirrorForwarder, MirrorCapture, TelegramMirror, MaxMirror],
  exports: [TelegramMirror, MaxMirror],
})
export class MirrorModule {}
