import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { MessagingService } from './messaging.service';
import { SendV1Controller } from './send-v1.controller';

@Module({
  imports: [BotsModule, PlatformsModule],
  controllers: [SendV1Controller],
  providers: [MessagingService],
  exports: [MessagingService],
})
export class MessagingModule {}
