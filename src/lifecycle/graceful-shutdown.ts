import type { Server } from 'node:http';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { INestApplication, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { describeError } from '../logging/describe-error';
import { InFlightRequests } from './in-flight-requests';
import { Lifecycle } from './lifecycle';

/** What the closing steps after the requests (ingest commit, queue workers, pools) may take before the process exits anyway. */
export const CLOSE_LIMIT_MS = 10_000;

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * The order in which a stopping instance lets go, so that a deploy loses no update and cuts no call:
 *  1. readiness answers 503; waits that should end early are told (Lifecycle.stopping): a running
 *     broadcast stops between sends and goes back to the queue, a waiting broadcast request gets 503;
 *  2. every answer from now on closes its connection (`Connection: close`); after SHUTDOWN_DELAY_MS
 *     (0 by default) the listener stops taking connections and idle keep-alive ones close;
 *  3. requests in flight finish: mirror calls (long polls included) and proxy deliveries, up to
 *     SHUTDOWN_GRACE_MS; what is still open then, or at a second signal, is cut and logged;
 *  4. the app closes (Nest's hooks): the ingest commits what it holds, queue workers stop, and the
 *     platform connections, Redis and the PostgreSQL pools close last.
 * Exit code 0 when nothing was cut, 1 otherwise.
 */
export class GracefulShutdown {
  private readonly logger = new Logger('Shutdown');
  private started = false;
  /** A second signal: stop waiting for requests in flight. */
  private readonly hurry = new AbortController();

  constructor(
    private readonly app: INestApplication,
    private readonly config: Pick<AppConfig, 'shutdownGraceMs' | 'shutdownDelayMs'>,
  ) {}

  /** Takes SIGTERM and SIGINT over from Node's default (immediate exit); the process exits when the shutdown is done. */
  listen(): void {
    for (const signal of SIGNALS) process.on(signal, () => this.onSignal(signal));
  }

  private onSignal(signal: NodeJS.Signals): void {
    if (this.started) {
      this.logger.warn(`${signal} again: requests still in flight are cut now`);
      this.hurry.abort();
      return;
    }
    this.started = true;
    this.run(signal).then(
      (code) => process.exit(code),
      (error: unknown) => {
        this.logger.error(`Shutdown failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  }

  /** Runs the whole sequence; resolves with the exit code. */
  async run(signal: NodeJS.Signals): Promise<number> {
    const startedAt = Date.now();
    const requests = this.app.get(InFlightRequests);
    const { shutdownDelayMs: delay, shutdownGraceMs: grace } = this.config;
    const server = this.app.getHttpServer() as Server;
    this.app.get(Lifecycle).beginStopping();
    requests.closeConnectionsAfterAnswers(server);
    this.logger.log(`${signal}: shutting down; ${requests.count} requests in flight get up to ${grace} ms`);

    if (delay > 0) await sleep(delay, undefined, { signal: this.hurry.signal }).catch(() => undefined);
    server.close();

    let cut: string[] = [];
    if (!(await requests.whenIdle(AbortSignal.any([AbortSignal.timeout(grace), this.hurry.signal])))) {
      cut = requests.cut();
      this.logger.warn(`Cut ${cut.length} requests still in flight after the grace: ${cut.join(', ')}`);
    }
    // The last answers hand their facts to the ingest on the next turn of the event loop.
    await nextTurn();

    const closed = await Promise.race([this.app.close().then(() => true), sleep(CLOSE_LIMIT_MS, false)]);
    if (!closed) {
      this.logger.error(`The app did not finish closing within ${CLOSE_LIMIT_MS} ms; exiting anyway`);
      return 1;
    }
    this.logger.log(`Stopped in ${Date.now() - startedAt} ms`);
    return cut.length ? 1 : 0;
  }
}
