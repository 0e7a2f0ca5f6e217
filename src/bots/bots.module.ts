import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformsModule } from '../platforms/platforms.module';
import { Bot } from './bot.entity';
import { BotsV1Controller } from './bots-v1.controller';
import { BotsController } from './bots.controller';
import { BotsService } from './bots.service';
import { TargetUrlPolicy } from './target-url.policy';

@Module({
  imports: [TypeOrmModule.forFeature([Bot]), PlatformsModule],
  controllers: [BotsController, BotsV1Controller],
  providers: [BotsService, TargetUrlPolicy],
  exports: [BotsService, TargetUrlPolicy],
})
export class BotsModule {}
