import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './ports';

/**
 * A PostgreSQL server of a test's own, in a temporary directory on a port of its own, so a test can stop and
 * start it to reproduce an outage without touching the machine's shared server. initdb refuses to run as root,
 * so as root the cluster belongs to the `postgres` user. Each can be given a streaming replica (`replica()`).
 */
export class PrivatePostgres {
  private running = false;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'botlens-pg-'));
    if (asRoot()) execFileSync('chown', ['postgres', dir]);
    run(asRoot(), 'initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    // initdb's own file allows it too; said here so a replica never depends on that default.
    appendFileSync(join(dir, 'data', 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
    const pg = new PrivatePostgres(dir, await freePort());
    await pg.resume();
    return pg;
  }

  /**
   * A streaming replica of this server, as an operator makes one: a base backup taken over the replication
   * protocol with `-R` (standby.signal and primary_conninfo written), started on a port of its own. Stopped and
   * started like any private server; `pg_wal_replay_pause()` on it holds its replay.
   */
  async replica(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'botlens-pg-replica-'));
    if (asRoot()) execFileSync('chown', ['postgres', dir]);
    const source = ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres'];
    run(asRoot(), 'pg_basebackup', [
      '-D',
      join(dir, 'data'),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
      ...source,
    ]);
    const replica = new PrivatePostgres(dir, await freePort());
    await replica.resume();
    return replica;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  databaseUrl(name: string): string {
    return `${this.url}/${name}`;
  }

  /** Starts the server (again) and waits until it takes connections. */
  async resume(): Promise<void> {
    if (this.running) return;
    const options = [`-p ${this.port}`, `-k ${this.dir}`, '-c listen_addresses=127.0.0.1'];
    options.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
    // What streaming replicas need of a primary (PostgreSQL's defaults, said here so a replica can rely on them).
    options.push('-c wal_level=replica', '-c max_wal_senders=5');
    const data = join(this.dir, 'data');
    run(asRoot(), 'pg_ctl', ['-D', data, '-l', join(this.dir, 'server.log'), '-o', options.join(' '), '-w', 'start']);
    this.running = true;
    await waitFor(`PostgreSQL on ${this.port}`, 30_000, () => ready(this.port));
  }

  /** Stops the server the way an outage does: every session is cut at once ("fast"), new ones are refused. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    run(asRoot(), 'pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function binary(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort() : [];
  for (const version of versions.reverse()) {
    const path = join(root, version, 'bin', name);
    if (existsSync(path)) return path;
  }
  return name;
}

function run(asRoot: boolean, name: string, args: string[]): void {
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', binary(name), ...args], { stdio: 'ignore' });
  else execFileSync(binary(name), args, { stdio: 'ignore' });
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

function ready(port: number): boolean {
  try {
    execFileSync(binary('pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']);
    return true;
  } catch {
    return false;
  }
}
