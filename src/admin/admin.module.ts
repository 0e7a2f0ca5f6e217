import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { BroadcastsModule } from '../broadcasts/broadcasts.module';
import { TeamsModule } from '../teams/teams.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BotsModule } from '../bots/bots.module';
import { AccountDeletionService } from './account-deletion.service';
import { AdminApiKeysController } from './admin-api-keys.controller';
import { AdminController } from './admin.controller';
import { AdminUsersService } from './admin-users.service';
import { ApiKeysModule } from '../api-keys/api-keys.module';

/** Administration of accounts by admins: list, role and tariff, sign in as, API keys, deletion. */
@Module({
  imports: [
    ApiKeysModule,
    AuthModule,
    AuditModule,
    BillingModule,
    BotsModule,
    BroadcastsModule,
    TeamsModule,
    WebhooksModule,
  ],
  controllers: [AdminController, AdminApiKeysController],
  providers: [AdminUsersService, AccountDeletionService],
})
export class AdminModule {}
