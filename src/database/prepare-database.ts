import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { dataSourceOptions } from './database-options';

/**
 * Creates the database named in DATABASE_URL when it is missing and applies pending migrations,
 * so `npm start` works on a fresh machine. Runs before the app takes any traffic.
 */
export async function prepareDatabase(config: Pick<AppConfig, 'databaseUrl'>): Promise<void> {
  await createDatabaseIfMissing(config.databaseUrl);
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // Identifiers cannot be bound as parameters; quote it the way PostgreSQL does.
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await admin.end();
  }
}
