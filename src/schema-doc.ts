import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from './database/prepare-database';
import { describeSchema, SCHEMA_DOC_PATH } from './database/schema-doc';
import { describeError } from './logging/describe-error';

/**
 * `npm run schema:doc [-- postgres://server]`: migrates a scratch database on the server (the local one by
 * default), writes the shape of its tables to docs/schema.md and drops it again. Run it after adding a migration.
 */
async function writeSchemaDoc(serverUrl: string): Promise<void> {
  const url = new URL(serverUrl);
  const scratch = `botlens_schema_doc_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${scratch}`;
  try {
    await migrateDatabase({ databaseUrl: url.toString() });
    const target = join(process.cwd(), SCHEMA_DOC_PATH);
    writeFileSync(target, await describeSchema(url.toString()));
    process.stdout.write(`Wrote ${SCHEMA_DOC_PATH}\n`);
  } finally {
    url.pathname = '/postgres';
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}

writeSchemaDoc(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres').catch((error: unknown) => {
  process.stderr.write(`Botlens cannot write the schema doc: ${describeError(error)}\n`);
  process.exit(1);
});
