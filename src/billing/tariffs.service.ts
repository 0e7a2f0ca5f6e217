import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { announce, ChangeEvents } from '../common/changes';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { InvoiceDto, TariffChangedDto, TariffCode, TariffDto } from './tariff.dto';
import { currentMonth, recordedSinceSql } from './usage.queries';

interface TariffRow {
  code: TariffCode;
  name: string;
  price_month: number;
  capped: boolean;
  team_size: number;
}

interface InvoiceRow {
  id: string;
  user_id: string;
  tariff: TariffCode;
  previous_tariff: TariffCode;
  amount: number;
  changed_by: string | null;
  created_at: Date;
}

/** The plans (one table, seeded by migration), an account's plan changes and the invoices they leave. */
@Injectable()
export class TariffsService {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventEmitter2,
  ) {}

  async list(): Promise<TariffDto[]> {
    const rows = await this.db.query<TariffRow[]>(
      `SELECT code, name, price_month, capped, team_size FROM tariffs ORDER BY position`,
    );
    return rows.map((row) => this.present(row));
  }

  async get(code: string): Promise<TariffDto | null> {
    const rows = await this.db.query<TariffRow[]>(
      `SELECT code, name, price_month, capped, team_size FROM tariffs WHERE code = $1`,
      [code],
    );
    return rows[0] ? this.present(rows[0]) : null;
  }

  /**
   * Moves an account to `tariff` and writes the invoice, in one transaction holding the account's row.
   * A plan whose team is smaller than the account's current team is refused (members go first).
   */
  async change(accountId: string, tariff: TariffCode, actorId: string): Promise<TariffChangedDto> {
    const invoice = await this.db.transaction(async (tx) => {
      const [account] = await tx.query<Array<{ tariff: TariffCode }>>(
        `SELECT tariff FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [accountId],
      );
      if (!account) throw new NotFoundException(Messages.userNotFound);
      if (account.tariff === tariff) throw new ConflictException(Messages.tariffUnchanged);
      const [plan] = await tx.query<TariffRow[]>(
        `SELECT code, name, price_month, capped, team_size FROM tariffs WHERE code = $1`,
        [tariff],
      );
      const [{ people }] = await tx.query<Array<{ people: number }>>(
        `SELECT 1 + count(*)::int AS people FROM team_members WHERE account_id = $1`,
        [accountId],
      );
      if (people > plan.team_size) throw new ConflictException(Messages.teamTooLargeForTariff);
      await tx.query(`UPDATE users SET tariff = $2 WHERE id = $1`, [accountId, tariff]);
      // Capped again in a month the cap already counted: what was recorded on the paid plan counts too.
      if (plan.capped) {
        await tx.query(
          `UPDATE usage_months SET messages = GREATEST(messages, ${recordedSinceSql('$1', '$2')}) WHERE user_id = $1 AND month = $2::date`,
          [accountId, currentMonth()],
        );
      }
      const [row] = await tx.query<InvoiceRow[]>(
        `INSERT INTO invoices (user_id, tariff, previous_tariff, amount, changed_by) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, user_id, tariff, previous_tariff, amount, changed_by, created_at`,
        [accountId, tariff, account.tariff, plan.price_month, actorId],
      );
      return row;
    });
    announce(this.events, { type: ChangeEvents.tariffChanged, accountId });
    return { tariff, invoice: presentInvoice(invoice) };
  }

  async invoices(accountId: string): Promise<InvoiceDto[]> {
    const rows = await this.db.query<InvoiceRow[]>(
      `SELECT id, user_id, tariff, previous_tariff, amount, changed_by, created_at FROM invoices
        WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [accountId],
    );
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
