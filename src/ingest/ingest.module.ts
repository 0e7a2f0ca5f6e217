import { Global, Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CaptureService } from './capture.service';
import { FactStore } from './fact-store';
import { IngestLosses } from './ingest-losses';
import { IngestWriter } from './ingest-writer';

/** Turns traffic into stored facts; global so the mirror and the proxy can hand traffic over. */
@Global()
@Module({
  imports: [BillingModule],
  providers: [CaptureService, FactStore, IngestWriter, IngestLosses],
  exports: [CaptureService],
})
export class IngestModule {}
