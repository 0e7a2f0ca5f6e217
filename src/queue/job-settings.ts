import type { JobsOptions } from 'bullmq';
import type { AppConfig } from '../config/config';

/** Every BullMQ queue of the service. A queue registered under another name has no settings, and no worker. */
export const Queues = {
  broadcasts: 'broadcasts',
  webhookDeliveries: 'webhook-deliveries',
  mail: 'mail',
  cleanup: 'cleanup',
  funnelBackfill: 'funnel-backfill',
  botHealth: 'bot-health',
} as const;

export type QueueName = (typeof Queues)[keyof typeof Queues];

/** How one queue's jobs are taken and retried. */
export interface QueueSettings {
  /** Workers per instance: each takes jobs with its own Redis round trips. */
  workers: number;
  /** Jobs each worker runs at once. */
  concurrency: number;
  /** How long a job's lock lasts without renewal; a worker that died loses its jobs after it. */
  lockDurationMs: number;
  /** How often the stalled check moves jobs of dead workers back to the queue. */
  stalledIntervalMs: number;
  /** How many times a job may be moved back before it fails. */
  maxStalledCount: number;
  /** What every job added to the queue carries: attempts, backoff, how many finished jobs stay. */
  job: JobsOptions;
}

/** BullMQ's own lock and stalled-check timings, kept where nothing asks for others. */
const BULLMQ_LOCK_MS = 30_000;

/** The one place where workers' concurrency, locks and retries come from (with the configuration's values). */
export function queueSettings(config: AppConfig): Record<QueueName, QueueSettings> {
  const standard = { lockDurationMs: BULLMQ_LOCK_MS, stalledIntervalMs: BULLMQ_LOCK_MS, maxStalledCount: 1 };
  return {
    broadcasts: {
      // Broadcasts of different bots run side by side; each is paced on its own.
      workers: 1,
      concurrency: 16,
      // A test shortens these to about a second (BROADCAST_LOCK_DURATION_MS, BROADCAST_STALLED_INTERVAL_MS).
      lockDurationMs: config.broadcastLockDurationMs,
      stalledIntervalMs: config.broadcastStalledIntervalMs,
      // A broadcast should survive many restarts; every resume makes progress (recipients in flight settle as failed).
      maxStalledCount: 100,
      // A run that throws (e.g. the database went away) resumes later, where the last one stopped.
      job: { attempts: 5, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: 1000 },
    },
    'webhook-deliveries': {
      // A job only wakes the instance's outbox claimer (WebhookDeliveryWorkers): the deliveries are rows in
      // PostgreSQL, claimed in batches, so one job at a time is enough.
      workers: 1,
      concurrency: 1,
      ...standard,
      // A lost or failed wake-up costs nothing: the sweep claims the rows.
      job: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    },
    mail: {
      workers: 1,
      concurrency: 1,
      ...standard,
      job: { attempts: 8, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 },
    },
    cleanup: {
      workers: 1,
      concurrency: 1,
      ...standard,
      // A failed run is simply repeated by the next hourly one.
      job: { attempts: 1, removeOnComplete: true, removeOnFail: 100 },
    },
    'bot-health': {
      // One check of the fleet's alert rules at a time, whichever instance takes it (issue 27).
      workers: 1,
      concurrency: 1,
      ...standard,
      // A failed check is simply repeated by the next one.
      job: { attempts: 1, removeOnComplete: true, removeOnFail: 100 },
    },
    'funnel-backfill': {
      // Each backfill is a few heavy statements over a bot's history: one at a time per instance.
      workers: 1,
      concurrency: 1,
      ...standard,
      job: { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: 100 },
    },
  };
}
