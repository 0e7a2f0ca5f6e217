import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { deleteRedisKeys } from '../../test/e2e/support/stores';

/** Plain transpiling loader for the benchmark's child processes (see bench/mirror/transpile.js). */
const TRANSPILE = join(__dirname, '..', 'mirror', 'transpile.js');

/**
 * A confirmed user (confirmed in SQL: the bench has no mail) with an analytics-only Telegram bot, on the
 * business plan so the free plan's monthly cap never stops recording mid-benchmark.
 */
export async function bindBenchBot(
  baseUrl: string,
  databaseUrl: string,
): Promise<{ id: string; proxyPath: string; session: string }> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'bench-password';
  await postJson(`${baseUrl}/api/auth/register`, { email, password });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`UPDATE users SET email_confirmed_at = now(), tariff = 'business' WHERE email = $1`, [email]);
  await db.end();
  const { token } = (await postJson(`${baseUrl}/api/auth/login`, { email, password })) as { token: string };
  const bot = (await postJson(`${baseUrl}/api/bots`, { platform: 'telegram', name: 'Bench bot' }, token)) as {
    id: string;
    proxy_url: string;
  };
  return { id: bot.id, proxyPath: new URL(bot.proxy_url).pathname, session: token };
}

export async function postJson(url: string, body: unknown, session?: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export function startChild(
  file: string,
  env: Record<string, string>,
  children: ChildProcess[],
  nodeOptions: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(file, [], {
    // Plain JavaScript (bench/mirror/built-server.js) runs without the TypeScript hook and its compiler.
    execArgv: file.endsWith('.ts') ? [...nodeOptions, '-r', TRANSPILE] : nodeOptions,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, port: (message as { port?: number }).port ?? 0 }));
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code}`)));
  });
}

export function askChild<T>(child: ChildProcess, question: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(question);
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The real service in a process of its own, on the given database; `stop` ends it and removes its Redis keys.
 * `built`: the compiled service (dist/, as `npm start` runs it) rather than src/ through the TypeScript hook;
 * `nodeOptions`: Node flags for the app only (a profile, `npm start`'s heap settings).
 */
export async function startAppProcess(
  env: Record<string, string>,
  options: { built?: boolean; nodeOptions?: string[] } = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const redisUrl = env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisKeyPrefix =
    env.REDIS_KEY_PREFIX ?? `botlens_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const { child, port } = await startChild(
    join(__dirname, '..', 'mirror', options.built ? 'built-server.js' : 'botlens-server.ts'),
    {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ...env,
    },
    [],
    options.nodeOptions ?? [],
  );
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await stopChild(child);
      clearTimeout(force);
      await deleteRedisKeys(redisUrl, redisKeyPrefix);
    },
  };
}

/** `--name=value` from the command line. */
export function argument(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
}

/**
 * The Node flags `npm start` gives the service (its heap sizes), read from package.json so a benchmark of the
 * shipped service runs with the same ones.
 */
export function startScriptNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
