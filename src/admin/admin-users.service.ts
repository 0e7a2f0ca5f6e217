import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyDto } from '../api-keys/api-key.dto';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { actorOf, AuditLog } from '../audit/audit-log.service';
import { SessionDto, UserDto } from '../auth/dto/auth.dto';
import type { Principal } from '../auth/principal';
import { SessionsService } from '../auth/sessions.service';
import { presentUser } from '../auth/user.presenter';
import { UsersRepository } from '../auth/users.repository';
import { UsersService } from '../auth/users.service';
import { TariffsService } from '../billing/tariffs.service';
import { UsageMonthsRepository } from '../billing/usage-months.repository';
import { BotsRepository } from '../bots/bots.repository';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { AdminUserDto, AdminUsersQueryDto, UpdateUserDto } from './admin.dto';

/** What admins see and change of accounts: the list, role and tariff, "sign in as", and API keys. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly userRows: UsersRepository,
    private readonly bots: BotsRepository,
    private readonly usage: UsageMonthsRepository,
    private readonly sessions: SessionsService,
    private readonly tariffs: TariffsService,
    private readonly audit: AuditLog,
    private readonly apiKeys: ApiKeysService,
  ) {}

  /** One query for the page and its total, then the bots and the month's usage of the page's accounts. */
  async list(query: AdminUsersQueryDto): Promise<{ data: AdminUserDto[]; total: number }> {
    const { rows, total } = await this.userRows.pageLive({
      email: query.email ?? '',
      limit: query.limit,
      offset: query.offset,
    });
    const ids = rows.map((row) => row.id);
    const [bots, usage] = await Promise.all([this.bots.countLiveByAccount(ids), this.usage.messagesThisMonth(ids)]);
    return {
      total,
      data: rows.map((row) => ({
        id: row.id,
        email: row.email,
        email_confirmed: row.emailConfirmedAt !== null,
        role: row.role,
        tariff: row.tariff,
        created_at: row.createdAt,
        bots_count: bots.get(row.id) ?? 0,
        messages_this_month: usage.get(row.id) ?? 0,
      })),
    };
  }

  /**
   * Changes the role and/or the tariff; each change leaves an audit entry. The tariff goes first, as
   * it is the part that can be refused (409 from TariffsService). An unchanged tariff sent together
   * with a role is skipped, so it cannot fail the role change; sent alone it is 409 as for an owner.
   */
  async update(admin: Principal, id: string, dto: UpdateUserDto): Promise<UserDto> {
    if (dto.role === undefined && dto.tariff === undefined)
      throw new BadRequestException(Messages.roleOrTariffRequired);
    const user = await this.findLive(id);
    const target = { id: user.id, email: user.email };
    const actor = actorOf(admin);

    if (dto.tariff !== undefined && !(dto.role !== undefined && dto.tariff === user.tariff)) {
      const { invoice } = await this.tariffs.change(user.id, dto.tariff, admin.userId);
      await this.audit.record({
        action: 'change_tariff',
        actor,
        target,
        details: { from: invoice.previous_tariff, to: invoice.tariff, invoice_id: invoice.id },
      });
    }
    const role = dto.role;
    if (role !== undefined) {
      await this.db.transaction(async (tx) => {
        const row = await this.userRows.lockLive(tx, user.id);
        if (!row) throw new NotFoundException(Messages.userNotFound);
        if (row.role === role) return;
        await this.userRows.setRole(tx, user.id, role);
        await this.audit.record({ action: 'change_role', actor, target, details: { from: row.role, to: role } }, tx);
      });
    }
    return presentUser(await this.findLive(user.id));
  }

  /** A one-hour session as the user, marked with the admin who opened it (`GET /api/me` shows them). */
  async impersonate(admin: Principal, id: string): Promise<SessionDto> {
    const user = await this.findLive(id);
    if (user.role === 'admin') throw new ForbiddenException(Messages.cannotImpersonateAdmin);
    const { token, expiresAt } = await this.sessions.open(user.id, admin.userId);
    await this.audit.record({
      action: 'impersonate',
      actor: actorOf(admin),
      target: { id: user.id, email: user.email },
      details: { expires_at: expiresAt.toISOString() },
    });
    return { token, expires_at: expiresAt, user: presentUser(user) };
  }

  /** A live account's keys, as its holder lists them (never the keys themselves). */
  async listApiKeys(id: string): Promise<ApiKeyDto[]> {
    const user = await this.findLive(id);
    return this.apiKeys.list(user.id);
  }

  /** Revokes any user's key; the revocation and its audit entry commit together (none for a key already revoked). */
  async revokeApiKey(admin: Principal, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { key, holder, revoked } = await this.apiKeys.revokeAny(id, tx);
      if (!revoked) return;
      await this.audit.record(
        {
          action: 'revoke_api_key',
          actor: actorOf(admin),
          target: { id: holder.user_id, email: holder.email },
          details: { key_id: key.id, name: key.name, key_hint: key.keyHint },
        },
        tx,
      );
    });
  }

  private async findLive(id: string) {
    const user = isUuid(id) ? await this.users.findById(id) : null;
    if (!user) throw new NotFoundException(Messages.userNotFound);
    return user;
  }
}
