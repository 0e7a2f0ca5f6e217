import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { MailModule } from '../mail/mail.module';
import { Queues } from '../queue/job-settings';
import { jobQueue } from '../queue/job-queue';
import { AlertCheck, AlertCheckProcessor, AlertCheckSchedule } from './alert-check';
import { AlertConditions } from './alert-conditions';
import { AlertNotifier } from './alert-notifier';
import { BotHealthService } from './bot-health.service';
import { BotHealthController } from './health.controller';
import { BotHealthV1Controller } from './health-v1.controller';
import { HealthQueries } from './health.queries';

/** Bot health (issue 27): the report on what the ingest measures, the alert history, and the fleet's alert check. */
@Module({
  imports: [BotsModule, AuthModule, MailModule, jobQueue(Queues.botHealth)],
  controllers: [BotHealthController, BotHealthV1Controller],
  providers: [
    BotHealthService,
    HealthQueries,
    AlertConditions,
    AlertNotifier,
    AlertCheck,
    AlertCheckSchedule,
    AlertCheckProcessor,
  ],
  exports: [HealthQueries, AlertCheck],
})
export class BotHealthModule {}
