import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSchema, SCHEMA_DOC_PATH } from '../../src/database/schema-doc';
import { useFreshDatabase } from './support/database';

describe('docs/schema.md', () => {
  const db = useFreshDatabase();

  it('shows the tables exactly as the migrations leave them (else run `npm run schema:doc`)', async () => {
    const written = readFileSync(join(__dirname, '../..', SCHEMA_DOC_PATH), 'utf8');
    expect(await describeSchema(db.url)).toBe(written);
  });
});
