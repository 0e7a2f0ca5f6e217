import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { modifiedRows } from '../database/sql';
import { describeError } from '../logging/describe-error';

/** One delivery to make: an event for one subscription, its data serialised once for all its subscriptions. */
export interface OutboxEntry {
  subscriptionId: string;
  event: string;
  eventId: string;
  dataJson: string;
}

export interface ClaimedDelivery extends OutboxEntry {
  id: string;
}

/** An entry to write; `leased` ones are written already claimed by this instance (it sends them at once). */
export interface NewEntry extends OutboxEntry {
  leased: boolean;
}

/** Entries written together and the promise of their ids (by `keyOf`), once their insert has run. */
interface EntryBatch {
  entries: NewEntry[];
  written: Promise<Map<string, string>>;
}

/** A row's key before it has an id: one row per event and subscription. */
export const keyOf = (entry: OutboxEntry): string => `${entry.eventId}/${entry.subscriptionId}`;

/** What the insert of new rows answers. */
export interface InsertedRow {
  id: string;
  subscription_id: string;
  event_id: string;
}

/**
 * The insert of new rows, for this class and for the ingest's transaction (WebhookDispatcher writes the
 * deliveries of stored facts in the transaction that stores them). Its rows are InsertedRow.
 */
export function insertStatement(entries: NewEntry[], leaseMs: number): { text: string; values: unknown[] } {
  return {
    text: `INSERT INTO webhook_outbox (subscription_id, event, event_id, data, lease_until)
           SELECT e.subscription_id, e.event, e.event_id, e.data,
                  CASE WHEN e.leased THEN now() + $6 * interval '1 millisecond' ELSE '-infinity' END
           FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::boolean[])
             AS e(subscription_id, event, event_id, data, leased)
           RETURNING id, subscription_id, event_id`,
    values: [
      entries.map((e) => e.subscriptionId),
      entries.map((e) => e.event),
      entries.map((e) => e.eventId),
      entries.map((e) => e.dataJson),
      entries.map((e) => e.leased),
      leaseMs,
    ],
  };
}

/** The inserted rows' ids by keyOf. */
export function idsByKey(rows: InsertedRow[]): Map<string, string> {
  return new Map(rows.map((r) => [`${r.event_id}/${r.subscription_id}`, r.id]));
}

const DONE_FLUSH_MS = 25;
const DONE_FLUSH_AT = 500;

/**
 * The owner of `webhook_outbox`: deliveries are written in bulk (every entry queued before the event loop turns
 * goes in one insert), claimed in batches with leases (`FOR UPDATE SKIP LOCKED`, so instances never take the same
 * row), and deleted in batches once attempted.
 */
@Injectable()
export class WebhookOutbox implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private batch: EntryBatch | null = null;
  /** The insert in progress: the next batch waits for it, so entries arriving meanwhile share one insert. */
  private writing: Promise<unknown> = Promise.resolve();
  private done: string[] = [];
  private doneTimer: NodeJS.Timeout | null = null;
  private deleting: Promise<void> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Writes `entries` with whatever else is added before the event loop turns and while the previous insert runs:
   * one insert. Answers the ids of the rows, by `keyOf`; the leased ones are this instance's for `leaseMs`.
   */
  add(entries: NewEntry[], leaseMs: number): Promise<Map<string, string>> {
    this.batch ??= this.startBatch(leaseMs);
    for (const entry of entries) this.batch.entries.push(entry);
    return this.batch.written;
  }

  /**
   * Leases up to `limit` deliveries whose lease ran out (never claimed ones included), oldest first, at most
   * `perSubscription` less what this instance already holds (`held`) of each subscription.
   */
  async claim(
    limit: number,
    held: Map<string, number>,
    perSubscription: number,
    leaseMs: number,
  ): Promise<ClaimedDelivery[]> {
    const full: string[] = [];
    const partIds: string[] = [];
    const partHeld: number[] = [];
    for (const [subscriptionId, count] of held) {
      if (count >= perSubscription) full.push(subscriptionId);
      else {
        partIds.push(subscriptionId);
        partHeld.push(count);
      }
    }
    const rows = await modifiedRows<{
      id: string;
      subscription_id: string;
      event: string;
      event_id: string;
      data: string;
    }>(
      this.dataSource,
      `WITH free AS (
           SELECT id, subscription_id FROM webhook_outbox
           WHERE lease_until <= now() AND NOT (subscription_id = ANY($2::uuid[]))
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED),
         ranked AS (
           SELECT id, subscription_id, row_number() OVER (PARTITION BY subscription_id ORDER BY id) AS n FROM free),
         chosen AS (
           SELECT r.id FROM ranked r
           LEFT JOIN unnest($3::uuid[], $4::int[]) AS h(subscription_id, held) ON h.subscription_id = r.subscription_id
           WHERE r.n <= $5 - coalesce(h.held, 0))
         UPDATE webhook_outbox o SET lease_until = now() + $6 * interval '1 millisecond'
         FROM chosen c WHERE o.id = c.id
         RETURNING o.id, o.subscription_id, o.event, o.event_id, o.data`,
      [limit, full, partIds, partHeld, perSubscription, leaseMs],
    );
    return rows
      .map((r) => ({
        id: r.id,
        subscriptionId: r.subscription_id,
        event: r.event,
        eventId: r.event_id,
        dataJson: r.data,
      }))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** The delivery was attempted (or needs none): deleted in the next batch. */
  finished(id: string): void {
    this.done.push(id);
    if (this.done.length >= DONE_FLUSH_AT) this.deleteSoon(0);
    else this.deleteSoon(DONE_FLUSH_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flushNow();
  }

  /** Deletes the finished rows now (shutdown, after the deliveries in flight ended). */
  async flushNow(): Promise<void> {
    if (this.doneTimer) clearTimeout(this.doneTimer);
    this.doneTimer = null;
    await this.batch?.written;
    await this.deleteFinished();
  }

  private startBatch(leaseMs: number): EntryBatch {
    const entries: NewEntry[] = [];
    const written = this.writing
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        this.batch = null;
        const { text, values } = insertStatement(entries, leaseMs);
        return idsByKey(await this.dataSource.query(text, values));
      });
    this.writing = written;
    return { entries, written };
  }

  private deleteSoon(delay: number): void {
    if (this.doneTimer && delay > 0) return;
    if (this.doneTimer) clearTimeout(this.doneTimer);
    this.doneTimer = setTimeout(() => {
      this.doneTimer = null;
      void this.deleteFinished();
    }, delay);
  }

  /** A failed delete only means those rows are sent again when their lease ends (at least once). */
  private deleteFinished(): Promise<void> {
    const ids = this.done.splice(0);
    if (!ids.length) return this.deleting;
    this.deleting = this.deleting
      .then(() => this.dataSource.query(`DELETE FROM webhook_outbox WHERE id = ANY($1::bigint[])`, [ids]))
      .then(() => undefined)
      .catch((error) => this.logger.error(`Deleting ${ids.length} sent deliveries failed: ${describeError(error)}`));
    return this.deleting;
  }
}
