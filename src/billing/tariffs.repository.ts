import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Queryable, selectOne, selectRows } from '../database/sql';
import type { TariffCode } from './tariff.dto';

export interface TariffRow {
  code: TariffCode;
  name: string;
  price_month: number;
  capped: boolean;
  team_size: number;
}

export interface InvoiceRow {
  id: string;
  user_id: string;
  tariff: TariffCode;
  previous_tariff: TariffCode;
  amount: number;
  changed_by: string | null;
  created_at: Date;
}

const TARIFF_COLUMNS = `code, name, price_month, capped, team_size`;
const INVOICE_COLUMNS = `id, user_id, tariff, previous_tariff, amount, changed_by, created_at`;

/** tariffs (the plans, seeded by migration) and invoices (one per plan change). */
@Injectable()
export class TariffsRepository {
  constructor(private readonly db: DataSource) {}

  list(): Promise<TariffRow[]> {
    return selectRows(this.db, `SELECT ${TARIFF_COLUMNS} FROM tariffs ORDER BY position`);
  }

  find(code: string, db: Queryable = this.db): Promise<TariffRow | null> {
    return selectOne(db, `SELECT ${TARIFF_COLUMNS} FROM tariffs WHERE code = $1`, [code]);
  }

  /** Whether each account's plan is capped; an account it does not know is left out. */
  async cappedPlans(accountIds: string[]): Promise<Map<string, boolean>> {
    const rows = await selectRows<{ id: string; capped: boolean }>(
      this.db,
      `SELECT u.id, t.capped FROM users u JOIN tariffs t ON t.code = u.tariff WHERE u.id = ANY($1::uuid[])`,
      [accountIds],
    );
    return new Map(rows.map((row) => [row.id, row.capped]));
  }

  async addInvoice(
    tx: Queryable,
    invoice: { accountId: string; tariff: TariffCode; previous: TariffCode; amount: number; actorId: string },
  ): Promise<InvoiceRow> {
    const [row] = await selectRows<InvoiceRow>(
      tx,
      `INSERT INTO invoices (user_id, tariff, previous_tariff, amount, changed_by) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${INVOICE_COLUMNS}`,
      [invoice.accountId, invoice.tariff, invoice.previous, invoice.amount, invoice.actorId],
    );
    return row;
  }

  invoicesOf(accountId: string): Promise<InvoiceRow[]> {
    return selectRows(
      this.db,
      `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [accountId],
    );
  }
}
