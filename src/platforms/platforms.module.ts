import { Module } from '@nestjs/common';
import { BotIdentityService } from './bot-identity';

@Module({ providers: [BotIdentityService], exports: [BotIdentityService] })
export class PlatformsModule {}
