import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformsModule } from '../platforms/platforms.module';
import { AuthModule } from '../auth/auth.module';
import { BotAccess } from './bot-access';
import { BotAlertsRepository } from './bot-alerts.repository';
import { BotRegistry } from './bot-registry';
import { Bot } from './bot.entity';
import { BotsV1Controller } from './bots-v1.controller';
import { BotsController } from './bots.controller';
import { BotsRepository } from './bots.repository';
import { BotsService } from './bots.service';
import { TargetUrlPolicy } from './target-url.policy';

@Module({
  imports: [TypeOrmModule.forFeature([Bot]), PlatformsModule, AuthModule],
  controllers: [BotsController, BotsV1Controller],
  providers: [BotsService, BotsRepository, BotAlertsRepository, BotAccess, TargetUrlPolicy, BotRegistry],
  exports: [BotsService, BotsRepository, BotAlertsRepository, BotAccess, TargetUrlPolicy, BotRegistry],
})
export class BotsModule {}
