import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { PlatformsModule } from '../platforms/platforms.module';
import { jobQueue } from '../queue/job-queue';
import { BroadcastChannels } from './broadcast-channel';
import { BroadcastLeases } from './broadcast-lease';
import { BroadcastRecovery } from './broadcast-recovery';
import { BroadcastQueue, BROADCAST_QUEUE } from './broadcast-queue';
import { BroadcastRunner } from './broadcast-runner';
import { BroadcastFileStore } from './broadcast-file-store';
import { BroadcastOutcomesQueries } from './broadcast-outcomes.queries';
import { BroadcastStore } from './broadcast-store';
import { BroadcastV1Controller } from './broadcast-v1.controller';
import { BroadcastCompletion } from './broadcast-completion';
import { BroadcastsV1Controller } from './broadcasts-v1.controller';
import { BroadcastWorker } from './broadcast-worker';
import { BroadcastsController } from './broadcasts.controller';
import { BroadcastsService } from './broadcasts.service';
import { RecipientDelivery } from './recipient-delivery';
import { RecipientStore } from './recipient-store';
import { SendPacer } from './send-pacer';
import { IngestModule } from '../ingest/ingest.module';
import { AuthModule } from '../auth/auth.module';
import { LinksModule } from '../links/links.module';
import { BroadcastLinks } from './broadcast-links';
import { BroadcastWinners } from './broadcast-winner';

/** Broadcasts: the open API's synchronous one, the cabinet's segmented ones, and the queue that delivers both. */
@Module({
  imports: [AuthModule, IngestModule, LinksModule, jobQueue(BROADCAST_QUEUE), BotsModule, PlatformsModule],
  controllers: [BroadcastV1Controller, BroadcastsV1Controller, BroadcastsController],
  providers: [
    BroadcastsService,
    BroadcastStore,
    RecipientStore,
    BroadcastFileStore,
    BroadcastOutcomesQueries,
    BroadcastCompletion,
    BroadcastQueue,
    BroadcastWorker,
    BroadcastRunner,
    BroadcastLeases,
    BroadcastRecovery,
    BroadcastChannels,
    BroadcastLinks,
    BroadcastWinners,
    RecipientDelivery,
    SendPacer,
  ],
  exports: [BroadcastStore, RecipientStore],
})
export class BroadcastsModule {}
