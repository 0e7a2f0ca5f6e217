import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import type { Statement } from '../ingest/fact-store';
import { audienceFilter, BroadcastPlatform, RECIPIENTS_FROM, Segment } from './segment';

export type BroadcastStatus = 'scheduled' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type BroadcastKind = 'photo' | 'audio' | 'file';
export type RecipientStatus = 'pending' | 'sending' | 'sent' | 'failed';

export const FINAL_STATUSES: readonly BroadcastStatus[] = ['done', 'failed', 'cancelled'];

export interface BroadcastRow {
  id: string;
  bot_id: string;
  origin: 'api' | 'cabinet';
  text: string;
  kind: BroadcastKind | null;
  platform: BroadcastPlatform;
  segment: Segment;
  status: BroadcastStatus;
  total_count: number;
  sent_count: number;
  failed_count: number;
  platform_file_ref: string | null;
  error: string | null;
  send_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
}

export interface BroadcastFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

export interface NewBroadcast {
  botId: string;
  origin: 'api' | 'cabinet';
  text: string;
  kind: BroadcastKind | null;
  platform: BroadcastPlatform;
  segment: Segment;
  /** Null: starts now, its recipients are chosen at once. */
  sendAt: Date | null;
  file: BroadcastFile | null;
}

export interface Recipient {
  position: number;
  contact_id: string;
  external_user_id: string;
}

/** Why a recipient left `sending` by a stopped process counts as failed. */
const INTERRUPTED = 'interrupted while sending: delivery unknown';

/** TypeORM answers an UPDATE … RETURNING with the rows and the affected count. */
type UpdateResult<T> = [T[], number];

/** A broadcast as it ended: the `broadcast.completed` data, plus the bot's account. */
export interface FinishedBroadcast {
  userId: string;
  broadcast_id: string;
  bot_id: string;
  status: 'done' | 'failed';
  total_count: number;
  sent_count: number;
  failed_count: number;
}

const COLUMNS = `id, bot_id, origin, text, kind, platform, segment, status, total_count, sent_count, failed_count,
  platform_file_ref, error, send_at, started_at, finished_at, created_at`;

/** Every SQL statement about broadcasts and their recipients. */
@Injectable()
export class BroadcastStore implements ContactDataOwner {
  constructor(private readonly db: DataSource) {}

  /** Creates the broadcast; an immediate one gets its recipients in the same transaction (a snapshot of the audience now). */
  create(input: NewBroadcast): Promise<BroadcastRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<BroadcastRow[]>(
        `INSERT INTO broadcasts (bot_id, origin, text, kind, platform, segment, status, send_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [
          input.botId,
          input.origin,
          input.text,
          input.kind,
          input.platform,
          input.segment,
          input.sendAt ? 'scheduled' : 'queued',
          input.sendAt,
        ],
      );
      if (input.file) {
        await tx.query(
          `INSERT INTO broadcast_files (broadcast_id, file_name, mime_type, bytes) VALUES ($1, $2, $3, $4)`,
          [row.id, input.file.fileName, input.file.mimeType, input.file.bytes],
        );
      }
      if (!input.sendAt) {
        row.total_count = await this.materialise(tx, row);
        await tx.query(`UPDATE broadcasts SET total_count = $2 WHERE id = $1`, [row.id, row.total_count]);
      }
      return row;
    });
  }

  /**
   * A scheduled broadcast chooses its recipients when it starts, so contacts that arrived after it
   * was scheduled get it too. Locked, so two workers cannot both do it.
   */
  async start(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<BroadcastRow[]>(`SELECT ${COLUMNS} FROM broadcasts WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) return;
      if (row.status === 'scheduled') {
        const total = await this.materialise(tx, row);
        await tx.query(`UPDATE broadcasts SET total_count = $2 WHERE id = $1`, [id, total]);
      }
      if (row.status === 'scheduled' || row.status === 'queued') {
        await tx.query(
          `UPDATE broadcasts SET status = 'running', started_at = coalesce(started_at, now()) WHERE id = $1`,
          [id],
        );
      }
    });
  }

  private async materialise(tx: EntityManager, row: BroadcastRow): Promise<number> {
    const { where, params } = audienceFilter(row.platform, row.segment);
    const n = params.length + 2;
    const inserted: Array<{ count: string }> = await tx.query(
      `WITH added AS (
         INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id)
         SELECT $${n}, row_number() OVER (ORDER BY c.first_seen_at, c.id), c.id, c.external_user_id
           FROM ${RECIPIENTS_FROM}
          WHERE ${where}
         RETURNING 1)
       SELECT count(*) AS count FROM added`,
      [row.bot_id, ...params, row.id],
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

  async get(id: string): Promise<BroadcastRow | null> {
    const rows = await this.db.query<BroadcastRow[]>(`SELECT ${COLUMNS} FROM broadcasts WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async getOfBot(botId: string, id: string): Promise<BroadcastRow | null> {
    const rows = await this.db.query<BroadcastRow[]>(
      `SELECT ${COLUMNS} FROM broadcasts WHERE id = $1 AND bot_id = $2`,
      [id, botId],
    );
    return rows[0] ?? null;
  }

  /** A page of the bot's broadcasts, newest first, and how many it has in all. */
  async pageOfBot(botId: string, limit: number, offset: number): Promise<{ rows: BroadcastRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db.query<BroadcastRow[]>(
        `SELECT ${COLUMNS} FROM broadcasts WHERE bot_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [botId, limit, offset],
      ),
      this.db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM broadcasts WHERE bot_id = $1`, [botId]),
    ]);
    return { rows, total: count.n };
  }

  listOfBot(botId: string): Promise<BroadcastRow[]> {
    return this.db.query<BroadcastRow[]>(
      `SELECT ${COLUMNS} FROM broadcasts WHERE bot_id = $1 ORDER BY created_at DESC, id DESC`,
      [botId],
    );
  }

  /**
   * Unfinished broadcasts no live run holds a lease on: those a stopped process left behind, or whose
   * job Redis lost; the recovery puts them back on the queue.
   */
  unattended(): Promise<Array<Pick<BroadcastRow, 'id' | 'status' | 'send_at'>>> {
    return this.db.query(
      `SELECT id, status, send_at FROM broadcasts
        WHERE status IN ('scheduled', 'queued', 'running') AND (lease_until IS NULL OR lease_until < now())`,
    );
  }

  /** Takes the broadcast's lease for `ms` unless a live run holds it; false when one does. */
  async takeLease(id: string, owner: string, ms: number): Promise<boolean> {
    const [rows] = await this.db.query<UpdateResult<unknown>>(
      `UPDATE broadcasts SET lease_owner = $2, lease_until = now() + $3 * interval '1 millisecond'
        WHERE id = $1 AND (lease_until IS NULL OR lease_until < now()) RETURNING 1`,
      [id, owner, ms],
    );
    return rows.length === 1;
  }

  /** Extends a lease this owner holds; false when it lapsed and someone else took it. */
  async renewLease(id: string, owner: string, ms: number): Promise<boolean> {
    const [rows] = await this.db.query<UpdateResult<unknown>>(
      `UPDATE broadcasts SET lease_until = now() + $3 * interval '1 millisecond' WHERE id = $1 AND lease_owner = $2 RETURNING 1`,
      [id, owner, ms],
    );
    return rows.length === 1;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.db.query(
      `UPDATE broadcasts SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
      [id, owner],
    );
  }

  async loadFile(id: string): Promise<BroadcastFile | null> {
    const rows: Array<{ file_name: string; mime_type: string; bytes: Buffer }> = await this.db.query(
      `SELECT file_name, mime_type, bytes FROM broadcast_files WHERE broadcast_id = $1`,
      [id],
    );
    return rows[0] ? { fileName: rows[0].file_name, mimeType: rows[0].mime_type, bytes: rows[0].bytes } : null;
  }

  async setFileRef(id: string, ref: string): Promise<void> {
    await this.db.query(`UPDATE broadcasts SET platform_file_ref = $2 WHERE id = $1`, [id, ref]);
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
      `SELECT position, contact_id, external_user_id FROM broadcast_recipients
        WHERE broadcast_id = $1 AND status = 'pending' AND position > $2
        ORDER BY position LIMIT $3`,
      [id, afterPosition, limit],
    );
  }

  /** pending → sending, committed before the platform call; false when someone else took it. */
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
      `UPDATE broadcast_recipients SET status = $3, attempts = $4, error = $5, message_id = $6, updated_at = now()
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
      text: `UPDATE broadcast_recipients SET status = 'sent', attempts = $${n + 3}, error = NULL, message_id = (${storedMessageId.text}), updated_at = now()
              WHERE broadcast_id = $${n + 1} AND position = $${n + 2} AND status = 'sending'`,
      values: [...storedMessageId.values, id, position, attempts],
    };
  }

  /** sending → pending, for a recipient the platform refused (429) when the process began to stop. */
  async release(id: string, position: number): Promise<void> {
    await this.db.query(
      `UPDATE broadcast_recipients SET status = 'pending', updated_at = now() WHERE broadcast_id = $1 AND position = $2 AND status = 'sending'`,
      [id, position],
    );
  }

  /** Copies the recipients' tallies onto the broadcast (the list shows progress); returns its status. */
  async refreshCounts(id: string): Promise<BroadcastStatus | null> {
    const [rows] = await this.db.query<UpdateResult<{ status: BroadcastStatus }>>(
      `UPDATE broadcasts b SET
          sent_count = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = b.id AND status = 'sent'),
          failed_count = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = b.id AND status = 'failed')
        WHERE id = $1 RETURNING status`,
      [id],
    );
    return rows[0]?.status ?? null;
  }

  /**
   * Ends a broadcast unless it was already ended (e.g. cancelled meanwhile); answers its final tallies and its
   * account when this call ended it, null otherwise (so `broadcast.completed` goes out once).
   */
  async finish(id: string, status: 'done' | 'failed', error: string | null = null): Promise<FinishedBroadcast | null> {
    // Whoever is left (a failed broadcast's rest, or a recipient an internal error stopped) counts as
    // failed, so that sent + failed = total for every finished broadcast.
    await this.db.query(
      `UPDATE broadcast_recipients
          SET status = 'failed', updated_at = now(),
              error = CASE WHEN status = 'sending' THEN '${INTERRUPTED}' ELSE $2 END
        WHERE broadcast_id = $1 AND status IN ('pending', 'sending')
          AND EXISTS (SELECT 1 FROM broadcasts WHERE id = $1 AND status <> 'cancelled')`,
      [id, error ?? 'not sent'],
    );
    await this.refreshCounts(id);
    const [rows] = await this.db.query<UpdateResult<FinishedBroadcast>>(
      `UPDATE broadcasts b SET status = $2, error = $3, finished_at = now(), started_at = coalesce(started_at, now())
        WHERE id = $1 AND status IN ('scheduled', 'queued', 'running')
        RETURNING b.id AS broadcast_id, b.bot_id, b.status, b.total_count, b.sent_count, b.failed_count,
                  (SELECT user_id FROM bots WHERE id = b.bot_id) AS "userId"`,
      [id, status, error],
    );
    return rows[0] ?? null;
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

  /** Cancels the unfinished broadcasts of these bots within the caller's transaction (account deletion). */
  async cancelUnfinishedOfBots(botIds: string[], tx: EntityManager): Promise<void> {
    await tx.query(
      `UPDATE broadcasts SET status = 'cancelled', finished_at = now() WHERE bot_id = ANY($1::uuid[]) AND status IN ('scheduled', 'queued', 'running')`,
      [botIds],
    );
  }

  /** Cancels an unfinished broadcast; recipients not yet sent stay pending and are never sent. */
  async cancel(id: string): Promise<boolean> {
    const [rows] = await this.db.query<UpdateResult<unknown>>(
      `UPDATE broadcasts SET status = 'cancelled', finished_at = now() WHERE id = $1 AND status IN ('scheduled', 'queued', 'running') RETURNING 1`,
      [id],
    );
    return rows.length === 1;
  }
}
