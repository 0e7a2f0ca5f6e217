import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { ButtonsController } from './buttons.controller';
import { ButtonsV1Controller } from './buttons-v1.controller';
import { ButtonsQueries } from './buttons.queries';
import { RetentionV1Controller } from './retention-v1.controller';
import { RetentionController } from './retention.controller';
import { RetentionQueries } from './retention.queries';
import { SourceMappingsController } from './source-mappings.controller';
import { ReportsService } from './reports.service';
import { SourceMappingsService } from './source-mappings.service';
import { SourcesController } from './sources.controller';
import { SourcesV1Controller } from './sources-v1.controller';
import { SourcesQueries } from './sources.queries';
import { StatsV1Controller } from './stats-v1.controller';
import { StatsController } from './stats.controller';
import { StatsQueries } from './stats.queries';
import { AuthModule } from '../auth/auth.module';

/** Aggregate reports (stats, timeline, sources, retention cohorts, buttons) for the open API and the cabinet, and the source mappings the reports apply. */
@Module({
  imports: [AuthModule, BotsModule],
  controllers: [
    StatsV1Controller,
    SourcesV1Controller,
    RetentionV1Controller,
    StatsController,
    SourcesController,
    RetentionController,
    SourceMappingsController,
    ButtonsV1Controller,
    ButtonsController,
  ],
  providers: [StatsQueries, SourcesQueries, RetentionQueries, ButtonsQueries, ReportsService, SourceMappingsService],
})
export class AnalyticsModule {}
