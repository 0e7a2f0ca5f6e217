import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BotsModule } from '../bots/bots.module';
import { Intent } from './intent.entity';
import { IntentMatcher } from './intent-matcher';
import { IntentsController } from './intents.controller';
import { IntentsService } from './intents.service';

@Module({
  imports: [TypeOrmModule.forFeature([Intent]), BotsModule],
  controllers: [IntentsController],
  providers: [IntentsService, IntentMatcher],
  exports: [IntentsService],
})
export class IntentsModule {}
