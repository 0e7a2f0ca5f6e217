import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { UsersRepository } from '../auth/users.repository';
import { announce, ChangeEvents } from '../common/changes';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { TeamsRepository } from '../auth/teams.repository';
import { InvoiceDto, TariffChangedDto, TariffCode, TariffDto } from './tariff.dto';
import { InvoiceRow, TariffRow, TariffsRepository } from './tariffs.repository';
import { UsageMonthsRepository } from './usage-months.repository';

/** The plans (one table, seeded by migration), an account's plan changes and the invoices they leave. */
@Injectable()
export class TariffsService {
  constructor(
    private readonly db: DataSource,
    private readonly tariffs: TariffsRepository,
    private readonly usage: UsageMonthsRepository,
    private readonly users: UsersRepository,
    private readonly teams: TeamsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventEmitter2,
  ) {}

  async list(): Promise<TariffDto[]> {
    const rows = await this.tariffs.list();
    return rows.map((row) => this.present(row));
  }

  async get(code: string): Promise<TariffDto | null> {
    const row = await this.tariffs.find(code);
    return row ? this.present(row) : null;
  }

  /**
   * Moves an account to `tariff` and writes the invoice, in one transaction holding the account's row.
   * A plan whose team is smaller than the account's current team is refused (members go first).
   */
  async change(accountId: string, tariff: TariffCode, actorId: string): Promise<TariffChangedDto> {
    const invoice = await this.db.transaction(async (tx) => {
      const account = await this.users.lockLive(tx, accountId);
      if (!account) throw new NotFoundException(Messages.userNotFound);
      const previous = account.tariff as TariffCode;
      if (previous === tariff) throw new ConflictException(Messages.tariffUnchanged);
      const plan = (await this.tariffs.find(tariff, tx))!;
      const people = 1 + (await this.teams.memberCount(tx, accountId));
      if (people > plan.team_size) throw new ConflictException(Messages.teamTooLargeForTariff);
      await this.users.setTariff(tx, accountId, tariff);
      if (plan.capped) await this.usage.catchUpWithRecorded(tx, accountId);
      return this.tariffs.addInvoice(tx, { accountId, tariff, previous, amount: plan.price_month, actorId });
    });
    announce(this.events, { type: ChangeEvents.tariffChanged, accountId });
    return { tariff, invoice: presentInvoice(invoice) };
  }

  async invoices(accountId: string): Promise<InvoiceDto[]> {
    const rows = await this.tariffs.invoicesOf(accountId);
    return rows.map(presentInvoice);
  }

  /** The monthly cap of a plan: FREE_PLAN_MESSAGE_CAP for capped plans, else null. */
  capOf(plan: { capped: boolean }): number | null {
    return plan.capped ? this.config.freePlanMessageCap : null;
  }

  private present(row: TariffRow): TariffDto {
    return {
      code: row.code,
      name: row.name,
      price_month: row.price_month,
      currency: 'RUB',
      message_cap: this.capOf(row),
      team_size: row.team_size,
    };
  }
}

function presentInvoice(row: InvoiceRow): InvoiceDto {
  return {
    id: row.id,
    tariff: row.tariff,
    previous_tariff: row.previous_tariff,
    amount: row.amount,
    currency: 'RUB',
    changed_by: row.changed_by === row.user_id ? 'owner' : 'admin',
    created_at: row.created_at,
  };
}
