import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { IntentsModule } from '../intents/intents.module';
import { jobQueue } from '../queue/job-queue';
import { FUNNEL_BACKFILL_QUEUE, FunnelBackfillService } from './funnel-backfill.service';
import { FunnelBackfillProcessor } from './funnel-backfill.processor';
import { FunnelConfigService } from './funnel-config.service';
import { FunnelReachListener } from './funnel-reach.listener';
import { FunnelReachStore } from './funnel-reach.store';
import { FunnelReportQueries } from './funnel-report.queries';
import { FunnelsController } from './funnels.controller';
import { FunnelsService } from './funnels.service';

/** Funnels (spec: Funnel): configuration, counts kept at ingest, history backfilled in jobs, the result. */
@Module({
  imports: [jobQueue(FUNNEL_BACKFILL_QUEUE), BotsModule, IntentsModule],
  controllers: [FunnelsController],
  providers: [
    FunnelConfigService,
    FunnelBackfillService,
    FunnelBackfillProcessor,
    FunnelReachStore,
    FunnelReachListener,
    FunnelReportQueries,
    FunnelsService,
  ],
  exports: [FunnelReachStore],
})
export class FunnelsModule {}
