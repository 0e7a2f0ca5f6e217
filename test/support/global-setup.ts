import { randomBytes } from 'node:crypto';
import { ensureServiceBuilt } from './built-service';
import { TEMPLATE_DATABASE_ENV } from './template-database';

const SERVER = 'postgres://postgres@127.0.0.1:5432';

/**
 * Once per jest run of the medium, e2e and browser tiers: the service is built, and one database is migrated
 * as the template every test database is copied from. Jest's workers inherit the template's name through the
 * environment; global-teardown drops it.
 */
export default async function globalSetup(): Promise<void> {
  ensureServiceBuilt();
  const name = `botlens_template_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  // Required after the build: dist/ is what the tests run.
  const { migrateDatabase } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../dist/src/database/prepare-database') as typeof import('../../src/database/prepare-database');
  await migrateDatabase({ databaseUrl: `${SERVER}/${name}` });
  process.env[TEMPLATE_DATABASE_ENV] = name;
}
