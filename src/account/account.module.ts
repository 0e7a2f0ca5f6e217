import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { MeController } from './me.controller';
import { MeService } from './me.service';

/** The signed-in person's view of their account (`GET /api/me`). */
@Module({ imports: [AuthModule, BillingModule], controllers: [MeController], providers: [MeService] })
export class AccountModule {}
