import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { MemberRole, Principal } from '../auth/principal';
import { UsersRepository } from '../auth/users.repository';
import { TariffsRepository } from '../billing/tariffs.repository';
import { announce, ChangeEvents } from '../common/changes';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { TeamDto, TeamInviteDto, TeamMemberDto } from './team.dto';
import { TeamsRepository } from '../auth/teams.repository';

/** Who is in an account's team and with which role; members change only here and in TeamInvitesService. */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly users: UsersRepository,
    private readonly tariffs: TariffsRepository,
    private readonly events: EventEmitter2,
  ) {}

  async describe(principal: Principal): Promise<TeamDto> {
    const account = (await this.users.findAny(principal.accountId))!;
    const { team_size } = (await this.tariffs.find(account.tariff))!;
    const members = await this.teams.membersOf(principal.accountId);
    const invites = principal.teamRole === 'owner' ? await this.pendingInvites(principal.accountId) : [];
    return {
      account: { id: account.id, email: account.email, tariff: account.tariff, team_size },
      role: principal.teamRole,
      members: [{ user_id: account.id, email: account.email, role: 'owner', joined_at: account.createdAt }, ...members],
      invites,
    };
  }

  async setRole(accountId: string, userId: string, role: MemberRole): Promise<TeamMemberDto> {
    const member = await this.teams.setRole(accountId, this.memberId(userId), role);
    if (!member) throw new NotFoundException(Messages.memberNotFound);
    announce(this.events, {
      type: ChangeEvents.teamMembershipChanged,
      userId,
      accountId,
      teamRole: role,
      previousAccountId: accountId,
    });
    return member;
  }

  async remove(accountId: string, userId: string): Promise<void> {
    if (!(await this.teams.remove(accountId, this.memberId(userId))))
      throw new NotFoundException(Messages.memberNotFound);
    announce(this.events, {
      type: ChangeEvents.teamMembershipChanged,
      userId,
      accountId: userId,
      teamRole: 'owner',
      previousAccountId: accountId,
    });
  }

  async leave(principal: Principal): Promise<void> {
    if (principal.teamRole === 'owner') throw new ConflictException(Messages.ownerCannotLeave);
    await this.teams.removeMembershipOf(principal.userId);
    announce(this.events, {
      type: ChangeEvents.teamMembershipChanged,
      userId: principal.userId,
      accountId: principal.userId,
      teamRole: 'owner',
      previousAccountId: principal.accountId,
    });
  }

  pendingInvites(accountId: string): Promise<TeamInviteDto[]> {
    return this.teams.pendingInvites(accountId);
  }

  /** A malformed id matches no member (404, not a database error). */
  private memberId(userId: string): string | null {
    return isUuid(userId) ? userId : null;
  }
}
