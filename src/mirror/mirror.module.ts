import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { MaxMirror } from './max-mirror';
import { MirrorCapture } from './mirror-capture';
import { MirrorCore } from './mirror-core';
import { TelegramMirror } from './telegram-mirror';

/** The API mirror (`/tg`, `/max`): plain Express handlers mounted by mountMirror, ahead of Nest's router. */
@Module({
  imports: [BotsModule],
  providers: [MirrorCore, MirrorCapture, TelegramMirror, MaxMirror],
  exports: [MirrorCore],
})
export class MirrorModule {}
