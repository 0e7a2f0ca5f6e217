import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';

/** The pieces bench/mirror.ts and bench/soak.ts both start: child processes, the bench bot, the recorded count. */

export interface Started {
  child: ChildProcess;
  port: number;
}

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

async function postJson(url: string, body: unknown, session?: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
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

export function startChild(
  file: string,
  env: Record<string, string>,
  children: ChildProcess[],
  nodeOptions: string[] = [],
): Promise<Started> {
  const child = fork(file, [], {
    execArgv: [...nodeOptions, '-r', join(__dirname, 'transpile.js')],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code}`)));
  });
}

export function askChild<T>(child: ChildProcess, question: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(question as object);
  });
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
