import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LatencyHistogram } from './latency-histogram';
import type { JobType, Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

const QUEUE_STATES: JobType[] = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
  'paused',
];
/** A scrape waits this long for a queue's counts (ioredis holds commands while Redis is away). */
const QUEUE_COUNT_TIMEOUT_MS = 2_000;

const PLATFORMS = ['telegram', 'max'] as const;
const MIRROR_OUTCOMES = ['ok', 'client_error', 'bad_gateway', 'server_error', 'aborted'] as const;
export type MirrorOutcome = (typeof MIRROR_OUTCOMES)[number];
const PROXY_OUTCOMES = ['forwarded', 'target_failed', 'stored', 'refused', 'unavailable', 'error'] as const;
export type ProxyOutcome = (typeof PROXY_OUTCOMES)[number];
export type WebhookOutcome = 'delivered' | 'rejected' | 'failed';
export type BroadcastSendOutcome = 'sent' | 'rate_limited' | 'blocked' | 'failed';
const LINK_OUTCOMES = ['clicked', 'not_counted', 'not_found', 'unavailable'] as const;
export type LinkOutcome = (typeof LINK_OUTCOMES)[number];
const LINK_LOSSES = ['database_unavailable', 'refused'] as const;
export type LinkLoss = (typeof LINK_LOSSES)[number];

/**
 * The service's Prometheus registry and every metric it keeps, in one place. A registry of its own
 * (not prom-client's global one), so several apps in one test process never collide.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /**
   * Facts (messages, blocks) lost for good, which nobody will deliver again: `database_unavailable` (held
   * through an outage past the ingest's buffer), `overload` (the buffer full while PostgreSQL is slow),
   * `poison` (data PostgreSQL refuses).
   */
  readonly factsUnrecorded = new Counter({
    name: 'botlens_ingest_facts_unrecorded_total',
    help: 'Facts taken from traffic that could not be recorded, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** Updates answered 200 without (all of) their facts, because PostgreSQL refused their data. */
  readonly updatesSkipped = new Counter({
    name: 'botlens_ingest_updates_skipped_total',
    help: 'Updates skipped because their data could not be stored, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** Errors of the service's PostgreSQL and Redis connections (a reconnect follows each). */
  readonly connectionErrors = new Counter({
    name: 'botlens_connection_errors_total',
    help: 'Errors raised by PostgreSQL and Redis connections, by client',
    labelNames: ['client'] as const,
    registers: [this.registry],
  });

  /**
   * Mirrored calls by how they ended: `ok` (answered below 400), `client_error` (4xx: the platform's or the
   * mirror's refusal), `bad_gateway` (502: the platform could not be reached or timed out), `server_error`
   * (other 5xx), `aborted` (the client left before the answer was sent).
   */
  readonly mirrorRequests = new Counter({
    name: 'botlens_mirror_requests_total',
    help: 'Mirrored platform calls, by platform and outcome',
    labelNames: ['platform', 'outcome'] as const,
    registers: [this.registry],
    collect: () => this.flushMirrorCounts(),
  });

  /**
   * From the request's arrival to the last byte of its answer (long polls included: they end by their own timeout).
   * Kept by LatencyHistogram, not prom-client's, for the mirror's per-call cost.
   */
  readonly mirrorDuration = new LatencyHistogram(
    'botlens_mirror_request_duration_seconds',
    'Time from a mirrored call arriving to its answer being sent, by platform',
    'platform',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  );

  /** Mirror calls counted since the last scrape, by `platform:outcome`; the scrape adds them to mirrorRequests. */
  private readonly mirrorPending = new Map<string, number>();

  /**
   * Updates the proxy receiver took: `forwarded` (committed, target answered 2xx), `target_failed` (committed,
   * the target failed: the platform still got 200), `stored` (committed, no target to forward to), `refused`
   * (4xx: unknown bot or secret, deactivated, bad body), `unavailable` (503: not committed, the platform delivers
   * again), `error` (500).
   */
  readonly proxyUpdates = new Counter({
    name: 'botlens_proxy_updates_total',
    help: 'Updates received by the proxy webhook, by platform and outcome',
    labelNames: ['platform', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Facts committed by the ingest: `message_in`, `message_out`, `blocked`, `unblocked`, `button_press`, `payment`, `refund`. */
  readonly ingestFacts = new Counter({
    name: 'botlens_ingest_facts_total',
    help: 'Facts committed to PostgreSQL, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly ingestBatchFacts = new Histogram({
    name: 'botlens_ingest_batch_facts',
    help: 'Facts per ingest transaction',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
    registers: [this.registry],
  });

  readonly ingestCommitDuration = new Histogram({
    name: 'botlens_ingest_commit_duration_seconds',
    help: 'Time to write and commit one ingest transaction',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /** Event deliveries to subscribers: `delivered` (2xx), `rejected` (another status), `failed` (network error or timeout). */
  readonly webhookDeliveries = new Counter({
    name: 'botlens_webhook_deliveries_total',
    help: 'Signed event deliveries to subscribers, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /**
   * Broadcast calls to the platforms: `sent`, `rate_limited` (429 or a file not ready: tried again), `blocked`
   * (403: the contact blocked the bot), `failed` (any other refusal, or the platform unreachable).
   */
  readonly broadcastSends = new Counter({
    name: 'botlens_broadcast_sends_total',
    help: 'Broadcast sends to the platforms, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /**
   * Requests to `/l/…` by how they were answered: `clicked` (a redirect with its click committed, or held while
   * PostgreSQL is away), `not_counted` (a redirect without a click: HEAD, a link-preview robot, a deactivated
   * bot's link), `not_found` (404: unknown or deleted code), `unavailable` (503: a code not in memory while
   * PostgreSQL is away).
   */
  readonly linkRequests = new Counter({
    name: 'botlens_link_requests_total',
    help: 'Requests to tracked links, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /**
   * Clicks answered with their redirect but never stored: `database_unavailable` (held through an outage past the
   * buffer, or still held at shutdown), `refused` (PostgreSQL refused the batch).
   */
  readonly linkClicksUnrecorded = new Counter({
    name: 'botlens_link_clicks_unrecorded_total',
    help: 'Clicks on tracked links that were answered but could not be recorded, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly ingestJournalBytes = new Gauge({
    name: 'botlens_ingest_journal_bytes',
    help: "Bytes of facts waiting in the ingest's journal on disk for PostgreSQL",
    registers: [this.registry],
  });

  /** The streaming replica's replay lag as last measured (src/database/report-reads.ts); unset without a replica. */
  readonly replicaLag = new Gauge({
    name: 'botlens_replica_lag_seconds',
    help: "The read replica's replay lag as last measured, in seconds",
    registers: [this.registry],
  });

  /** 1 while the replica answers its lag check, 0 while it cannot be reached. */
  readonly replicaUp = new Gauge({
    name: 'botlens_replica_up',
    help: 'Whether the read replica answered its last lag check',
    registers: [this.registry],
  });

  /** Report reads by the server that answered them (a read retried on the primary counts on both). */
  readonly reportReads = new Counter({
    name: 'botlens_report_reads_total',
    help: 'Reads of the read-only reports, by the server they were sent to',
    labelNames: ['target'] as const,
    registers: [this.registry],
  });

  private readonly queues = new Map<string, Queue>();

  /** BullMQ jobs by queue and state, read from Redis at each scrape (nothing is counted on the job paths). */
  readonly queueJobs = new Gauge({
    name: 'botlens_queue_jobs',
    help: 'BullMQ jobs by queue and state, read at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
    collect: () => this.collectQueues(),
  });

  private openAlerts: (() => Promise<Array<{ kind: string; count: number }>>) | null = null;

  /** Open bot alerts by kind (issue 27), read from the database at each scrape, so every instance reports the fleet's. */
  readonly botAlertsOpen = new Gauge({
    name: 'botlens_bot_alerts_open',
    help: 'Open bot alerts by kind, read at scrape time',
    labelNames: ['kind'] as const,
    registers: [this.registry],
    collect: () => this.collectOpenAlerts(),
  });

  private defaultPartitionRows: (() => Promise<number>) | null = null;

  /**
   * Rows in `messages_default`, read at each scrape: messages whose time no month partition holds yet. The hourly
   * cleanup moves them into months of their own; a figure that stays above 0 means that job is not running.
   */
  readonly messagesDefaultPartitionRows = new Gauge({
    name: 'botlens_messages_default_partition_rows',
    help: 'Rows in the default partition of messages (times no month partition holds yet), read at scrape time',
    registers: [this.registry],
    collect: () => this.collectDefaultPartitionRows(),
  });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.registry.registerMetric(this.mirrorDuration.asMetric());
    // Process figures (memory, CPU, event loop) only where someone can read them.
    if (config.metricsPort !== 0) collectDefaultMetrics({ register: this.registry });
    // Every reason shows from the start, at 0, so a rate over it is defined before the first loss.
    for (const reason of ['database_unavailable', 'overload', 'journal_full', 'poison'])
      this.factsUnrecorded.inc({ reason }, 0);
    this.updatesSkipped.inc({ reason: 'poison' }, 0);
    for (const platform of PLATFORMS) {
      for (const outcome of MIRROR_OUTCOMES) this.mirrorRequests.inc({ platform, outcome }, 0);
      for (const outcome of PROXY_OUTCOMES) this.proxyUpdates.inc({ platform, outcome }, 0);
    }
    for (const kind of ['message_in', 'message_out', 'blocked', 'unblocked', 'button_press', 'payment', 'refund'])
      this.ingestFacts.inc({ kind }, 0);
    for (const outcome of ['delivered', 'rejected', 'failed']) this.webhookDeliveries.inc({ outcome }, 0);
    for (const outcome of ['sent', 'rate_limited', 'blocked', 'failed']) this.broadcastSends.inc({ outcome }, 0);
    for (const outcome of LINK_OUTCOMES) this.linkRequests.inc({ outcome }, 0);
    for (const reason of LINK_LOSSES) this.linkClicksUnrecorded.inc({ reason }, 0);
    for (const target of ['replica', 'primary']) this.reportReads.inc({ target }, 0);
  }

  /**
   * One mirrored call ended. The mirror's hot path: two additions on plain numbers and a bucket search
   * (prom-client's counter and histogram children cost ~300 and ~600 ns a call); the scrape reads them.
   */
  mirrorCall(platform: 'telegram' | 'max', outcome: MirrorOutcome, seconds: number): void {
    const key = `${platform}:${outcome}`;
    this.mirrorPending.set(key, (this.mirrorPending.get(key) ?? 0) + 1);
    this.mirrorDuration.observe(platform, seconds);
  }

  private flushMirrorCounts(): void {
    for (const [key, count] of this.mirrorPending) {
      const [platform, outcome] = key.split(':');
      this.mirrorRequests.inc({ platform, outcome }, count);
    }
    this.mirrorPending.clear();
  }

  /** A queue whose job counts the scrape reports (QueueWatch registers every queue of the app). */
  watchQueue(queue: Queue): void {
    this.queues.set(queue.name, queue);
  }

  /** How the scrape counts open alerts (the health module registers it; without it the gauge stays empty). */
  countOpenAlertsWith(count: () => Promise<Array<{ kind: string; count: number }>>): void {
    this.openAlerts = count;
  }

  /** How the scrape counts the default partition's rows (the cleanup module registers it). */
  countDefaultPartitionRowsWith(count: () => Promise<number>): void {
    this.defaultPartitionRows = count;
  }

  private async collectDefaultPartitionRows(): Promise<void> {
    if (!this.defaultPartitionRows) return;
    try {
      this.messagesDefaultPartitionRows.set(await withTimeout(this.defaultPartitionRows(), QUEUE_COUNT_TIMEOUT_MS));
    } catch {
      // The database away: the last figure stays.
    }
  }

  private async collectOpenAlerts(): Promise<void> {
    if (!this.openAlerts) return;
    try {
      const counts = await withTimeout(this.openAlerts(), QUEUE_COUNT_TIMEOUT_MS);
      for (const kind of ['silence', 'errors', 'target', 'polling']) this.botAlertsOpen.set({ kind }, 0);
      for (const { kind, count } of counts) this.botAlertsOpen.set({ kind }, count);
    } catch {
      // The database away: the last figures stay.
    }
  }

  private async collectQueues(): Promise<void> {
    this.queueJobs.reset();
    await Promise.all(
      [...this.queues.values()].map(async (queue) => {
        try {
          const counts = await withTimeout(queue.getJobCounts(...QUEUE_STATES), QUEUE_COUNT_TIMEOUT_MS);
          for (const state of QUEUE_STATES) this.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
        } catch {
          // Redis away: the queue is left out of this scrape (its connection errors are counted already).
        }
      }),
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
