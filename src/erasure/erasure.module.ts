import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BotsModule } from '../bots/bots.module';
import { BroadcastsModule } from '../broadcasts/broadcasts.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { IngestModule } from '../ingest/ingest.module';
import { IntentsModule } from '../intents/intents.module';
import { LinksModule } from '../links/links.module';
import { ContactErasureController } from './contact-erasure.controller';
import { ContactErasure } from './contact-erasure';

/** Erasing one contact's data across the tables of every module that keeps some. */
@Module({
  imports: [AuditModule, BotsModule, BroadcastsModule, FunnelsModule, IngestModule, IntentsModule, LinksModule],
  controllers: [ContactErasureController],
  providers: [ContactErasure],
})
export class ErasureModule {}
