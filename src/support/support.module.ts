import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { AdminSupportController } from './admin-support.controller';
import { SupportController } from './support.controller';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

/** Support requests (`/api/support`) and their answers by admins (`/api/admin/support`). */
@Module({
  imports: [AuthModule, AuditModule, MailModule],
  controllers: [SupportController, AdminSupportController],
  providers: [SupportService, SupportRepository],
})
export class SupportModule {}
