import { randomBytes } from 'node:crypto';
import { PaymentContacts } from '../../src/ingest/payment-contacts';
import { RevenueDays } from '../../src/ingest/revenue-days';

/** The pool of a medium test (TypeORM's DataSource answers rows) or an e2e test's pg Client (answers a result). */
interface Database {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface PaymentInput {
  botId: string;
  /** The contact's platform user id; the contact must exist. */
  userId: string;
  amount: number;
  currency: string;
  paidAt: Date;
  refundedAt?: Date | null;
  payload?: string | null;
  chargeId?: string;
  origin?: 'platform' | 'api';
}

/**
 * Arranges a payment of an existing contact as the ingest stores one (issue 26's capture is built apart): the
 * `payments` row, then the payer's columns and the revenue rollup the ingest keeps beside it
 * (`PaymentContacts.paymentsChanged`, `RevenueDays.statement`: the same statements). Answers the payment's id.
 */
export async function insertPayment(db: Database, input: PaymentInput): Promise<string> {
  const inserted = await db.query(
    `INSERT INTO payments (bot_id, contact_id, external_user_id, amount, currency, charge_id, payload, paid_at,
                           refunded_at, origin)
     SELECT c.bot_id, c.id, c.external_user_id, $3, $4, $5, $6, $7, $8, $9
       FROM contacts c WHERE c.bot_id = $1 AND c.external_user_id = $2
     RETURNING id`,
    [
      input.botId,
      input.userId,
      input.amount,
      input.currency,
      input.chargeId ?? `charge-${randomBytes(6).toString('hex')}`,
      input.payload ?? null,
      input.paidAt,
      input.refundedAt ?? null,
      input.origin ?? 'platform',
    ],
  );
  const [row] = rowsOf<{ id: string }>(inserted);
  if (!row) throw new Error(`insertPayment: bot ${input.botId} has no contact ${input.userId}`);
  const stored = PaymentContacts.paymentsChanged([row.id], input.refundedAt ? [row.id] : [])!;
  await db.query(stored.text, stored.values);
  const rollup = RevenueDays.statement({
    inserted: [row.id],
    refunded: input.refundedAt ? [row.id] : [],
    attributed: [],
  })!;
  await db.query(rollup.text, rollup.values);
  return row.id;
}

/** Marks a payment refunded, as a refund through any of the three ways does (once), with the revenue rollup. */
export async function refundPayment(db: Database, paymentId: string, at: Date): Promise<void> {
  const refunded = rowsOf<{ id: string }>(
    // A SELECT, so that TypeORM answers the rows alone.
    await db.query(
      `WITH refunded AS (UPDATE payments SET refunded_at = $2 WHERE id = $1 AND refunded_at IS NULL RETURNING id)
       SELECT id FROM refunded`,
      [paymentId, at],
    ),
  );
  const ids = refunded.map((r) => r.id);
  const payers = PaymentContacts.paymentsChanged([], ids);
  if (payers) await db.query(payers.text, payers.values);
  const rollup = RevenueDays.statement({ inserted: [], refunded: ids, attributed: [] });
  if (rollup) await db.query(rollup.text, rollup.values);
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
