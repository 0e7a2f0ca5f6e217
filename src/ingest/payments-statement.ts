import type { PaymentObject } from './events';
import { compare, key } from './fact-batch';
import type { FactBatchItem } from './fact-store';
import type { PaymentFact, RefundFact } from './facts';
import { PipelinedTransaction, planned } from './pipelined-transaction';

// The ingest's statements on `payments` (issue 26), run in its transaction (fact-store.ts). The ingest owns the
// table: capture (the mirror, the proxy) and the open API's payments reach it through the writer only.

export interface BotPayment {
  botId: string;
  fact: PaymentFact;
}

export interface BotRefund {
  botId: string;
  fact: RefundFact;
}

/** The payments and refunds of a batch: each charge once per bot. */
export interface BatchMoney {
  payments: BotPayment[];
  refunds: BotRefund[];
  /** Payments that came with the payer's profile (Telegram's): they create or refresh their contact. */
  profiled: BotPayment[];
}

/** What the batch changed on `payments`: the rows it inserted and those it marked refunded. */
export interface WrittenMoney {
  inserted: string[];
  refunded: string[];
}

/** A payment row as the payment object reads it (PAYMENT_OBJECT_SELECT): the object, with its times as read. */
export interface PaymentObjectRow extends Omit<PaymentObject, 'subscription_expires_at' | 'paid_at' | 'refunded_at'> {
  subscription_expires_at: Date | null;
  paid_at: Date;
  refunded_at: Date | null;
}

/**
 * The payment object's columns (docs/api.md, Payments): the contact's source and campaign as the contact object
 * shows them, through the bot's source mappings. `p` is `payments`; add the WHERE and ORDER of the read.
 */
export const PAYMENT_OBJECT_SELECT = `
  SELECT p.id, p.bot_id, p.external_user_id AS user_id, p.amount::float8 AS amount, p.currency, p.charge_id,
         p.provider_charge_id, p.payload, p.recurring, p.first_recurring, p.subscription_expires_at, p.paid_at,
         p.refunded_at, coalesce(m.source_value, c.source_value) AS source_value,
         coalesce(m.campaign_name, c.campaign_name) AS campaign_name
    FROM payments p
    JOIN contacts c ON c.id = p.contact_id
    LEFT JOIN source_mappings m ON m.bot_id = c.bot_id AND m.raw = c.source_value`;

/** The open API's payment object of a row (amounts are JSON integers, times ISO 8601 in UTC). */
export function paymentObject(row: PaymentObjectRow): PaymentObject {
  return {
    id: row.id,
    bot_id: row.bot_id,
    user_id: row.user_id,
    amount: row.amount,
    currency: row.currency,
    charge_id: row.charge_id,
    provider_charge_id: row.provider_charge_id,
    payload: row.payload,
    recurring: row.recurring,
    first_recurring: row.first_recurring,
    subscription_expires_at: row.subscription_expires_at?.toISOString() ?? null,
    paid_at: row.paid_at.toISOString(),
    refunded_at: row.refunded_at?.toISOString() ?? null,
    source_value: row.source_value,
    campaign_name: row.campaign_name,
  };
}

/**
 * The batch's payments and refunds, or null when it has none: batches of messages, presses and blocks (nearly
 * all of them) pay one look at each fact's kind and allocate nothing. A charge repeated in the batch (an update
 * seen by both capture modes, a refund seen as a message and as a call) is taken once: its first payment, its
 * earliest refund.
 */
export function moneyOf(batch: FactBatchItem[]): BatchMoney | null {
  let payments: Map<string, BotPayment> | null = null;
  let refunds: Map<string, BotRefund> | null = null;
  for (const { bot, facts } of batch) {
    for (const fact of facts) {
      if (fact.kind === 'payment') {
        const k = key(bot.id, fact.chargeId);
        if (!(payments ??= new Map()).has(k)) payments.set(k, { botId: bot.id, fact });
      } else if (fact.kind === 'refund') {
        const k = key(bot.id, fact.chargeId);
        const seen = (refunds ??= new Map()).get(k);
        if (!seen || fact.at < seen.fact.at) refunds.set(k, { botId: bot.id, fact });
      }
    }
  }
  if (!payments && !refunds) return null;
  // Key order, as every write of the ingest, so two batches with the same charges never wait on each other in a cycle.
  const unique = [...(payments?.values() ?? [])].sort(byCharge);
  return {
    payments: unique,
    refunds: [...(refunds?.values() ?? [])].sort(byCharge),
    profiled: unique.filter((p) => p.fact.profile !== null),
  };
}

function byCharge(a: { botId: string; fact: { chargeId: string } }, b: { botId: string; fact: { chargeId: string } }) {
  return compare(a.botId, b.botId) || compare(a.fact.chargeId, b.fact.chargeId);
}

/**
 * Queues the batch's payment inserts, then its refunds, right behind the contacts' upsert (they find their
 * contacts in SQL, as the presses do): a charge is inserted once per bot (`ON CONFLICT DO NOTHING`, the
 * exactly-once), and a refund marks a payment not refunded yet, including one inserted just before it in the
 * same batch (a statement of its own sees it). A refund of a charge Botlens never recorded changes nothing. A
 * payment whose contact does not exist (an integrator's, whose contact was erased meanwhile) is not inserted.
 */
export async function writeMoney(tx: PipelinedTransaction, money: BatchMoney): Promise<WrittenMoney> {
  const inserted = money.payments.length ? tx.rows<{ id: string }>(insertStatement(money.payments)) : [];
  const refunded = money.refunds.length ? tx.rows<{ id: string }>(refundStatement(money.refunds)) : [];
  const [insertedRows, refundedRows] = await Promise.all([inserted, refunded]);
  return { inserted: insertedRows.map((r) => r.id), refunded: refundedRows.map((r) => r.id) };
}

function insertStatement(payments: BotPayment[]) {
  const column = <T>(pick: (fact: PaymentFact) => T) => payments.map((p) => pick(p.fact));
  return planned(
    `INSERT INTO payments (bot_id, contact_id, external_user_id, amount, currency, charge_id, provider_charge_id, payload,
                           recurring, first_recurring, subscription_expires_at, paid_at, origin)
     SELECT d.bot_id, c.id, d.external_user_id, d.amount, d.currency, d.charge_id, d.provider_charge_id, d.payload,
            d.recurring, d.first_recurring, d.subscription_expires_at, d.paid_at, d.origin
       FROM unnest($1::uuid[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[],
                   $9::boolean[], $10::timestamptz[], $11::timestamptz[], $12::text[]) WITH ORDINALITY
         AS d(bot_id, external_user_id, amount, currency, charge_id, provider_charge_id, payload, recurring,
              first_recurring, subscription_expires_at, paid_at, origin, position)
       JOIN contacts c ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id
      ORDER BY d.position
     ON CONFLICT (bot_id, charge_id) DO NOTHING
     RETURNING id`,
    [
      payments.map((p) => p.botId),
      column((f) => f.externalUserId),
      column((f) => f.amount),
      column((f) => f.currency),
      column((f) => f.chargeId),
      column((f) => f.providerChargeId),
      column((f) => f.payload),
      column((f) => f.recurring),
      column((f) => f.firstRecurring),
      column((f) => f.subscriptionExpiresAt),
      column((f) => f.at),
      column((f) => f.origin),
    ],
  );
}

function refundStatement(refunds: BotRefund[]) {
  return planned(
    `UPDATE payments p SET refunded_at = d.at
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS d(bot_id, charge_id, at)
      WHERE p.bot_id = d.bot_id AND p.charge_id = d.charge_id AND p.refunded_at IS NULL
      RETURNING p.id`,
    [refunds.map((r) => r.botId), refunds.map((r) => r.fact.chargeId), refunds.map((r) => r.fact.at)],
  );
}

/**
 * The payment objects of what the batch wrote, as they stand at its commit (the contact's source included, set
 * by a touch of the same batch), for the events. Queued with the batch's last statements, answered before its
 * COMMIT: no round trip of its own.
 */
export function writtenObjects(tx: PipelinedTransaction, written: WrittenMoney): Promise<PaymentObjectRow[]> {
  return tx.rowsWithNext<PaymentObjectRow>(
    planned(`${PAYMENT_OBJECT_SELECT} WHERE p.id = ANY($1::uuid[])`, [[...written.inserted, ...written.refunded]]),
  );
}
