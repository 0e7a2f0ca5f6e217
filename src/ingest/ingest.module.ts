import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { ButtonPresses } from './button-presses';
import { CaptureService } from './capture.service';
import { ContactsRepository } from './contacts.repository';
import { FactFollowers } from './fact-followers';
import { FactStore } from './fact-store';
import { HourlyStats } from './hourly-stats';
import { IngestLosses } from './ingest-losses';
import { IngestWriter } from './ingest-writer';
import { IngestJournal } from './journal/ingest-journal';
import { RecordingCap } from './recording-cap/recording-cap';
import { ReplyTimes } from './reply-times';
import { RetentionActivity } from './retention-activity';
import { RevenueDays } from './revenue-days';

/** Turns traffic into stored facts: the mirror, the proxy, sends and broadcasts import it to hand traffic over. */
@Module({
  imports: [BillingModule, MailModule],
  providers: [
    ButtonPresses,
    CaptureService,
    ContactsRepository,
    FactFollowers,
    FactStore,
    HourlyStats,
    IngestWriter,
    IngestJournal,
    IngestLosses,
    RecordingCap,
    ReplyTimes,
    RetentionActivity,
    RevenueDays,
  ],
  exports: [
    ButtonPresses,
    CaptureService,
    ContactsRepository,
    FactFollowers,
    HourlyStats,
    ReplyTimes,
    RetentionActivity,
    RevenueDays,
  ],
})
export class IngestModule {}
