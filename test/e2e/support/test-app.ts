import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import type { AppModuleOptions } from '../../../src/app.module';
import { AppConfig, loadConfig } from '../../../src/config/config';
import { createApp } from '../../../src/create-app';
import { FakeMax, FakeTelegram, SmtpCatcher } from '../../fakes';
import { deleteRedisKeys, dropDatabase } from './stores';

export const ADMIN = { email: 'admin@botlens.test', password: 'admin-password' };

export interface TestApp {
  app: NestExpressApplication;
  url: string;
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
    // Parallel test apps would fight over the metrics port; a test that reads metrics picks a free one.
    METRICS_PORT: '0',
  };
}

/**
 * Boots the real service on a fresh PostgreSQL database (created by the app itself, as on a fresh
 * machine) and the real Redis under a key prefix of its own, against fake platforms and a real SMTP catcher.
 */
export async function startTestApp(env: Record<string, string> = {}, options: AppModuleOptions = {}): Promise<TestApp> {
  const [telegram, max, smtp] = await Promise.all([FakeTelegram.start(), FakeMax.start(), SmtpCatcher.start()]);
  const config = loadConfig({ ...testEnv({ telegram, max, smtp }), ...env });
  const app = await createApp(config, options);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const db = new Client({ connectionString: config.databaseUrl });
  await db.connect();

  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    telegram,
    max,
    smtp,
    db,
    async close() {
      await app.close();
      await db.end();
      await Promise.all([telegram.close(), max.close(), smtp.close()]);
      await dropDatabase(config.databaseUrl);
      await deleteRedisKeys(config.redisUrl, config.redisKeyPrefix);
    },
  };
}
