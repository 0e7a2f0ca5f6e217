import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import { repliedAtOnSend } from '../ingest/broadcast-replies-statement';
import type { Statement } from '../ingest/fact-store';
import { audienceFilter, BroadcastPlatform, RECIPIENTS_FROM, Segment } from './segment';

export type RecipientStatus = 'held' | 'pending' | 'sending' | 'sent' | 'failed';

export interface Recipient {
  position: number;
  contact_id: string;
  external_user_id: string;
  /** The variant it gets (A/B broadcasts); null for a broadcast of one text. */
  variant: number | null;
}

/** Why a recipient left `sending` by a stopped process counts as failed. */
const INTERRUPTED = 'interrupted while sending: delivery unknown';

/**
 * `broadcast_recipients`: each broadcast's audience, chosen once (when it is created, or when a scheduled one
 * starts), and every recipient's way from `pending` through `sending` to `sent` or `failed`.
 */
@Injectable()
export class RecipientStore implements ContactDataOwner {
  constructor(private readonly db: DataSource) {}

  /**
   * Chooses the broadcast's recipients (its audience now) within the caller's transaction; answers how many.
   * With variants, the audience is drawn in random order: the first `test_share` of the draw (rounded up) is dealt
   * the variants in turn, so each gets an even share; the rest wait `held` for the winner.
   */
  async materialise(
    tx: EntityManager,
    row: {
      id: string;
      bot_id: string;
      platform: BroadcastPlatform;
      segment: Segment;
      variants: unknown[] | null;
      test_share: number;
    },
  ): Promise<number> {
    const { where, params } = audienceFilter(row.platform, row.segment);
    const n = params.length + 2;
    const inserted: Array<{ count: string }> = await tx.query(
      `WITH audience AS (
         SELECT c.id, c.external_user_id, c.first_seen_at,
                row_number() OVER (ORDER BY random()) - 1 AS draw, count(*) OVER () AS size
           FROM ${RECIPIENTS_FROM}
          WHERE ${where}),
       added AS (
         INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id, variant, status)
         SELECT $${n}, row_number() OVER (ORDER BY a.first_seen_at, a.id), a.id, a.external_user_id,
                CASE WHEN $${n + 1}::int > 0 AND a.draw < ceil(a.size * $${n + 2}::float8) THEN a.draw % $${n + 1}::int END,
                CASE WHEN $${n + 1}::int > 0 AND a.draw >= ceil(a.size * $${n + 2}::float8) THEN 'held' ELSE 'pending' END
           FROM audience a
         RETURNING 1)
       SELECT count(*) AS count FROM added`,
      [row.bot_id, ...params, row.id, row.variants?.length ?? 0, row.test_share],
    );
    return Number(inserted[0].count);
  }

  async countAudience(botId: string, platform: BroadcastPlatform, segment: Segment): Promise<number> {
    const { where, params } = audienceFilter(platform, segment);
    const rows: Array<{ count: string }> = await this.db.query(
      `SELECT count(*) AS count FROM ${RECIPIENTS_FROM} WHERE ${where}`,
      [botId, ...params],
    );
    return Number(rows[0].count);
  }

  /**
   * Recipients left `sending` by a process that stopped mid-call: the platform may or may not have
   * delivered, so they are counted failed and never sent again (no one gets a broadcast twice).
   */
  async failInterrupted(id: string): Promise<void> {
    await this.db.query(
      `UPDATE broadcast_recipients SET status = 'failed', error = '${INTERRUPTED}', updated_at = now()
        WHERE broadcast_id = $1 AND status = 'sending'`,
      [id],
    );
  }

  nextPending(id: string, afterPosition: number, limit: number): Promise<Recipient[]> {
    return this.db.query(
      `SELECT position, contact_id, external_user_id, variant FROM broadcast_recipients
        WHERE broadcast_id = $1 AND status = 'pending' AND position > $2
        ORDER BY position LIMIT $3`,
      [id, afterPosition, limit],
    );
  }

  /**
   * pending → sending, only while the broadcast runs: a cancel or a deactivation of its bot (which cancels it,
   * from any instance) is seen before the next send. `stopped`: the broadcast is no longer running.
   */
  async claim(id: string, position: number): Promise<'claimed' | 'taken' | 'stopped'> {
    const [row] = await this.db.query<Array<{ running: boolean; claimed: number }>>(
      `WITH claimed AS (
         UPDATE broadcast_recipients SET status = 'sending', attempts = attempts + 1, updated_at = now()
          WHERE broadcast_id = $1 AND position = $2 AND status = 'pending'
            AND EXISTS (SELECT 1 FROM broadcasts WHERE id = $1 AND status = 'running')
          RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM broadcasts WHERE id = $1 AND status = 'running') AS running,
              (SELECT count(*)::int FROM claimed) AS claimed`,
      [id, position],
    );
    if (row.claimed === 1) return 'claimed';
    return row.running ? 'taken' : 'stopped';
  }

  async settle(
    id: string,
    position: number,
    outcome: { status: 'sent' | 'failed'; attempts: number; error?: string; messageId?: string | null },
  ): Promise<void> {
    await this.db.query(
      `UPDATE broadcast_recipients SET status = $3, attempts = $4, error = $5, message_id = $6, updated_at = now(),
              replied_at = CASE WHEN $3 = 'sent' THEN ${repliedAtOnSend('(SELECT bot_id FROM broadcasts WHERE id = $1)', 'broadcast_recipients.external_user_id')} END
        WHERE broadcast_id = $1 AND position = $2 AND status = 'sending'`,
      [id, position, outcome.status, outcome.attempts, outcome.error ?? null, outcome.messageId ?? null],
    );
  }

  /**
   * sending → sent, as a statement for the transaction that stores the sent message (`storedMessageId`
   * selects its id), so a crash cannot record the message and leave the recipient looking undelivered.
   */
  sentStatement(id: string, position: number, attempts: number, storedMessageId: Statement): Statement {
    const n = storedMessageId.values.length;
    return {
      text: `UPDATE broadcast_recipients SET status = 'sent', attempts = $${n + 3}, error = NULL, message_id = (${storedMessageId.text}), updated_at = now(),
                    replied_at = ${repliedAtOnSend(`(SELECT bot_id FROM broadcasts WHERE id = $${n + 1})`, 'broadcast_recipients.external_user_id')}
              WHERE broadcast_id = $${n + 1} AND position = $${n + 2} AND status = 'sending'`,
      values: [...storedMessageId.values, id, position, attempts],
    };
  }

  /** Whether recipients wait `held` for an A/B broadcast's winner. */
  async hasHeld(id: string): Promise<boolean> {
    const [row] = await this.db.query<Array<{ held: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = $1 AND status = 'held') AS held`,
      [id],
    );
    return row.held;
  }

  /** held → pending with the winning variant, within the transaction that records the winner. */
  async releaseHeld(tx: EntityManager, id: string, winner: number): Promise<void> {
    await tx.query(
      `UPDATE broadcast_recipients SET status = 'pending', variant = $2, updated_at = now()
        WHERE broadcast_id = $1 AND status = 'held'`,
      [id, winner],
    );
  }

  /** sending → pending, for a recipient the platform refused (429) when the process began to stop. */
  async release(id: string, position: number): Promise<void> {
    await this.db.query(
      `UPDATE broadcast_recipients SET status = 'pending', updated_at = now() WHERE broadcast_id = $1 AND position = $2 AND status = 'sending'`,
      [id, position],
    );
  }

  /**
   * Whoever is left (a failed broadcast's rest, or a recipient an internal error stopped) counts as failed, so
   * that sent + failed = total for every finished broadcast; a cancelled broadcast's stay pending, never sent.
   */
  async failUnsent(id: string, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE broadcast_recipients
          SET status = 'failed', updated_at = now(),
              error = CASE WHEN status = 'sending' THEN '${INTERRUPTED}' ELSE $2 END
        WHERE broadcast_id = $1 AND status IN ('held', 'pending', 'sending')
          AND EXISTS (SELECT 1 FROM broadcasts WHERE id = $1 AND status <> 'cancelled')`,
      [id, error ?? 'not sent'],
    );
  }

  /**
   * Deletes the contact from the bot's broadcasts' recipient lists: a pending one is then never sent; a finished
   * broadcast keeps its totals, which are counts, not the person's data.
   */
  async eraseContact(q: EntityManager, botId: string, key: ContactKey): Promise<void> {
    await q.query(
      `DELETE FROM broadcast_recipients r USING broadcasts b
        WHERE b.bot_id = $1 AND r.broadcast_id = b.id AND r.contact_id = $2`,
      [botId, key.id],
    );
  }
}
