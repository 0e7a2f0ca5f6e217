import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { RevenueCohortsQueries } from './revenue-cohorts.queries';
import { RevenueV1Controller } from './revenue-v1.controller';
import { RevenueController } from './revenue.controller';
import { RevenueQueries } from './revenue.queries';
import { RevenueService } from './revenue.service';

/** Revenue (issue 26): the reports on the bot's payments per currency, source, product, day and cohort. */
@Module({
  imports: [AuthModule, BotsModule],
  controllers: [RevenueV1Controller, RevenueController],
  providers: [RevenueQueries, RevenueCohortsQueries, RevenueService],
})
export class RevenueModule {}
