import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitFor } from './ports';

const MAIN = join(__dirname, '..', '..', '..', 'dist', 'src', 'main.js');

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The built service as a process of its own (`node dist/src/main.js`, as `npm start` runs it), for faults an
 * in-process app cannot show: kill -9, SIGTERM, a crash of the process, several instances at once.
 * `npm test` builds first (pretest); a run without a build stops with a line saying so.
 */
export class AppProcess {
  private output = '';
  readonly exited: Promise<ExitStatus>;
  private exitStatus: ExitStatus | null = null;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      }),
    );
  }

  /** Spawns the service with `env` (on top of PATH and HOME only) on a free port and waits for /health. */
  static async start(env: Record<string, string>, options: { waitReady?: boolean } = {}): Promise<AppProcess> {
    for (let attempt = 1; ; attempt++) {
      const app = await AppProcess.spawn(env);
      if (options.waitReady === false) return app;
      try {
        await app.ready();
        return app;
      } catch (error) {
        // A free port can be taken by another test process before the service binds it: another port, twice more.
        if (env.PORT || attempt === 3 || !app.logs.includes('EADDRINUSE')) throw error;
      }
    }
  }

  private static async spawn(env: Record<string, string>): Promise<AppProcess> {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'info',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new AppProcess(child, port);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Everything the process wrote to stdout and stderr so far (JSON log lines). */
  get logs(): string {
    return this.output;
  }

  get alive(): boolean {
    return this.exitStatus === null;
  }

  /** Waits until /health answers 200; fails with the process's own last words if it exits first. */
  async ready(timeoutMs = 60_000): Promise<void> {
    await waitFor(`Botlens on ${this.port}`, timeoutMs, async () => {
      if (!this.alive)
        throw new Error(`Botlens exited (${JSON.stringify(this.exitStatus)}):\n${this.output.slice(-4000)}`);
      try {
        return (await fetch(`${this.url}/health`)).status === 200;
      } catch {
        return false;
      }
    });
  }

  signal(signal: NodeJS.Signals): void {
    if (this.alive) this.child.kill(signal);
  }

  /** kill -9 if it is still running, and waits for the exit. */
  async kill(): Promise<ExitStatus> {
    this.signal('SIGKILL');
    return this.exited;
  }
}
