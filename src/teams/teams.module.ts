import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { BotsModule } from '../bots/bots.module';
import { MailModule } from '../mail/mail.module';
import { TeamInvitesService } from './team-invites.service';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  imports: [AuthModule, MailModule, BillingModule, BotsModule],
  controllers: [TeamsController],
  providers: [TeamsService, TeamInvitesService],
  exports: [TeamsService],
})
export class TeamsModule {}
