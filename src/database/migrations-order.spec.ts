import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from '../../migrations';

const dir = join(__dirname, '../../migrations');

/** The timestamp TypeORM orders by: the digits at the end of the class's `name`. */
function timestampOf(migration: (typeof migrations)[number]): number {
  const name = new migration().name ?? migration.name;
  const digits = /(\d{13})$/.exec(name);
  if (!digits) throw new Error(`migration ${name} has no 13-digit timestamp at the end of its name`);
  return Number(digits[1]);
}

describe('migrations/index.ts', () => {
  it('lists every migration file in migrations/ exactly once', () => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.spec.ts'))
      .map((file) => Number(file.split('-')[0]))
      .sort((a, b) => a - b);
    const listed = migrations.map(timestampOf).sort((a, b) => a - b);
    expect(listed).toEqual(files);
  });

  it('lists migrations in the order of their timestamps', () => {
    const listed = migrations.map(timestampOf);
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
    expect(new Set(listed).size).toBe(listed.length);
  });
});
