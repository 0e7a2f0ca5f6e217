import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformsModule } from '../platforms/platforms.module';
import { BotAccess } from './bot-access';
import { BotRegistry } from './bot-registry';
import { Bot } from './bot.entity';
import { BotsV1Controller } from './bots-v1.controller';
import { BotsController } from './bots.controller';
import { BotsService } from './bots.service';
import { TargetUrlPolicy } from './target-url.policy';

@Module({
  imports: [TypeOrmModule.forFeature([Bot]), PlatformsModule],
  controllers: [BotsController, BotsV1Controller],
  providers: [BotsService, BotAccess, TargetUrlPolicy, BotRegistry],
  exports: [BotsService, BotAccess, TargetUrlPolicy, BotRegistry],
})
export class BotsModule {}
