import { Client } from 'pg';

/** The environment variable that names the run's migrated template database (set by test/support/global-setup). */
export const TEMPLATE_DATABASE_ENV = 'BOTLENS_TEST_TEMPLATE_DATABASE';

/** The server's maintenance database on the same server as `databaseUrl`. */
export function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function onServer(databaseUrl: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: maintenanceUrl(databaseUrl) });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Creates the database of `databaseUrl` as a copy of the run's migrated template (a file copy, ~0.1 s,
 * instead of running every migration again). Without a template (a file run outside jest's global setup)
 * it does nothing, and the app creates and migrates the database itself, as on a fresh machine.
 */
export async function createFromTemplate(databaseUrl: string): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) return;
  const create = `CREATE DATABASE ${quoted(databaseName(databaseUrl))} TEMPLATE ${quoted(template)}`;
  await onServer(databaseUrl, create).catch((error: { code?: string }) => {
    // A second app of the same run on the same database (a restart, a fleet) finds it made already.
    if (error.code !== '42P04') throw error;
  });
}

/** Drops a test database, closing whatever still holds it open. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, `DROP DATABASE IF EXISTS ${quoted(databaseName(databaseUrl))} WITH (FORCE)`);
}
