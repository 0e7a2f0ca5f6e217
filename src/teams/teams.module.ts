import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { TeamInvitesService } from './team-invites.service';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

@Module({
  imports: [AuthModule, MailModule],
  controllers: [TeamsController],
  providers: [TeamsService, TeamInvitesService],
  exports: [TeamsService],
})
export class TeamsModule {}
