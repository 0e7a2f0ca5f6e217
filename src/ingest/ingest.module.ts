import { Global, Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { CaptureService } from './capture.service';
import { ContactsRepository } from './contacts.repository';
import { FactStore } from './fact-store';
import { IngestLosses } from './ingest-losses';
import { IngestWriter } from './ingest-writer';
import { RecordingCap } from './recording-cap/recording-cap';

/** Turns traffic into stored facts; global so the mirror and the proxy can hand traffic over. */
@Global()
@Module({
  imports: [BillingModule, MailModule],
  providers: [CaptureService, ContactsRepository, FactStore, IngestWriter, IngestLosses, RecordingCap],
  exports: [CaptureService, ContactsRepository],
})
export class IngestModule {}
