import { Client } from 'pg';
import { DataSource, MigrationExecutor } from 'typeorm';
import { AppConfig } from '../config/config';
import { databaseOptions } from './database-options';

/**
 * Key of the PostgreSQL advisory lock that migrations run under ("botlens" read as ASCII bytes).
 * Advisory locks are per database, so instances of one deployment share it and other databases on
 * the same server are not held up.
 */
const MIGRATION_LOCK_KEY = '27713366358797939';

/** Start refused for a reason the operator fixes by deploying differently (printed as one line). */
export class StartRefusedError extends Error {}

/**
 * Before the app takes any traffic: with MIGRATE_ON_START (the default) creates the database named in
 * DATABASE_URL when it is missing and applies pending migrations, so `npm start` works on a fresh
 * machine; otherwise only checks that nothing is pending (a separate `migrate` step applies them).
 */
export async function prepareDatabase(config: Pick<AppConfig, 'databaseUrl' | 'migrateOnStart'>): Promise<void> {
  if (config.migrateOnStart) await migrateDatabase(config);
  else await refuseWhilePending(config);
}

/**
 * Creates the database when it is missing and applies pending migrations under an advisory lock, so
 * instances started together (or a `migrate` step racing one) apply each migration once: the others
 * wait for the lock and then find nothing pending. Returns the names of the migrations it applied.
 */
export async function migrateDatabase(config: Pick<AppConfig, 'databaseUrl'>): Promise<string[]> {
  await createDatabaseIfMissing(config.databaseUrl);
  const dataSource = new DataSource(databaseOptions(config));
  await dataSource.initialize();
  try {
    return await underMigrationLock(config.databaseUrl, async () => {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    });
  } finally {
    await dataSource.destroy();
  }
}

async function refuseWhilePending(config: Pick<AppConfig, 'databaseUrl'>): Promise<void> {
  const dataSource = new DataSource(databaseOptions(config));
  try {
    await dataSource.initialize();
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') {
      throw new StartRefusedError(`database "${databaseName(config.databaseUrl)}" does not exist; ${HOW_TO_MIGRATE}`);
    }
    throw error;
  }
  try {
    const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
    if (pending.length) {
      const names = pending.map((migration) => migration.name).join(', ');
      throw new StartRefusedError(`${pending.length} migrations are pending (${names}); ${HOW_TO_MIGRATE}`);
    }
  } finally {
    await dataSource.destroy();
  }
}

const HOW_TO_MIGRATE = 'run `npm run migrate` (node dist/src/migrate.js) first, or start with MIGRATE_ON_START=true';

/** Runs `work` while holding the migration lock on a connection of its own; a process that dies lets go with its session. */
async function underMigrationLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const lock = new Client({ connectionString: databaseUrl, application_name: 'botlens-migrations' });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lock.end();
  }
}

function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  return name;
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // Identifiers cannot be bound as parameters; quote it the way PostgreSQL does.
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        // Created meanwhile by another process: 42P04 when it had committed, 23505 when both were inserting the name.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await admin.end();
  }
}
