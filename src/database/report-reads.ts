import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { describeError } from '../logging/describe-error';
import { ConnectionWatch } from '../metrics/connection-watch';
import { Metrics } from '../metrics/metrics';
import { isDatabaseUnavailable, isTransient } from './database-errors';
import { REPLICA_STATE_SQL, ReplicaLag } from './replica-lag';

/** What a report's query object reads with: a statement's rows. The app's DataSource fits too (the medium tests). */
export interface ReadQueries {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

/** What a CSV download reads with: a pool to hold a connection of for the whole COPY. */
export interface ReadPools {
  withPool<T>(read: (pool: Pool) => Promise<T>): Promise<T>;
}

/** The ORM's pg pool under TypeORM, for what needs a connection of its own (a COPY). */
export function poolOf(db: DataSource): Pool {
  return (db.driver as unknown as { master: Pool }).master;
}

/** Every read on the DataSource's own server: without a replica, and in the medium tests. */
export function primaryReads(db: DataSource): ReadQueries & ReadPools {
  return { query: (sql, params) => db.query(sql, params), withPool: (read) => read(poolOf(db)) };
}

/** A replica that takes longer than this to connect or to answer its lag check counts as unreachable. */
const REPLICA_TIMEOUT_MS = 2000;
const REPLICA_POOL_SIZE = 10;

type Target = 'replica' | 'primary';

/**
 * Where the read-only reports read (issue 30): the streaming replica of DATABASE_REPLICA_URL while it answers and
 * its lag is within REPLICA_MAX_LAG_MS, else the primary. Only reports whose answers may trail the writes by that
 * much come here; what a request reads back of what it or its user just wrote stays on the DataSource.
 * The lag is measured every REPLICA_LAG_CHECK_MS; each switch is logged once. A read the replica fails because it
 * went away (or cancelled for a conflict with replay) is sent once more to the primary, so the replica's going
 * costs no request.
 */
@Injectable()
export class ReportReads implements ReadQueries, ReadPools, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReportReads');
  private readonly replica: Pool | null;
  private readonly lag = new ReplicaLag();
  private onReplica = false;
  /** Why reads are where they are, for the log line of the next switch; null before the first check. */
  private state: string | null = null;
  private checking: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    watch: ConnectionWatch,
  ) {
    // A worker serves no reports: it keeps to the primary, with no pool or checks of the replica.
    if (!config.databaseReplicaUrl || config.processRole === 'worker') {
      this.replica = null;
      return;
    }
    this.replica = new Pool({
      connectionString: config.databaseReplicaUrl,
      max: REPLICA_POOL_SIZE,
      connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
      // A hot standby refuses writes anyway; this keeps a writable server given by mistake read-only for us too.
      options: '-c default_transaction_read_only=on',
    });
    watch.pool(this.replica, 'PostgreSQL (replica)');
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.replica) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.config.replicaLagCheckMs).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    await this.replica?.end();
  }

  query<T = unknown>(sql: string, params?: unknown[]): Promise<T> {
    return this.read(
      (replica) =>
        replica.query(sql, params).then(
          (result) => result.rows as T,
          // As the DataSource reports a refused statement, so the error filter reads both alike.
          (error: unknown) => Promise.reject(isDatabaseUnavailable(error) ? error : wrap(sql, params, error)),
        ),
      () => this.db.query<T>(sql, params),
    );
  }

  withPool<T>(read: (pool: Pool) => Promise<T>): Promise<T> {
    return this.read(read, () => read(poolOf(this.db)));
  }

  private async read<T>(onReplica: (replica: Pool) => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
    if (!this.replica || !this.onReplica) return this.counted('primary', onPrimary);
    try {
      return await this.counted('replica', () => onReplica(this.replica!));
    } catch (error) {
      // A query cancelled for a conflict with replay is 40001 (isTransient): the primary has no such conflict.
      if (!isDatabaseUnavailable(error) && !isTransient(error)) throw error;
      if (isDatabaseUnavailable(error)) this.switchTo(false, `the replica failed a read: ${describeError(error)}`);
      return this.counted('primary', onPrimary);
    }
  }

  private counted<T>(target: Target, read: () => Promise<T>): Promise<T> {
    this.metrics.reportReads.inc({ target });
    return read();
  }

  /** One check at a time: a replica slower than the interval is not asked twice. */
  private check(): Promise<void> {
    this.checking ??= this.measure().finally(() => (this.checking = null));
    return this.checking;
  }

  private async measure(): Promise<void> {
    try {
      const {
        rows: [row],
      } = await this.replica!.query<{ recovering: boolean; caught_up: boolean; replay_age: number | null }>({
        text: REPLICA_STATE_SQL,
        query_timeout: REPLICA_TIMEOUT_MS,
      } as { text: string });
      const seconds = this.lag.observe({
        recovering: row.recovering,
        caughtUp: row.caught_up,
        replayAgeSeconds: row.replay_age,
      });
      this.metrics.replicaUp.set(1);
      this.metrics.replicaLag.set(seconds);
      const within = seconds * 1000 <= this.config.replicaMaxLagMs;
      this.switchTo(
        within,
        `replica lag ${seconds.toFixed(2)} s ${within ? 'within' : 'over'} REPLICA_MAX_LAG_MS (${this.config.replicaMaxLagMs})`,
      );
    } catch (error) {
      this.lag.reset();
      this.metrics.replicaUp.set(0);
      this.switchTo(false, `the replica cannot be reached: ${describeError(error)}`);
    }
  }

  private switchTo(onReplica: boolean, why: string): void {
    const first = this.state === null;
    this.state = why;
    if (!first && onReplica === this.onReplica) return;
    this.onReplica = onReplica;
    if (onReplica) this.logger.log(`Report reads go to the replica: ${why}`);
    else this.logger.warn(`Report reads go to the primary: ${why}`);
  }
}

function wrap(sql: string, params: unknown[] | undefined, error: unknown): unknown {
  return error instanceof Error ? new QueryFailedError(sql, params, error) : error;
}
