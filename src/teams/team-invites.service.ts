import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import type { MemberRole, Principal } from '../auth/principal';
import { UsersRepository } from '../auth/users.repository';
import { TariffsRepository } from '../billing/tariffs.repository';
import { BotsRepository } from '../bots/bots.repository';
import { announce, ChangeEvents } from '../common/changes';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Queryable } from '../database/sql';
import { MailService } from '../mail/mail.service';
import { AcceptedInviteDto, InviteDto, TeamInviteDto } from './team.dto';
import { TeamsRepository } from '../auth/teams.repository';
import { TeamsService } from './teams.service';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PREFIX = 'bti_';
const ROLE_NAMES: Record<MemberRole, string> = { administrator: 'администратор', observer: 'наблюдатель' };

interface AccountSeats {
  email: string;
  team_size: number;
}

/**
 * Invitations into an account's team: a single-use token mailed to the address, stored hashed,
 * valid 7 days. Seats are counted under the owner's row lock, so concurrent invites and acceptances
 * never overfill a team: people = owner + members + pending invitations ≤ the plan's team size.
 */
@Injectable()
export class TeamInvitesService {
  constructor(
    private readonly db: DataSource,
    private readonly teams: TeamsService,
    private readonly members: TeamsRepository,
    private readonly users: UsersRepository,
    private readonly tariffs: TariffsRepository,
    private readonly bots: BotsRepository,
    private readonly mail: MailService,
    private readonly events: EventEmitter2,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invite(owner: Principal, dto: InviteDto): Promise<TeamInviteDto> {
    if (dto.email === owner.email.toLowerCase()) throw new BadRequestException(Messages.cannotInviteSelf);
    const token = prefixedSecret(INVITE_PREFIX);
    const { invite, account } = await this.db.transaction(async (tx) => {
      const account = await this.lockSeats(tx, owner.accountId);
      if (await this.members.isMemberByEmail(tx, owner.accountId, dto.email))
        throw new ConflictException(Messages.alreadyMember);
      // A new invitation to the same address replaces the old one (and its link).
      await this.members.removePendingInvite(tx, owner.accountId, dto.email);
      if ((await this.members.seatsTaken(tx, owner.accountId)) >= account.team_size) throw teamFull(account.team_size);
      const invite = await this.members.addInvite(tx, {
        accountId: owner.accountId,
        email: dto.email,
        role: dto.role,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      });
      return { invite, account };
    });
    await this.mailInvite(dto.email, account.email, dto.role, token);
    return invite;
  }

  /** The signed-in user joins the team the token invites to, if the invitation is for their address. */
  async accept(principal: Principal, token: string): Promise<AcceptedInviteDto> {
    if (!principal.emailConfirmed) throw new ForbiddenException(Messages.confirmEmail);
    if (principal.role === 'admin') throw new ForbiddenException(Messages.forbidden);
    const tokenHash = sha256Hex(token);
    const accepted = await this.db.transaction(async (tx) => {
      // The account's row first, then the invitation's: the same order as invite(), so the two never deadlock.
      const target = await this.members.accountOfInvite(tx, tokenHash);
      if (!target) throw new NotFoundException(Messages.inviteNotFound);
      const account = await this.lockSeats(tx, target);
      const invite = await this.members.lockPendingInvite(tx, tokenHash);
      if (!invite) throw new NotFoundException(Messages.inviteNotFound);
      if (invite.email !== principal.email.toLowerCase()) throw new ForbiddenException(Messages.inviteForAnotherEmail);
      await this.assertFreeToJoin(tx, principal, invite.account_id);
      const members = await this.members.memberCount(tx, invite.account_id);
      if (1 + members >= account.team_size) throw teamFull(account.team_size);
      // A concurrent acceptance into another team may have won the user's one membership.
      const joined = await this.members.addMember(tx, invite.account_id, principal.userId, invite.role);
      if (!joined) throw new ConflictException(Messages.alreadyInTeam);
      await this.members.markInviteAccepted(tx, invite.id, principal.userId);
      return invite;
    });
    announce(this.events, {
      type: ChangeEvents.teamMembershipChanged,
      userId: principal.userId,
      accountId: accepted.account_id,
      teamRole: accepted.role,
      previousAccountId: principal.accountId,
    });
    return { account_id: accepted.account_id, role: accepted.role };
  }

  async cancel(accountId: string, inviteId: string): Promise<void> {
    if (!(await this.members.cancelInvite(accountId, isUuid(inviteId) ? inviteId : null)))
      throw new NotFoundException(Messages.inviteNotFound);
  }

  /** Locks the account's row (serialising seat counts) and reads its plan's team size. */
  private async lockSeats(tx: Queryable, accountId: string): Promise<AccountSeats> {
    const user = await this.users.lockLive(tx, accountId);
    if (!user) throw new NotFoundException(Messages.inviteNotFound);
    const { team_size } = (await this.tariffs.find(user.tariff, tx))!;
    if (team_size <= 1) throw new ForbiddenException(Messages.teamNeedsBusiness);
    return { email: user.email, team_size };
  }

  /**
   * One team at a time, and a member works on the team's bots only: a user who is in a team, has a
   * team of their own or has bots of their own must leave or remove them first.
   */
  private async assertFreeToJoin(tx: Queryable, principal: Principal, accountId: string): Promise<void> {
    if (principal.userId === accountId) throw new ConflictException(Messages.alreadyInTeam);
    const { inTeam, hasMembers } = await this.members.membershipOf(tx, principal.userId);
    if (inTeam) throw new ConflictException(Messages.alreadyInTeam);
    if (hasMembers) throw new ConflictException(Messages.ownTeamBlocksJoin);
    if (await this.bots.hasLiveBots(tx, principal.userId)) throw new ConflictException(Messages.ownBotsBlockJoin);
  }

  private async mailInvite(to: string, ownerEmail: string, role: MemberRole, token: string): Promise<void> {
    await this.mail.send({
      to,
      subject: `Botlens: приглашение в команду ${ownerEmail}`,
      text:
        `${ownerEmail} приглашает вас в свою команду в Botlens с ролью «${ROLE_NAMES[role]}».\n\n` +
        `Войдите в кабинет с этим адресом (или зарегистрируйтесь) и примите приглашение по ссылке:\n` +
        `${this.config.publicBaseUrl}/team/invites/${token}\n\n` +
        `Через API: POST ${this.config.publicBaseUrl}/api/team/invites/${token}/accept\n` +
        `Приглашение действует 7 дней. Если вы его не ждали, просто проигнорируйте это письмо.\n`,
    });
  }
}

function teamFull(people: number): HttpException {
  return new HttpException(Messages.teamLimit(people), HttpStatus.TOO_MANY_REQUESTS);
}
