import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/data-source-options';
import { migrateDatabase } from '../../../src/database/prepare-database';
import { dropDatabase } from '../../e2e/support/stores';

const SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A migrated database of this test alone, with the ORM's DataSource on it (what the services take). */
export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  /** Runs `close` after the test, before the database is dropped (services with pools of their own). */
  closeBeforeDrop(close: () => Promise<void>): void;
}

/**
 * Gives every test of the file a fresh, migrated database and drops it afterwards. The file migrates one
 * template database once; each test gets a copy of it (CREATE DATABASE … TEMPLATE, a file copy), so a test
 * sees only its own rows and the migrations run once per file rather than once per test.
 */
export function useFreshDatabase(): TestDatabase {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `botlens_medium_${runId}`;
  let copies = 0;
  let closers: Array<() => Promise<void>> = [];
  const current = { closeBeforeDrop: (close) => void closers.push(close) } as TestDatabase;

  beforeAll(async () => {
    await migrateDatabase({ databaseUrl: databaseUrl(template) });
  });

  beforeEach(async () => {
    const name = `${template}_${++copies}`;
    await onServer(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    current.url = databaseUrl(name);
    current.dataSource = new DataSource({ ...dataSourceOptions({ databaseUrl: current.url }), extra: { max: 4 } });
    await current.dataSource.initialize();
  });

  afterEach(async () => {
    for (const close of closers.reverse()) await close();
    closers = [];
    await current.dataSource?.destroy();
    if (current.url) await dropDatabase(current.url);
  });

  afterAll(async () => {
    await dropDatabase(databaseUrl(template));
  });

  return current;
}
