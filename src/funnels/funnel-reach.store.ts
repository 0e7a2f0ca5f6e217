import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import { ADD_COUNTS_SQL, LOCK_BOT_SQL, paymentMatchesSql, pressMatchesSql, stageMatchesSql } from './funnel-sql';

/** New inbound messages, button presses and payments to apply to the funnels, gathered from events. */
export interface ReachBatch {
  /** Bot of each message, to skip bots without a funnel before touching any message. */
  messages: Array<{ id: string; botId: string }>;
  /** New button presses (for button stages), with their bots likewise. */
  presses: Array<{ id: string; botId: string }>;
  /** New payments (for payment stages), with their bots likewise. */
  payments: Array<{ id: string; botId: string }>;
  /** Messages that may have attributed their contact (a `/start …`), whose earlier reach rows may have to move to the new source. */
  attributing: string[];
}

/** A contact that reached a stage for the first time (`funnel.step_passed`); `stage_index` counts from 0. */
export interface StepPassed {
  bot_id: string;
  external_user_id: string;
  stage_index: number;
  stage_name: string;
}

/**
 * Applies new inbound messages to the funnels of their bots: a reach row for each (stage condition,
 * contact) not reached before, and +1 on the counter of the contact's raw source. Each bot's counters
 * are changed under its funnel lock, so a backfill's recount and concurrent flushes never interleave.
 */
@Injectable()
export class FunnelReachStore implements ContactDataOwner {
  constructor(private readonly db: DataSource) {}

  /** Returns the stages contacts reached for the first time, once the transaction has committed. */
  async apply(batch: ReachBatch): Promise<StepPassed[]> {
    const candidates = [...new Set([...batch.messages, ...batch.presses, ...batch.payments].map((m) => m.botId))];
    const bots: string[] = (
      await this.db.query<Array<{ bot_id: string }>>(
        `SELECT DISTINCT bot_id FROM funnel_stage_keys WHERE bot_id = ANY($1::uuid[])`,
        [candidates],
      )
    ).map((row) => row.bot_id);
    if (!bots.length) return [];
    const ids = batch.messages.filter((m) => bots.includes(m.botId)).map((m) => m.id);
    const pressIds = batch.presses.filter((p) => bots.includes(p.botId)).map((p) => p.id);
    const paymentIds = batch.payments.filter((p) => bots.includes(p.botId)).map((p) => p.id);
    const attributing = batch.attributing.filter((id) => ids.includes(id));

    return this.db.transaction(async (tx) => {
      for (const botId of bots.sort()) await tx.query(LOCK_BOT_SQL, [botId]);
      const passed = [
        ...(ids.length ? await this.insertReach(tx, ids, bots) : []),
        ...(pressIds.length ? await this.insertPressReach(tx, pressIds, bots) : []),
        ...(paymentIds.length ? await this.insertPaymentReach(tx, paymentIds, bots) : []),
      ];
      if (attributing.length) await this.moveToSource(tx, attributing);
      return passed;
    });
  }

  /** Reach rows for every stage condition the messages satisfy, at each contact's earliest such message. */
  private insertReach(tx: EntityManager, ids: string[], bots: string[]): Promise<StepPassed[]> {
    return this.storeReach(
      tx,
      `SELECT m.id, m.bot_id, m.contact_id, m.text, m.created_at
         FROM messages m
        WHERE m.id = ANY($1::uuid[]) AND m.bot_id = ANY($2::uuid[]) AND m.direction = 'in'`,
      stageMatchesSql('k', 'b'),
      [ids, bots],
    );
  }

  /** Reach rows for every button stage the presses satisfy, at each contact's earliest such press. */
  private insertPressReach(tx: EntityManager, ids: string[], bots: string[]): Promise<StepPassed[]> {
    return this.storeReach(
      tx,
      `SELECT p.bot_id, p.contact_id, p.data, p.created_at
         FROM button_presses p
        WHERE p.id = ANY($1::uuid[]) AND p.bot_id = ANY($2::uuid[])`,
      pressMatchesSql('k', 'b'),
      [ids, bots],
    );
  }

  /** Reach rows for every payment stage the payments satisfy, at each contact's earliest such payment. */
  private insertPaymentReach(tx: EntityManager, ids: string[], bots: string[]): Promise<StepPassed[]> {
    return this.storeReach(
      tx,
      `SELECT p.bot_id, p.contact_id, p.payload, p.paid_at AS created_at
         FROM payments p
        WHERE p.id = ANY($1::uuid[]) AND p.bot_id = ANY($2::uuid[])`,
      paymentMatchesSql('k', 'b'),
      [ids, bots],
    );
  }

  /**
   * Stores the reach of a batch of facts (`batch`: bot_id, contact_id, created_at and what `matches` reads) and
   * answers the new rows as the stages they pass (one condition may be several stages of the funnel).
   */
  private storeReach(tx: EntityManager, batch: string, matches: string, params: unknown[]): Promise<StepPassed[]> {
    return tx.query(
      `WITH batch AS (${batch}
       ), hits AS (
         SELECT b.bot_id, k.stage_key, b.contact_id, min(b.created_at) AS reached_at
           FROM batch b JOIN funnel_stage_keys k ON k.bot_id = b.bot_id
          WHERE ${matches}
          GROUP BY 1, 2, 3
       ), stored AS (
         INSERT INTO funnel_reach AS r (bot_id, stage_key, contact_id, source_value, reached_at)
         SELECT h.bot_id, h.stage_key, h.contact_id, coalesce(c.source_value, ''), h.reached_at
           FROM hits h JOIN contacts c ON c.id = h.contact_id
          ORDER BY 1, 2, 3
         -- A fact older than the one that first reached the stage (late capture) moves the time back.
         ON CONFLICT (bot_id, stage_key, contact_id) DO UPDATE SET reached_at = EXCLUDED.reached_at
          WHERE r.reached_at > EXCLUDED.reached_at
         RETURNING r.bot_id, r.stage_key, r.contact_id, r.source_value, xmax = 0 AS inserted
       ), deltas AS (
         SELECT bot_id, stage_key, source_value, 1 AS n FROM stored WHERE inserted
       ), counted AS (${ADD_COUNTS_SQL})
       SELECT s.bot_id, c.external_user_id, f.position AS stage_index, f.name AS stage_name
         FROM stored s
         JOIN contacts c ON c.id = s.contact_id
         JOIN funnel_stages f ON f.bot_id = s.bot_id AND f.stage_key = s.stage_key
        WHERE s.inserted
        ORDER BY c.external_user_id, f.position`,
      params,
    );
  }

  /**
   * A contact that reached stages before its first `/start <source>` was counted as unattributed;
   * once the ingest attributed it, its rows and counts move to the source.
   */
  private moveToSource(tx: EntityManager, messageIds: string[]): Promise<unknown> {
    return tx.query(
      `WITH moved AS (
         UPDATE funnel_reach r SET source_value = c.source_value
           FROM contacts c
          WHERE c.id IN (SELECT contact_id FROM messages WHERE id = ANY($1::uuid[]))
            AND c.source_value IS NOT NULL
            AND r.contact_id = c.id AND r.bot_id = c.bot_id AND r.source_value = ''
         RETURNING r.bot_id, r.stage_key, r.source_value
       ), deltas AS (
         SELECT bot_id, stage_key, source_value, 1 AS n FROM moved
         UNION ALL
         SELECT bot_id, stage_key, '', -1 FROM moved
       )
       ${ADD_COUNTS_SQL}`,
      [messageIds],
    );
  }

  /** Deletes the contact's reach rows and takes them off the stage counters, under the bot's funnel lock. */
  async eraseContact(q: EntityManager, botId: string, key: ContactKey): Promise<void> {
    await q.query(LOCK_BOT_SQL, [botId]);
    await q.query(
      `WITH gone AS (
         DELETE FROM funnel_reach
          WHERE bot_id = $1 AND stage_key IN (SELECT stage_key FROM funnel_stage_keys WHERE bot_id = $1) AND contact_id = $2
         RETURNING bot_id, stage_key, source_value
       ), deltas AS (
         SELECT bot_id, stage_key, source_value, -1 AS n FROM gone
       )
       ${ADD_COUNTS_SQL}`,
      [botId, key.id],
    );
    await q.query(`DELETE FROM funnel_stage_counts WHERE bot_id = $1 AND reached = 0`, [botId]);
  }
}
