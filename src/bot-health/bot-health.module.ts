import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { BotHealthService } from './bot-health.service';
import { BotHealthController } from './health.controller';
import { BotHealthV1Controller } from './health-v1.controller';
import { HealthQueries } from './health.queries';

/** Bot health (issue 27): the report on what the ingest measures, the alert history, and the alert check. */
@Module({
  imports: [BotsModule],
  controllers: [BotHealthController, BotHealthV1Controller],
  providers: [BotHealthService, HealthQueries],
  exports: [HealthQueries],
})
export class BotHealthModule {}
