import { Injectable, UnauthorizedException } from '@nestjs/common';
import { MeDto } from '../auth/dto/auth.dto';
import type { Principal } from '../auth/principal';
import { presentUser } from '../auth/user.presenter';
import { UsersService } from '../auth/users.service';
import { TariffsService } from '../billing/tariffs.service';
import { UsageMonthsRepository } from '../billing/usage-months.repository';
import { Messages } from '../common/messages';

/** `GET /api/me`: who you are, in which account you work, its plan and usage, and who signed in as you. */
@Injectable()
export class MeService {
  constructor(
    private readonly users: UsersService,
    private readonly tariffs: TariffsService,
    private readonly usage: UsageMonthsRepository,
  ) {}

  async describe(principal: Principal): Promise<MeDto> {
    const [user, account, impersonator] = await Promise.all([
      this.users.findById(principal.userId),
      principal.accountId === principal.userId ? null : this.users.findById(principal.accountId),
      principal.impersonatedBy ? this.users.findAnyById(principal.impersonatedBy) : null,
    ]);
    if (!user) throw new UnauthorizedException(Messages.sessionRequired);
    // The plan and the usage are the account's: a team member sees the owner's.
    const tariff = (account ?? user).tariff;
    const [plan, usage] = await Promise.all([
      this.tariffs.get(tariff),
      this.usage.messagesThisMonth([principal.accountId]),
    ]);
    return {
      ...presentUser(user),
      tariff,
      team: { account_id: principal.accountId, role: principal.teamRole },
      usage: { messages_this_month: usage.get(principal.accountId) ?? 0, cap: plan?.message_cap ?? null },
      impersonated_by: impersonator ? { id: impersonator.id, email: impersonator.email } : null,
    };
  }
}
