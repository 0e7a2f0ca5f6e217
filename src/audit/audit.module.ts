import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log.service';

/** The admin audit log: written by administration and support, read by admins. */
@Module({ imports: [AuthModule], controllers: [AuditController], providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
