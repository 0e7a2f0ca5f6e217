import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { Access, SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AcceptedInviteDto, ChangeMemberRoleDto, InviteDto, TeamDto, TeamInviteDto, TeamMemberDto } from './team.dto';
import { TeamInvitesService } from './team-invites.service';
import { TeamsService } from './teams.service';

/** The account's team (spec: "User and team"); managing it is the owner's alone. */
@ApiTags('team')
@Controller('api/team')
@SessionAuth({ team: 'owner' })
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly invites: TeamInvitesService,
  ) {}

  @Get()
  @Access({ team: 'observer' })
  @ApiOperation({
    summary:
      'The team of the account you work on: its plan, the people and your role (pending invitations for the owner)',
  })
  @ApiOkResponse({ type: TeamDto })
  describe(@CurrentPrincipal() principal: Principal): Promise<TeamDto> {
    return this.teams.describe(principal);
  }

  @Post('invites')
  @ApiOperation({
    summary: 'Invite an address with a role; the single-use link is mailed (business plan, up to 10 people)',
  })
  @ApiCreatedResponse({ type: TeamInviteDto })
  @ApiErrors(400, 409, 429)
  invite(@CurrentPrincipal() principal: Principal, @Body() body: InviteDto): Promise<TeamInviteDto> {
    return this.invites.invite(principal, body);
  }

  @Delete('invites/:inviteId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Withdraw a pending invitation' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  cancel(@CurrentPrincipal() principal: Principal, @Param('inviteId') inviteId: string): Promise<void> {
    return this.invites.cancel(principal.accountId, inviteId);
  }

  @Post('invites/:token/accept')
  @HttpCode(200)
  // Anyone signed in with the invited address accepts; they have no role in that team yet.
  @Access({ team: 'observer' })
  @ApiOperation({ summary: 'Join the team the mailed token invites you to (signed in with the invited address)' })
  @ApiOkResponse({ type: AcceptedInviteDto })
  @ApiErrors(404, 409, 429)
  accept(@CurrentPrincipal() principal: Principal, @Param('token') token: string): Promise<AcceptedInviteDto> {
    return this.invites.accept(principal, token);
  }

  @Patch('members/:userId')
  @ApiOperation({ summary: "Change a member's role" })
  @ApiOkResponse({ type: TeamMemberDto })
  @ApiErrors(400, 404)
  setRole(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Body() body: ChangeMemberRoleDto,
  ): Promise<TeamMemberDto> {
    return this.teams.setRole(principal.accountId, userId, body.role);
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a member: they lose access to the account at once' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  remove(@CurrentPrincipal() principal: Principal, @Param('userId') userId: string): Promise<void> {
    return this.teams.remove(principal.accountId, userId);
  }

  @Post('leave')
  @HttpCode(204)
  @Access({ team: 'observer' })
  @ApiOperation({ summary: 'Leave the team you are a member of (the owner cannot)' })
  @ApiNoContentResponse()
  @ApiErrors(409)
  leave(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.teams.leave(principal);
  }
}
