import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingController } from './billing.controller';
import { TariffsRepository } from './tariffs.repository';
import { TariffsService } from './tariffs.service';
import { UsageMonthsRepository } from './usage-months.repository';

@Module({
  imports: [AuthModule],
  controllers: [BillingController],
  providers: [TariffsService, TariffsRepository, UsageMonthsRepository],
  exports: [TariffsService, TariffsRepository, UsageMonthsRepository],
})
export class BillingModule {}
