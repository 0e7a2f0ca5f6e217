import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/data-source-options';
import { migrateDatabase } from '../../../src/database/prepare-database';
import { createFromTemplate, dropDatabase, TEMPLATE_DATABASE_ENV } from '../../support/template-database';

const SERVER = 'postgres://postgres@127.0.0.1:5432';

/** A migrated database of this test alone, with the ORM's DataSource on it (what the services take). */
export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  /** Runs `close` after the test, before the database is dropped (services with pools of their own). */
  closeBeforeDrop(close: () => Promise<void>): void;
}

/**
 * Gives every test of the file a fresh, migrated database and drops it afterwards: a copy (CREATE DATABASE …
 * TEMPLATE, a file copy) of the run's template that jest's global setup migrated once, so a test sees only its
 * own rows and no test runs the migrations. A file run without the global setup migrates a template of its own.
 *
 * `perDescribe`: one copy for all the tests of the describe, made before its first test and dropped after its last,
 * for tests that only read what the describe's `beforeAll` arranged, or that each write only to a bot of their own:
 * they stay independent because no test reads what another wrote.
 */
export function useFreshDatabase(options: { perDescribe?: boolean } = {}): TestDatabase {
  const [before, after] = options.perDescribe ? [beforeAll, afterAll] : [beforeEach, afterEach];
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let ownTemplate: string | null = null;
  let copies = 0;
  let closers: Array<() => Promise<void>> = [];
  const current = { closeBeforeDrop: (close) => void closers.push(close) } as TestDatabase;

  beforeAll(async () => {
    if (process.env[TEMPLATE_DATABASE_ENV]) return;
    ownTemplate = `botlens_medium_${runId}`;
    await migrateDatabase({ databaseUrl: `${SERVER}/${ownTemplate}` });
    process.env[TEMPLATE_DATABASE_ENV] = ownTemplate;
  });

  before(async () => {
    current.url = `${SERVER}/botlens_medium_${runId}_${++copies}`;
    await createFromTemplate(current.url);
    current.dataSource = new DataSource({ ...dataSourceOptions({ databaseUrl: current.url }), extra: { max: 4 } });
    await current.dataSource.initialize();
  });

  after(async () => {
    for (const close of closers.reverse()) await close();
    closers = [];
    await current.dataSource?.destroy();
    if (current.url) await dropDatabase(current.url);
  });

  afterAll(async () => {
    if (!ownTemplate) return;
    delete process.env[TEMPLATE_DATABASE_ENV];
    await dropDatabase(`${SERVER}/${ownTemplate}`);
  });

  return current;
}
