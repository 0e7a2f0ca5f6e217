import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { MessagingService } from './messaging.service';
import { SendV1Controller } from './send-v1.controller';
import { IngestModule } from '../ingest/ingest.module';
import { AuthModule } from '../auth/auth.module';

@Module({
  imports: [AuthModule, IngestModule, BotsModule, PlatformsModule],
  controllers: [SendV1Controller],
  providers: [MessagingService],
  exports: [MessagingService],
})
export class MessagingModule {}
