import { rmSync, writeFileSync } from 'node:fs';
import { Client, QueryResultRow } from 'pg';
import WebSocket from 'ws';
import { AppConfig, loadConfig } from '../../../src/config/config';
import { FakeMax, FakeTelegram, SmtpCatcher } from '../../fakes';
import { createFromTemplate } from '../../support/template-database';
import { AppProcess } from './app-process';
import { freePort } from './ports';
import type { PrivatePostgres } from './private-postgres';
import type { PrivateRedis } from './private-redis';
import { deleteRedisKeys, dropDatabase } from './stores';
import { testEnv } from './test-app';

export interface SpawnedApp {
  process: AppProcess;
  url: string;
  config: AppConfig;
  telegram: FakeTelegram;
  max: FakeMax;
  smtp: SmtpCatcher;
  /** The metrics listener's /metrics address. */
  metricsUrl: string;
  /** One statement on the app's database over a connection of its own (none is kept, so an outage cannot break it). */
  sql<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** A metric's value from /metrics (a counter or gauge with these labels), 0 when it is not there. */
  metric(name: string, labels?: Record<string, string>): Promise<number>;
  /** A full garbage collection in the process (started with `inspect: true`), through its inspector. */
  collectGarbage(): Promise<void>;
  /** kill -9, then the same service started again on the same port, settings and stores (`process` is the new one). */
  restartAfterKill(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built service as a process of its own, against the fakes, on the machine's stores or on a
 * test's private PostgreSQL or Redis (which the test may stop), with its metrics listener on a free port.
 */
export async function startSpawnedApp(
  options: { postgres?: PrivatePostgres; redis?: PrivateRedis; env?: Record<string, string>; inspect?: boolean } = {},
): Promise<SpawnedApp> {
  const [telegram, max, smtp] = await Promise.all([FakeTelegram.start(), FakeMax.start(), SmtpCatcher.start()]);
  const env = testEnv({ telegram, max, smtp });
  if (options.postgres) env.DATABASE_URL = options.postgres.databaseUrl(new URL(env.DATABASE_URL).pathname.slice(1));
  if (options.redis) env.REDIS_URL = options.redis.url;
  const metricsPort = await freePort();
  Object.assign(env, { LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) }, options.env);
  // The inspector on a port of its own choosing, on loopback; the process prints where.
  if (options.inspect) env.NODE_OPTIONS = '--inspect=127.0.0.1:0';
  const config = loadConfig(env);
  // The machine's PostgreSQL has the run's migrated template to copy; a private one is migrated by the app.
  if (!options.postgres) await createFromTemplate(config.databaseUrl);
  let app = await AppProcess.start(env);
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

  return {
    get process() {
      return app;
    },
    url: app.url,
    config,
    telegram,
    max,
    smtp,
    metricsUrl,
    async sql<R extends QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
      const db = new Client({ connectionString: config.databaseUrl });
      db.on('error', () => undefined);
      await db.connect();
      try {
        return (await db.query<R>(text, values)).rows;
      } finally {
        await db.end();
      }
    },
    async metric(name: string, labels: Record<string, string> = {}): Promise<number> {
      const text = await (await fetch(metricsUrl)).text();
      return metricValue(text, name, labels);
    },
    async collectGarbage() {
      const address = /Debugger listening on (ws:\/\/\S+)/.exec(app.logs)?.[1];
      if (!address) throw new Error('the process was not started with inspect: true');
      const socket = new WebSocket(address);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      await new Promise<void>((resolve, reject) => {
        socket.on('message', (data) => (JSON.parse(String(data)).id === 1 ? resolve() : undefined));
        socket.once('error', reject);
        socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
      });
      socket.close();
    },
    async restartAfterKill() {
      await app.kill();
      app = await AppProcess.start({ ...env, PORT: String(app.port) });
    },
    async close() {
      await app.kill();
      // FAULT_LOGS=<file> keeps what the process wrote, for a failing run.
      if (process.env.FAULT_LOGS) writeFileSync(process.env.FAULT_LOGS, app.logs);
      // A test may have closed a fake itself (a platform that is down).
      await Promise.allSettled([telegram.close(), max.close(), smtp.close()]);
      rmSync(config.ingestJournalDir, { recursive: true, force: true });
      if (!options.postgres) await dropDatabase(config.databaseUrl);
      if (!options.redis) await deleteRedisKeys(config.redisUrl, config.redisKeyPrefix);
    },
  };
}

/** The value of one sample in Prometheus text format, 0 when it is absent. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = match[2] ? match[2].split(',') : [];
    if (wanted.every((pair) => given.includes(pair))) return Number(match[3]);
  }
  return 0;
}
