import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingController } from './billing.controller';
import { TariffsService } from './tariffs.service';

@Module({ imports: [AuthModule], controllers: [BillingController], providers: [TariffsService], exports: [TariffsService] })
export class BillingModule {}
