import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BroadcastFile, BroadcastFileStore } from './broadcast-file-store';
import type { BroadcastPlan, Variant, WinnerMetric } from './broadcast-plan';
import { RecipientStore } from './recipient-store';
import type { BroadcastPlatform, Segment } from './segment';

export type BroadcastStatus = 'scheduled' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type BroadcastKind = 'photo' | 'audio' | 'file';

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
  track_links: boolean;
  /** The tracked links the broadcast made, one per distinct URL of its texts (issue 28). */
  link_ids: string[];
  variants: Variant[] | null;
  test_share: number;
  winner_after_minutes: number | null;
  winner_metric: WinnerMetric | null;
  /** When the test share's last recipient was processed: the winner is chosen winner_after_minutes later. */
  test_finished_at: Date | null;
  /** The winning variant's index. */
  winner: number | null;
  winner_chosen_at: Date | null;
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
  plan: BroadcastPlan;
}

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
  platform_file_ref, error, send_at, started_at, finished_at, created_at, track_links, link_ids, variants,
  test_share, winner_after_minutes, winner_metric, test_finished_at, winner, winner_chosen_at`;

/**
 * `broadcasts`: a broadcast's life, from created (or scheduled) through its lease and progress to finished or
 * cancelled. Its recipients and its file have stores of their own; creating or starting a broadcast chooses its
 * recipients in the same transaction.
 */
@Injectable()
export class BroadcastStore {
  constructor(
    private readonly db: DataSource,
    private readonly recipients: RecipientStore,
    private readonly files: BroadcastFileStore,
  ) {}

  /** Creates the broadcast; an immediate one gets its recipients in the same transaction (a snapshot of the audience now). */
  create(input: NewBroadcast): Promise<BroadcastRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<BroadcastRow[]>(
        `INSERT INTO broadcasts (bot_id, origin, text, kind, platform, segment, status, send_at, track_links,
                                 variants, test_share, winner_after_minutes, winner_metric)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
        [
          input.botId,
          input.origin,
          input.text,
          input.kind,
          input.platform,
          input.segment,
          input.sendAt ? 'scheduled' : 'queued',
          input.sendAt,
          input.plan.trackLinks,
          input.plan.variants ? JSON.stringify(input.plan.variants) : null,
          input.plan.testShare,
          input.plan.winnerAfterMinutes,
          input.plan.winnerMetric,
        ],
      );
      if (input.file) await this.files.insert(tx, row.id, input.file);
      if (!input.sendAt) {
        row.total_count = await this.recipients.materialise(tx, row);
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
        const total = await this.recipients.materialise(tx, row);
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

  /** Marks the end of an A/B test's sends (once; a resumed run keeps the first mark); answers the mark. */
  async finishTest(id: string): Promise<Date> {
    const [rows] = await this.db.query<UpdateResult<{ test_finished_at: Date }>>(
      `UPDATE broadcasts SET test_finished_at = coalesce(test_finished_at, now()) WHERE id = $1 RETURNING test_finished_at`,
      [id],
    );
    return rows[0].test_finished_at;
  }

  /**
   * Records the winner and lets the held recipients have it, in one transaction and only if no winner was chosen
   * yet and the broadcast still runs: a second run (a restart, a duplicated job) finds it chosen and sends nothing
   * twice. False when it was not this call that chose.
   */
  chooseWinner(id: string, winner: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [rows] = await tx.query<UpdateResult<unknown>>(
        `UPDATE broadcasts SET winner = $2, winner_chosen_at = now()
          WHERE id = $1 AND winner IS NULL AND status = 'running' RETURNING 1`,
        [id, winner],
      );
      if (rows.length !== 1) return false;
      await this.recipients.releaseHeld(tx, id, winner);
      return true;
    });
  }

  /** Adds the run's links to the broadcast's: a link deleted mid-run and made anew keeps its clicks counted. */
  async addLinkIds(id: string, linkIds: string[]): Promise<void> {
    await this.db.query(
      `UPDATE broadcasts SET link_ids = ARRAY(SELECT DISTINCT unnest(link_ids || $2::uuid[])) WHERE id = $1`,
      [id, linkIds],
    );
  }

  async setFileRef(id: string, ref: string): Promise<void> {
    await this.db.query(`UPDATE broadcasts SET platform_file_ref = $2 WHERE id = $1`, [id, ref]);
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
    // Whoever is left counts as failed, so that sent + failed = total for every finished broadcast.
    await this.recipients.failUnsent(id, error);
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
