import { ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { freePort, waitFor } from './ports';

/**
 * A Redis server of a test's own, keeping nothing on disk, so a restart loses every key, as a restarted
 * cache-only Redis does in production. The machine's shared Redis is never touched.
 */
export class PrivateRedis {
  private server: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    if (this.server) return;
    this.server = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(`Redis on ${this.port}`, 10_000, () => this.pings());
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }

  /** Stops and starts it again, empty. */
  async restart(): Promise<void> {
    await this.stop();
    await this.resume();
  }

  private async pings(): Promise<boolean> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}
