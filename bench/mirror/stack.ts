import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { postJson } from '../support/app-process';

export { askChild, startChild } from '../support/app-process';

/** What bench/mirror.ts and bench/soak.ts share beyond bench/support/app-process.ts: the mirror's bot, the recorded count. */

/** A confirmed user (the confirmation is set in SQL: the bench has no mail) on the uncapped business plan, binding the bench bot. */
export async function bindBenchBot(baseUrl: string, databaseUrl: string, botToken: string): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'bench-password';
  await postJson(`${baseUrl}/api/auth/register`, { email, password });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`UPDATE users SET email_confirmed_at = now(), tariff = 'business' WHERE email = $1`, [email]);
  await db.end();
  const { token } = (await postJson(`${baseUrl}/api/auth/login`, { email, password })) as { token: string };
  const bot = (await postJson(
    `${baseUrl}/api/bots`,
    { platform: 'telegram', name: 'Bench', token: botToken },
    token,
  )) as { id: string };
  return bot.id;
}

/** Facts are recorded after the answers: waits until the count stops growing (at most 60 s). */
export async function countRecorded(databaseUrl: string, botId: string, expected: number): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let last = -1;
    for (let waited = 0; waited < 60_000; waited += 1000) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'out'`,
        [botId],
      );
      const count = (rows[0] as { n: number }).n;
      if (count >= expected || count === last) return count;
      last = count;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return last;
  } finally {
    await db.end();
  }
}

/** The PostgreSQL backends serving the app's database (its pooled connections). */
export async function backendPids(databaseUrl: string): Promise<number[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    const { rows } = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
      name,
    ]);
    return rows.map((row: { pid: number }) => row.pid);
  } finally {
    await db.end();
  }
}
