import { Injectable, Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { runsWorkers } from '../config/config';
import { describeError } from '../logging/describe-error';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { DeliveryLog } from './delivery-log';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { ClaimedDelivery, keyOf, NewEntry, OutboxEntry, WebhookOutbox } from './webhook-outbox';

/** Deliveries one instance holds at once (claimed and in flight), over all subscriptions. */
const HELD_MAX = 2048;
/** How long after a delivery ends the next claim waits, so deliveries ending together share one claim. */
const RECLAIM_DELAY_MS = 2;

/**
 * Sends the outbox's deliveries. Where this instance runs workers, the deliveries it writes are written already
 * claimed by it and sent at once (submit). Otherwise a wake-up (a `webhook-deliveries` job, one per batch written
 * by an instance that runs no workers) or the periodic sweep claims what is due in batches and sends each claimed
 * delivery at once: one attempt, no retries (spec), recorded in the delivery log, then deleted. At most
 * `webhookSubscriptionConcurrency` of one subscription are held at a time, so a subscriber that answers after 10 s
 * holds only those and the others' deliveries are claimed past its backlog.
 */
@Injectable()
export class WebhookDeliveryWorkers extends QueueWorker<Record<string, never>> {
  readonly queueName = Queues.webhookDeliveries;
  private readonly logger = new Logger('Webhooks');
  private readonly held = new Map<string, number>();
  private heldCount = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private claiming: Promise<void> | null = null;
  /** A wake-up came while a claim ran: claim again after it. */
  private again = false;
  /**
   * The last claim filled this instance's room (or a write found none), so due rows may be left: any delivery that
   * ends claims again. Otherwise only the end of a delivery of a subscription at its cap does (its rows may wait),
   * so a slow subscriber's full backlog does not make every other delivery claim.
   */
  private limited = false;
  private reclaimTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly delivery: WebhookDeliveryService,
    private readonly outbox: WebhookOutbox,
    private readonly log: DeliveryLog,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    if (!runsWorkers(this.appConfig)) return;
    this.sweepTimer = setInterval(() => this.wake(), this.appConfig.webhookSweepIntervalMs);
    this.wake();
  }

  /** Whether this instance sends deliveries itself (then a writer wakes it directly, without Redis). */
  get local(): boolean {
    return runsWorkers(this.appConfig);
  }

  /** Deliveries in progress finish first, then they are deleted and recorded before the database closes. */
  override async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.reclaimTimer) clearTimeout(this.reclaimTimer);
    await super.beforeApplicationShutdown();
    await this.claiming;
    await Promise.all(this.inFlight);
    await this.outbox.flushNow();
    await this.log.flushNow();
  }

  process(_job: Job<Record<string, never>>): Promise<void> {
    this.wake();
    return Promise.resolve();
  }

  /**
   * Writes new deliveries to the outbox, those this instance has room for already claimed by it, and sends
   * those at once: no claim statement and no wake-up on the way (the rest wait for a claim, as any due row).
   */
  async submit(entries: OutboxEntry[]): Promise<void> {
    const rows = this.reserveFor(entries);
    let ids: Map<string, string>;
    try {
      ids = await this.outbox.add(rows, this.leaseMs);
    } catch (error) {
      this.releaseReserved(rows);
      throw error;
    }
    this.sendReserved(rows, ids);
  }

  /** How long a delivery written already claimed is this instance's. */
  get leaseMs(): number {
    return this.appConfig.webhookLeaseMs;
  }

  /**
   * New deliveries as rows to write, those this instance has room for claimed by it: once written, they go to
   * sendReserved (or, when the write failed, releaseReserved).
   */
  reserveFor(entries: OutboxEntry[]): NewEntry[] {
    const rows = entries.map((entry) => ({ ...entry, leased: !this.stopped && this.reserve(entry.subscriptionId) }));
    if (this.heldCount >= HELD_MAX) this.limited = true;
    return rows;
  }

  /** Sends the claimed ones of rows just written (their ids by keyOf). */
  sendReserved(rows: NewEntry[], ids: Map<string, string>): void {
    for (const row of rows) if (row.leased) this.send({ ...row, id: ids.get(keyOf(row))! });
  }

  /** Gives back the places of rows that were not written. */
  releaseReserved(rows: NewEntry[]): void {
    for (const row of rows) if (row.leased) this.release(row.subscriptionId);
  }

  /** Claims and starts what is due; a call during a claim makes one more claim after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimAll().finally(() => (this.claiming = null));
  }

  private async claimAll(): Promise<void> {
    do {
      this.again = false;
      const room = HELD_MAX - this.heldCount;
      if (room <= 0) {
        this.limited = true;
        return;
      }
      let claimed: ClaimedDelivery[];
      try {
        claimed = await this.outbox.claim(
          room,
          this.held,
          this.appConfig.webhookSubscriptionConcurrency,
          this.appConfig.webhookLeaseMs,
        );
      } catch (error) {
        // The sweep tries again; the rows wait in PostgreSQL.
        this.logger.error(`Claiming deliveries failed: ${describeError(error)}`);
        return;
      }
      for (const delivery of claimed) this.start(delivery);
      this.limited = claimed.length === room;
      if (this.limited) this.again = true;
    } while (this.again && !this.stopped);
  }

  /** Takes a place for one delivery of the subscription, if this instance has one. */
  private reserve(subscriptionId: string): boolean {
    const held = this.held.get(subscriptionId) ?? 0;
    if (this.heldCount >= HELD_MAX || held >= this.appConfig.webhookSubscriptionConcurrency) return false;
    this.held.set(subscriptionId, held + 1);
    this.heldCount++;
    return true;
  }

  private release(subscriptionId: string): void {
    const left = this.held.get(subscriptionId)! - 1;
    if (left) this.held.set(subscriptionId, left);
    else this.held.delete(subscriptionId);
    this.heldCount--;
  }

  private start(delivery: ClaimedDelivery): void {
    this.held.set(delivery.subscriptionId, (this.held.get(delivery.subscriptionId) ?? 0) + 1);
    this.heldCount++;
    this.send(delivery);
  }

  /** Sends a delivery whose place is taken; the place is given back when it ends. */
  private send(delivery: ClaimedDelivery): void {
    const sent: Promise<void> = this.delivery
      .deliverQueued(delivery)
      .then(
        () => this.outbox.finished(delivery.id),
        // Not attempted (its subscription could not be read): claimed again once the lease ends.
        (error) => this.logger.error(`Delivering ${delivery.event} failed: ${describeError(error)}`),
      )
      .finally(() => {
        this.inFlight.delete(sent);
        const wasFull = this.held.get(delivery.subscriptionId)! >= this.appConfig.webhookSubscriptionConcurrency;
        this.release(delivery.subscriptionId);
        if (this.limited || wasFull) this.reclaimSoon();
      });
    this.inFlight.add(sent);
  }

  private reclaimSoon(): void {
    if (this.reclaimTimer || this.stopped) return;
    this.reclaimTimer = setTimeout(() => {
      this.reclaimTimer = null;
      this.wake();
    }, RECLAIM_DELAY_MS);
  }
}
