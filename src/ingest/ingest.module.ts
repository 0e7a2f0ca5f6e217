import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CaptureService } from './capture.service';
import { FactStore } from './fact-store';
import { IngestLosses } from './ingest-losses';
import { IngestWriter } from './ingest-writer';

/** Turns traffic into stored facts: the mirror, the proxy, sends and broadcasts import it to hand traffic over. */
@Module({
  imports: [BillingModule],
  providers: [CaptureService, FactStore, IngestWriter, IngestLosses],
  exports: [CaptureService],
})
export class IngestModule {}
