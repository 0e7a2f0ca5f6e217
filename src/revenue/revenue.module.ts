import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { IngestModule } from '../ingest/ingest.module';
import { PaymentsV1Controller } from './payments-v1.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsQueries } from './payments.queries';
import { PaymentsService } from './payments.service';

/** Revenue (issue 26): payments reported by integrators and the payment list; the ingest captures the rest. */
@Module({
  imports: [AuthModule, BotsModule, IngestModule],
  controllers: [PaymentsV1Controller, PaymentsController],
  providers: [PaymentsQueries, PaymentsService],
})
export class RevenueModule {}
