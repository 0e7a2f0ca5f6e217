import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import { Queryable } from '../database/sql';
import type { ContactDataOwner, ContactKey } from '../erasure/contact-key';
import type { ButtonPressFact } from './facts';
import { planned } from './pipelined-transaction';

export interface BotPress {
  botId: string;
  fact: ButtonPressFact;
}

/** What the insert answers for each press it stored (a press seen before is not among them). */
export interface InsertedPressRow {
  id: string;
  bot_id: string;
  contact_id: string;
  dedupe_key: string;
}

/**
 * The owner of `button_presses`. The ingest writes presses with the other facts, in its own pipelined
 * transaction (`insertStatement`); erasure deletes a contact's presses in the caller's transaction.
 * Reports read the table through their query objects.
 */
@Injectable()
export class ButtonPresses implements ContactDataOwner {
  /**
   * One statement for the batch's presses (each with the contact the same transaction just upserted),
   * once per (bot, dedupe key): the contract's exactly-once, like messages. Key order, as every write of
   * the ingest, so concurrent batches never wait on each other in a cycle.
   */
  static insertStatement(unsorted: BotPress[]): QueryConfig {
    const presses = [...unsorted].sort(
      (a, b) => compare(a.botId, b.botId) || compare(a.fact.dedupeKey, b.fact.dedupeKey),
    );
    return planned(
      `INSERT INTO button_presses (bot_id, contact_id, external_user_id, data, dedupe_key, created_at)
       SELECT d.bot_id, c.id, d.external_user_id, d.data, d.dedupe_key, d.created_at
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY
         AS d(bot_id, external_user_id, data, dedupe_key, created_at, position)
       JOIN contacts c ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id
       ORDER BY d.position
       ON CONFLICT (bot_id, dedupe_key) DO NOTHING
       RETURNING id, bot_id, contact_id, dedupe_key`,
      [
        presses.map((p) => p.botId),
        presses.map((p) => p.fact.externalUserId),
        presses.map((p) => p.fact.data),
        presses.map((p) => p.fact.dedupeKey),
        presses.map((p) => p.fact.at.toISOString()),
      ],
    );
  }

  /** Deletes one contact's presses (contact erasure), in the caller's transaction. */
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    await q.query(`DELETE FROM button_presses WHERE bot_id = $1 AND contact_id = $2`, [botId, key.id]);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
