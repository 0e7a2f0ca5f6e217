import { Client } from 'pg';
import { FakeMax, FakeTelegram, SmtpCatcher } from '../../fakes';
import { createFromTemplate } from '../../support/template-database';
import { AppProcess } from './app-process';
import { deleteRedisKeys, dropDatabase } from './stores';
import { testEnv, TestApp } from './test-app';

/**
 * A fresh run's stores and fake platforms for built instances started as processes of their own
 * (AppProcess): every instance started here shares the run's database and Redis prefix, as the
 * instances of one deployment do. `ctx` lets the factories (registerUser, bindTelegramBot…) talk to
 * whichever instance is running.
 */
export class SpawnedStack {
  readonly apps: AppProcess[] = [];
  private client: Client | null = null;

  private constructor(
    readonly env: Record<string, string>,
    readonly telegram: FakeTelegram,
    readonly max: FakeMax,
    readonly smtp: SmtpCatcher,
  ) {}

  /**
   * The run's database is a copy of the migrated template, unless `emptyDatabase`: then it does not exist
   * until an instance (or `npm run migrate`) creates and migrates it, as on a fresh machine.
   */
  static async start(
    env: Record<string, string> = {},
    options: { emptyDatabase?: boolean } = {},
  ): Promise<SpawnedStack> {
    const [telegram, max, smtp] = await Promise.all([FakeTelegram.start(), FakeMax.start(), SmtpCatcher.start()]);
    const stack = new SpawnedStack(
      { ...testEnv({ telegram, max, smtp }), LOG_LEVEL: 'info', ...env },
      telegram,
      max,
      smtp,
    );
    if (!options.emptyDatabase) await createFromTemplate(stack.env.DATABASE_URL);
    return stack;
  }

  /** Starts one more instance on the run's stores (`env` on top of the run's), waiting for /health unless told not to. */
  async startApp(env: Record<string, string> = {}, options: { waitReady?: boolean } = {}): Promise<AppProcess> {
    const app = await AppProcess.start({ ...this.env, ...env }, options);
    this.apps.push(app);
    return app;
  }

  /**
   * `count` instances at once on the run's one database and Redis, as a deployment behind a load balancer runs
   * them (the migration lock lets them start together).
   */
  startApps(count: number, env: Record<string, string> = {}): Promise<AppProcess[]> {
    return Promise.all(Array.from({ length: count }, () => this.startApp(env)));
  }

  /** What the factories need, pointed at `app`. */
  ctx(app: AppProcess): TestApp {
    return { url: app.url, telegram: this.telegram, max: this.max, smtp: this.smtp } as unknown as TestApp;
  }

  /** A connection to the run's database, opened on first use. */
  async db(): Promise<Client> {
    if (!this.client) {
      const client = new Client({ connectionString: this.env.DATABASE_URL });
      await client.connect();
      this.client = client;
    }
    return this.client;
  }

  async close(): Promise<void> {
    await Promise.all(this.apps.map((app) => app.kill()));
    await this.client?.end();
    await Promise.all([this.telegram.close(), this.max.close(), this.smtp.close()]);
    await dropDatabase(this.env.DATABASE_URL);
    await deleteRedisKeys(this.env.REDIS_URL, this.env.REDIS_KEY_PREFIX);
  }
}
