import { Module } from '@nestjs/common';
import { BotIdentityService } from './bot-identity';
import { PlatformMessenger } from './platform-messenger';

@Module({ providers: [BotIdentityService, PlatformMessenger], exports: [BotIdentityService, PlatformMessenger] })
export class PlatformsModule {}
