import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import type { AppModuleOptions } from '../../../src/app.module';
import { AppConfig, loadConfig } from '../../../src/config/config';
import { createApp } from '../../../src/create-app';
import { FakeMax, FakeTelegram, SmtpCatcher } from '../../fakes';
import { createFromTemplate } from '../../support/template-database';
import { RoundRobinBalancer } from './balancer';
import { deleteRedisKeys, dropDatabase } from './stores';

export const ADMIN = { email: 'admin@botlens.test', password: 'admin-password' };

export interface TestApp {
  /** The first instance; tests that reach into the service's internals reach into this one. */
  app: NestExpressApplication;
  /** Every instance of the run: just `app`, or `app` and a second one in fleet mode. */
  apps: NestExpressApplication[];
  /** Where tests talk HTTP: the only instance, or the round-robin balancer in front of both. */
  url: string;
  /** Each instance's own address, for a test that must reach one of them past the balancer. */
  instanceUrls: string[];
  /** The balancer in fleet mode (null with one instance). */
  balancer: RoundRobinBalancer | null;
  config: AppConfig;
  telegram: FakeTelegram;
  max: FakeMax;
  smtp: SmtpCatcher;
  /** A direct connection to this run's database, for arranging faults and checking what is stored. */
  db: Client;
  close(): Promise<void>;
}

/** A fresh run's settings: a database and a Redis key prefix of its own, the fakes as platforms and mail. */
export function testEnv(fakes: { telegram: FakeTelegram; max: FakeMax; smtp: SmtpCatcher }): Record<string, string> {
  const runId = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  return {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/botlens_test_${runId}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `botlens_test_${runId}`,
    TELEGRAM_API_URL: fakes.telegram.url,
    MAX_API_URL: fakes.max.url,
    SMTP_URL: fakes.smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_BASE_URL: 'https://botlens.test',
    // A journal of its own, so the ingest's overflow of one run is never replayed by another.
    INGEST_JOURNAL_DIR: join(tmpdir(), `botlens_journal_${runId}`),
    // Parallel test apps would fight over the metrics port; a test that reads metrics picks a free one.
    METRICS_PORT: '0',
    // argon2id at a test's cost: each app's start hashes twice (the login decoy, the admin) and most tests register
    // someone; at the production cost (64 MiB, 3 passes) that was ~0.15 s of CPU each, a large share of the suite's.
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_PASSES: '1',
    PASSWORD_HASH_LANES: '1',
  };
}

export interface TestAppOptions extends AppModuleOptions {
  /**
   * How many instances to boot on the run's one database, Redis prefix and fakes: by default
   * `E2E_INSTANCES` (1 unless set; 2 is fleet mode, behind a round-robin balancer). A spec that is
   * inherently single-instance passes 1 with a one-line reason next to it (listed in docs/testing.md).
   */
  instances?: number;
}

/** The instance count fleet mode asks for (`E2E_INSTANCES=2 npm run test:e2e:fleet`). */
export function requestedInstances(): number {
  const count = Number(process.env.E2E_INSTANCES ?? '1');
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_INSTANCES must be a positive integer, not ${count}`);
  return count;
}

/**
 * Boots the real service on a fresh PostgreSQL database (a copy of the run's migrated template; the app
 * checks its migrations as at every start) and the real Redis under a key prefix of its own, against fake platforms and a real SMTP catcher.
 * In fleet mode the further instances boot on the same stores and fakes, after the first has migrated,
 * and `url` is a round-robin balancer in front of them all.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { instances = requestedInstances(), ...moduleOptions } = options;
  const [telegram, max, smtp] = await Promise.all([FakeTelegram.start(), FakeMax.start(), SmtpCatcher.start()]);
  const runEnv = { ...testEnv({ telegram, max, smtp }), ...env };
  const config = loadConfig(runEnv);
  await createFromTemplate(config.databaseUrl);
  const apps: NestExpressApplication[] = [];
  const instanceUrls: string[] = [];
  for (let i = 0; i < instances; i += 1) {
    // Each instance gets its own config object, as separate processes would.
    // The OpenAPI document only for the files that ask for it: ~0.2 s of CPU per boot otherwise.
    const app = await createApp(i === 0 ? config : loadConfig(runEnv), {
      ...moduleOptions,
      openApiOnFirstRequest: true,
    });
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    instanceUrls.push(`http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`);
  }
  const balancer = instances > 1 ? await RoundRobinBalancer.start(instanceUrls) : null;
  const db = new Client({ connectionString: config.databaseUrl });
  await db.connect();

  return {
    app: apps[0],
    apps,
    url: balancer?.url ?? instanceUrls[0],
    instanceUrls,
    balancer,
    config,
    telegram,
    max,
    smtp,
    db,
    async close() {
      await balancer?.close();
      await Promise.all(apps.map((app) => app.close()));
      await db.end();
      await Promise.all([telegram.close(), max.close(), smtp.close()]);
      await dropDatabase(config.databaseUrl);
      await deleteRedisKeys(config.redisUrl, config.redisKeyPrefix);
    },
  };
}
