import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { IntentsModule } from '../intents/intents.module';
import { IntentsV1Controller } from './intents-v1.controller';
import { SourceMappingsController } from './source-mappings.controller';
import { SourceMappingsService } from './source-mappings.service';
import { SourcesV1Controller } from './sources-v1.controller';
import { SourcesQueries } from './sources.queries';
import { StatsV1Controller } from './stats-v1.controller';
import { StatsQueries } from './stats.queries';

/** Aggregate reports of the open API (stats, timeline, sources, intents) and the source mappings they apply. */
@Module({
  imports: [BotsModule, IntentsModule],
  controllers: [StatsV1Controller, SourcesV1Controller, IntentsV1Controller, SourceMappingsController],
  providers: [StatsQueries, SourcesQueries, SourceMappingsService],
})
export class AnalyticsModule {}
