import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { AdminController } from './admin.controller';
import { AdminUsersService } from './admin-users.service';

/** Administration of accounts by admins: list, role and tariff, sign in as. */
@Module({
  imports: [AuthModule, AuditModule, BillingModule],
  controllers: [AdminController],
  providers: [AdminUsersService],
})
export class AdminModule {}
