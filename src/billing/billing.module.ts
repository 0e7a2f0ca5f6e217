import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { BillingController } from './billing.controller';
import { RecordingAllowance } from './recording-allowance';
import { TariffsService } from './tariffs.service';

@Module({
  imports: [AuthModule, MailModule],
  controllers: [BillingController],
  providers: [TariffsService, RecordingAllowance],
  exports: [TariffsService, RecordingAllowance],
})
export class BillingModule {}
