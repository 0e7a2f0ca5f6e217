import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrations } from '../../migrations';
import { SpawnedStack } from './support/spawned-stack';

const MIGRATE = join(__dirname, '..', '..', 'dist', 'src', 'migrate.js');
/** Every migration's name, in the order TypeORM applies them (by the timestamp that ends the name). */
const ALL = migrations
  .map((migration) => migration.name)
  .sort((a, b) => Number(/\d+$/.exec(a)![0]) - Number(/\d+$/.exec(b)![0]));

/** Log lines at level error or above, and the start failures main.ts prints. */
const failures = (logs: string) =>
  logs.split('\n').filter((line) => /"level":(50|60)|Botlens (failed to|cannot) start/.test(line));

/** `npm run migrate` as a deploy step runs it: the built command on the run's environment. */
function runMigrate(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [MIGRATE], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('Migrations under a lock', () => {
  let stack: SpawnedStack;

  afterEach(async () => {
    await stack.close();
  });

  async function appliedMigrations(): Promise<Array<{ name: string; times: number }>> {
    const db = await stack.db();
    const rows = await db.query(`SELECT name, count(*)::int AS times FROM migrations GROUP BY name ORDER BY name`);
    return rows.rows;
  }

  it('three instances started together on a new, empty database all come up; the database is created once and each migration applied once', async () => {
    stack = await SpawnedStack.start({}, { emptyDatabase: true });
    const apps = await Promise.all([1, 2, 3].map(() => stack.startApp()));
    for (const app of apps) expect(await fetch(`${app.url}/health/ready`).then((res) => res.status)).toBe(200);
    expect(await appliedMigrations()).toEqual([...ALL].sort().map((name) => ({ name, times: 1 })));
    expect(apps.flatMap((app) => failures(app.logs))).toEqual([]);
  }, 120_000);

  it('`npm run migrate` creates the database, applies what is pending and names it; run again, it applies nothing', async () => {
    stack = await SpawnedStack.start({}, { emptyDatabase: true });
    const first = await runMigrate(stack.env);
    const database = new URL(stack.env.DATABASE_URL).pathname.slice(1);
    expect(first).toEqual({
      code: 0,
      stdout: [...ALL.map((name) => `Applied ${name}`), `${database}: ${ALL.length} migrations applied`, ''].join('\n'),
      stderr: '',
    });
    expect(await appliedMigrations()).toEqual([...ALL].sort().map((name) => ({ name, times: 1 })));
    expect(await runMigrate(stack.env)).toEqual({
      code: 0,
      stdout: `${database}: up to date, nothing to apply\n`,
      stderr: '',
    });
  }, 120_000);

  it('with MIGRATE_ON_START=false an instance refuses to start, in one line, until `npm run migrate` has run; then it starts', async () => {
    stack = await SpawnedStack.start({ MIGRATE_ON_START: 'false' }, { emptyDatabase: true });
    const database = new URL(stack.env.DATABASE_URL).pathname.slice(1);
    const howTo = 'run `npm run migrate` (node dist/src/migrate.js) first, or start with MIGRATE_ON_START=true';

    const missing = await stack.startApp({}, { waitReady: false });
    expect(await missing.exited).toEqual({ code: 1, signal: null });
    expect(missing.logs).toBe(`Botlens cannot start: database "${database}" does not exist; ${howTo}\n`);

    // An empty database (created by someone else): every migration is pending.
    const admin = new Client({ connectionString: stack.env.DATABASE_URL.replace(`/${database}`, '/postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const pending = await stack.startApp({}, { waitReady: false });
    expect(await pending.exited).toEqual({ code: 1, signal: null });
    expect(pending.logs).toBe(
      `Botlens cannot start: ${ALL.length} migrations are pending (${ALL.join(', ')}); ${howTo}\n`,
    );

    expect((await runMigrate(stack.env)).code).toBe(0);
    const app = await stack.startApp();
    expect(await fetch(`${app.url}/health/ready`).then((res) => res.status)).toBe(200);
    expect(failures(app.logs)).toEqual([]);
  }, 120_000);
});
