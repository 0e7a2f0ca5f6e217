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
import { DataSource, EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { announce, ChangeEvents } from '../common/changes';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { AcceptedInviteDto, InviteDto, MemberRole, TeamInviteDto } from './team.dto';
import { TeamsService } from './teams.service';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PREFIX = 'bti_';
const ROLE_NAMES: Record<MemberRole, string> = { administrator: 'администратор', observer: 'наблюдатель' };

interface AccountSeats {
  email: string;
  team_size: number;
}

interface InviteRow {
  id: string;
  account_id: string;
  email: string;
  role: MemberRole;
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
    private readonly mail: MailService,
    private readonly events: EventEmitter2,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invite(owner: Principal, dto: InviteDto): Promise<TeamInviteDto> {
    if (dto.email === owner.email.toLowerCase()) throw new BadRequestException(Messages.cannotInviteSelf);
    const token = prefixedSecret(INVITE_PREFIX);
    const { invite, account } = await this.db.transaction(async (tx) => {
      const account = await this.lockSeats(tx, owner.accountId);
      const [member] = await tx.query(
        `SELECT 1 FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE tm.account_id = $1 AND lower(u.email) = $2`,
        [owner.accountId, dto.email],
      );
      if (member) throw new ConflictException(Messages.alreadyMember);
      // A new invitation to the same address replaces the old one (and its link).
      await tx.query(`DELETE FROM team_invites WHERE account_id = $1 AND email = $2 AND accepted_at IS NULL`, [
        owner.accountId,
        dto.email,
      ]);
      const [{ people }] = await tx.query<Array<{ people: number }>>(
        `SELECT 1 + (SELECT count(*) FROM team_members WHERE account_id = $1)
                  + (SELECT count(*) FROM team_invites WHERE account_id = $1 AND accepted_at IS NULL AND expires_at > now()) AS people`,
        [owner.accountId],
      );
      if (Number(people) >= account.team_size) throw teamFull(account.team_size);
      const [invite] = await tx.query<TeamInviteDto[]>(
        `INSERT INTO team_invites (account_id, email, role, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, email, role, expires_at, created_at`,
        [owner.accountId, dto.email, dto.role, sha256Hex(token), new Date(Date.now() + INVITE_TTL_MS)],
      );
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
      const [target] = await tx.query<Array<{ account_id: string }>>(
        `SELECT account_id FROM team_invites WHERE token_hash = $1`,
        [tokenHash],
      );
      if (!target) throw new NotFoundException(Messages.inviteNotFound);
      const account = await this.lockSeats(tx, target.account_id);
      const [invite] = await tx.query<InviteRow[]>(
        `SELECT id, account_id, email, role FROM team_invites
          WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > now() FOR UPDATE`,
        [tokenHash],
      );
      if (!invite) throw new NotFoundException(Messages.inviteNotFound);
      if (invite.email !== principal.email.toLowerCase()) throw new ForbiddenException(Messages.inviteForAnotherEmail);
      await this.assertFreeToJoin(tx, principal, invite.account_id);
      const [{ members }] = await tx.query<Array<{ members: number }>>(
        `SELECT count(*)::int AS members FROM team_members WHERE account_id = $1`,
        [invite.account_id],
      );
      if (1 + members >= account.team_size) throw teamFull(account.team_size);
      // ON CONFLICT: a concurrent acceptance into another team won the user's one membership.
      const [joined] = await tx.query(
        `INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING 1`,
        [invite.account_id, principal.userId, invite.role],
      );
      if (!joined) throw new ConflictException(Messages.alreadyInTeam);
      await tx.query(`UPDATE team_invites SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [
        invite.id,
        principal.userId,
      ]);
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
    const [rows] = await this.db.query<[unknown[], number]>(
      `DELETE FROM team_invites WHERE id = $1 AND account_id = $2 AND accepted_at IS NULL RETURNING 1`,
      [isUuid(inviteId) ? inviteId : null, accountId],
    );
    if (!rows.length) throw new NotFoundException(Messages.inviteNotFound);
  }

  /** Locks the account's row (serialising seat counts) and reads its plan's team size. */
  private async lockSeats(tx: EntityManager, accountId: string): Promise<AccountSeats> {
    const [account] = await tx.query<AccountSeats[]>(
      `SELECT u.email, t.team_size FROM users u JOIN tariffs t ON t.code = u.tariff WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE OF u`,
      [accountId],
    );
    if (!account) throw new NotFoundException(Messages.inviteNotFound);
    if (account.team_size <= 1) throw new ForbiddenException(Messages.teamNeedsBusiness);
    return account;
  }

  /**
   * One team at a time, and a member works on the team's bots only: a user who is in a team, has a
   * team of their own or has bots of their own must leave or remove them first.
   */
  private async assertFreeToJoin(tx: EntityManager, principal: Principal, accountId: string): Promise<void> {
    if (principal.userId === accountId) throw new ConflictException(Messages.alreadyInTeam);
    const [state] = await tx.query<Array<{ in_team: boolean; has_members: boolean; has_bots: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM team_members WHERE user_id = $1) AS in_team,
              EXISTS (SELECT 1 FROM team_members WHERE account_id = $1) AS has_members,
              EXISTS (SELECT 1 FROM bots WHERE user_id = $1 AND deleted_at IS NULL) AS has_bots`,
      [principal.userId],
    );
    if (state.in_team) throw new ConflictException(Messages.alreadyInTeam);
    if (state.has_members) throw new ConflictException(Messages.ownTeamBlocksJoin);
    if (state.has_bots) throw new ConflictException(Messages.ownBotsBlockJoin);
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
