import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { migrateDatabase } from './database/prepare-database';
import { describeError } from './logging/describe-error';

/**
 * `npm run migrate` (built: `node dist/src/migrate.js`): creates the database named in DATABASE_URL
 * when it is missing and applies pending migrations under the same lock the app takes at start, for
 * deploys that migrate in a step of their own (then run the app with MIGRATE_ON_START=false).
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = new URL(config.databaseUrl).pathname.slice(1);
  const applied = await migrateDatabase(config);
  for (const name of applied) process.stdout.write(`Applied ${name}\n`);
  process.stdout.write(
    applied.length
      ? `${database}: ${applied.length} migrations applied\n`
      : `${database}: up to date, nothing to apply\n`,
  );
}

migrate().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : describeError(error);
  process.stderr.write(`Botlens cannot migrate: ${message}\n`);
  process.exit(1);
});
