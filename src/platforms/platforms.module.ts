import { Module } from '@nestjs/common';
import { BotIdentityService } from './bot-identity';
import { PlatformMediaSender } from './platform-media-sender';
import { PlatformMessenger } from './platform-messenger';

@Module({
  providers: [BotIdentityService, PlatformMessenger, PlatformMediaSender],
  exports: [BotIdentityService, PlatformMessenger, PlatformMediaSender],
})
export class PlatformsModule {}
