import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAYMENT_OBJECT_SELECT, PaymentObjectRow } from '../ingest/payments-statement';

/** Where a page of the payment list starts: before this `paid_at`, and before this id among payments paid then. */
export interface PaymentCursor {
  paidAt: Date;
  /** Absent: every payment paid before `paidAt`. */
  id?: string;
}

export interface PaymentPage {
  userId?: string;
  limit: number;
  before?: PaymentCursor;
}

/**
 * Reads of `payments` (the ingest writes it) as payment objects: one charge of a bot, and a bot's payments newest
 * first along payments_by_time (a contact's along payments_by_contact).
 */
@Injectable()
export class PaymentsQueries {
  constructor(private readonly db: DataSource) {}

  async byCharge(botId: string, chargeId: string): Promise<PaymentObjectRow | null> {
    const [row] = await this.db.query<PaymentObjectRow[]>(
      `${PAYMENT_OBJECT_SELECT} WHERE p.bot_id = $1 AND p.charge_id = $2`,
      [botId, chargeId],
    );
    return row ?? null;
  }

  /** Up to `limit + 1` rows, so the caller knows whether another page follows. */
  page(botId: string, page: PaymentPage): Promise<PaymentObjectRow[]> {
    const params: unknown[] = [botId, page.limit + 1];
    const conditions = ['p.bot_id = $1'];
    if (page.userId !== undefined) {
      params.push(page.userId);
      conditions.push(
        `p.contact_id = (SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = $${params.length})`,
      );
    }
    if (page.before) {
      params.push(page.before.paidAt);
      const at = `$${params.length}`;
      if (page.before.id === undefined) conditions.push(`p.paid_at < ${at}`);
      else {
        params.push(page.before.id);
        conditions.push(`p.paid_at <= ${at} AND (p.paid_at < ${at} OR p.id < $${params.length}::uuid)`);
      }
    }
    return this.db.query<PaymentObjectRow[]>(
      `${PAYMENT_OBJECT_SELECT} WHERE ${conditions.join(' AND ')} ORDER BY p.paid_at DESC, p.id DESC LIMIT $2`,
      params,
    );
  }
}
