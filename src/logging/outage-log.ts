import { Logger } from '@nestjs/common';
import { describeError } from './describe-error';

/** How often, at most, a run of the same trouble is summed up in the log. */
export const SUMMARY_INTERVAL_MS = 10_000;

/**
 * The log of one connection (a pool, a Redis client) through an outage: a client retrying its
 * connection raises an error on every attempt, so the first is logged at once, the rest are summed
 * up at most once per interval, and the reconnection closes the outage with its length. `onError`
 * counts every error (a metric), logged or not.
 */
export class OutageLog {
  private since: number | null = null;
  private unlogged = 0;
  private lastMessage = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly client: string,
    private readonly onError: () => void = () => undefined,
    private readonly logger = new Logger('Connections'),
    private readonly intervalMs = SUMMARY_INTERVAL_MS,
  ) {}

  failed(error: unknown): void {
    this.onError();
    this.lastMessage = describeError(error);
    if (this.since !== null) {
      this.unlogged += 1;
      return;
    }
    this.since = Date.now();
    this.logger.warn(
      `${this.client}: ${this.lastMessage}; reconnecting (further errors summed up every ${this.intervalMs / 1000} s)`,
    );
    this.timer = setInterval(() => this.summarise(), this.intervalMs).unref();
  }

  /** The client is connected again: closes the outage, if there was one. */
  recovered(): void {
    if (this.since === null) return;
    const more = this.unlogged ? ` (${this.unlogged} more errors, last: ${this.lastMessage})` : '';
    this.logger.warn(`${this.client}: connected again after ${((Date.now() - this.since) / 1000).toFixed(1)} s${more}`);
    this.end();
  }

  private summarise(): void {
    if (this.unlogged === 0) return this.end();
    this.logger.warn(
      `${this.client}: ${this.unlogged} more errors in the last ${this.intervalMs / 1000} s, last: ${this.lastMessage}`,
    );
    this.unlogged = 0;
  }

  private end(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.since = null;
    this.unlogged = 0;
  }
}
