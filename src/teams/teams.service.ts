import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import type { Principal } from '../auth/principal';
import { announce, ChangeEvents } from '../common/changes';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { MemberRole, TeamDto, TeamInviteDto, TeamMemberDto } from './team.dto';

/** Who is in an account's team and with which role; members change only here and in TeamInvitesService. */
@Injectable()
export class TeamsService {
  constructor(
    private readonly db: DataSource,
    private readonly events: EventEmitter2,
  ) {}

  async describe(principal: Principal): Promise<TeamDto> {
    const [account] = await this.db.query<
      Array<{ id: string; email: string; tariff: string; team_size: number; created_at: Date }>
    >(
      `SELECT u.id, u.email, u.tariff, t.team_size, u.created_at FROM users u JOIN tariffs t ON t.code = u.tariff WHERE u.id = $1`,
      [principal.accountId],
    );
    const members = await this.db.query<TeamMemberDto[]>(
      `SELECT tm.user_id, u.email, tm.role, tm.created_at AS joined_at
         FROM team_members tm JOIN users u ON u.id = tm.user_id
        WHERE tm.account_id = $1 ORDER BY tm.created_at, tm.user_id`,
      [principal.accountId],
    );
    const invites = principal.teamRole === 'owner' ? await this.pendingInvites(principal.accountId) : [];
    return {
      account: { id: account.id, email: account.email, tariff: account.tariff, team_size: account.team_size },
      role: principal.teamRole,
      members: [
        { user_id: account.id, email: account.email, role: 'owner', joined_at: account.created_at },
        ...members,
      ],
      invites,
    };
  }

  async setRole(accountId: string, userId: string, role: MemberRole): Promise<TeamMemberDto> {
    const [rows] = await this.db.query<[TeamMemberDto[], number]>(
      `UPDATE team_members tm SET role = $3 FROM users u
        WHERE tm.account_id = $1 AND tm.user_id = $2 AND u.id = tm.user_id
        RETURNING tm.user_id, u.email, tm.role, tm.created_at AS joined_at`,
      [accountId, this.memberId(userId), role],
    );
    if (!rows.length) throw new NotFoundException(Messages.memberNotFound);
    announce(this.events, {
      type: ChangeEvents.teamMembershipChanged,
      userId,
      accountId,
      teamRole: role,
      previousAccountId: accountId,
    });
    return rows[0];
  }

  async remove(accountId: string, userId: string): Promise<void> {
    const [rows] = await this.db.query<[unknown[], number]>(
      `DELETE FROM team_members WHERE account_id = $1 AND user_id = $2 RETURNING 1`,
      [accountId, this.memberId(userId)],
    );
    if (!rows.length) throw new NotFoundException(Messages.memberNotFound);
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
    await this.db.query(`DELETE FROM team_members WHERE user_id = $1`, [principal.userId]);
    announce(this.events, {
      type: ChangeEvents.teamMembershipChanged,
      userId: principal.userId,
      accountId: principal.userId,
      teamRole: 'owner',
      previousAccountId: principal.accountId,
    });
  }

  pendingInvites(accountId: string): Promise<TeamInviteDto[]> {
    return this.db.query<TeamInviteDto[]>(
      `SELECT id, email, role, expires_at, created_at FROM team_invites
        WHERE account_id = $1 AND accepted_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id`,
      [accountId],
    );
  }

  /** A malformed id matches no member (404, not a database error). */
  private memberId(userId: string): string | null {
    return isUuid(userId) ? userId : null;
  }
}
