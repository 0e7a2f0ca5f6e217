import { Injectable } from '@nestjs/common';
import type { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { OutageLog } from '../logging/outage-log';
import { Metrics } from './metrics';

/**
 * Gives every PostgreSQL pool and Redis client of the service an `'error'` listener: an emitter with
 * none turns a lost connection into an uncaught exception (node-postgres: "Connection terminated
 * unexpectedly" ends the process) or a console line per retry (ioredis: "Unhandled error event").
 * The clients reconnect by themselves; this logs each outage once (see OutageLog) and counts the errors.
 */
@Injectable()
export class ConnectionWatch {
  private readonly logs = new Map<string, OutageLog>();

  constructor(private readonly metrics: Metrics) {}

  /**
   * A pool's connections, idle or checked out: a checked-out client has no listener of the pool's, and
   * its connection may die between two statements. The query in flight fails on its own; the owner
   * releases the client as broken.
   */
  pool(pool: Pool, client: string): void {
    const log = this.log(client);
    pool.on('connect', (connection: PoolClient) => {
      connection.on('error', (error) => log.failed(error));
      log.recovered();
    });
    // Idle clients' errors reach the pool too; the connection's own listener has counted them.
    pool.on('error', () => undefined);
  }

  /** An ioredis client: it reconnects by itself and replays what is queued. */
  redis(redis: EventEmitter, client: string): void {
    const log = this.log(client);
    redis.on('error', (error: Error) => log.failed(error));
    redis.on('ready', () => log.recovered());
  }

  /** A BullMQ queue or worker, which passes its connections' errors on. */
  bull(emitter: EventEmitter, client: string): void {
    const log = this.log(client);
    emitter.on('error', (error: Error) => log.failed(error));
  }

  /** A command that failed because its client is cut off (logged and counted with the client's outage). */
  failed(client: string, error: unknown): void {
    this.log(client).failed(error);
  }

  private log(client: string): OutageLog {
    let log = this.logs.get(client);
    if (!log) {
      log = new OutageLog(client, () => this.metrics.connectionErrors.inc({ client }));
      this.logs.set(client, log);
    }
    return log;
  }
}
