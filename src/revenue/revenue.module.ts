import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { IngestModule } from '../ingest/ingest.module';
import { PaymentsV1Controller } from './payments-v1.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsQueries } from './payments.queries';
import { PaymentsService } from './payments.service';
import { RevenueCohortsQueries } from './revenue-cohorts.queries';
import { RevenueV1Controller } from './revenue-v1.controller';
import { RevenueController } from './revenue.controller';
import { RevenueQueries } from './revenue.queries';
import { RevenueService } from './revenue.service';

/**
 * Revenue (issue 26): payments reported by integrators (the ingest captures the rest), the payment list, and the
 * reports on a bot's payments per currency, source, product, day and cohort.
 */
@Module({
  imports: [AuthModule, BotsModule, IngestModule],
  controllers: [RevenueV1Controller, RevenueController, PaymentsV1Controller, PaymentsController],
  providers: [PaymentsQueries, PaymentsService, RevenueQueries, RevenueCohortsQueries, RevenueService],
})
export class RevenueModule {}
