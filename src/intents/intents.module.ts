import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { Intent } from './intent.entity';
import { IntentMatcher } from './intent-matcher';
import { IntentsV1Controller } from './intents-v1.controller';
import { IntentsController } from './intents.controller';
import { IntentsService } from './intents.service';

@Module({
  imports: [TypeOrmModule.forFeature([Intent]), AuthModule, BotsModule],
  controllers: [IntentsV1Controller, IntentsController],
  providers: [IntentsService, IntentMatcher],
  exports: [IntentsService],
})
export class IntentsModule {}
