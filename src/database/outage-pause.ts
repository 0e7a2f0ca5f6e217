/** After PostgreSQL could not be reached, the next try waits this long, doubling up to the maximum. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 2000;

/**
 * The pause between tries of a writer that holds its work while PostgreSQL cannot be reached (the ingest, the
 * clicks of tracked links): since when it is out, the last cause, when the next try is due (250 ms after the first
 * failure, doubling to 2 s), and one timer that calls `retry` then.
 */
export class OutagePause {
  private outage: { since: number; retryAt: number; pauseMs: number; cause: unknown } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly retry: () => void) {}

  /** True from a failed try until a try succeeds. */
  get active(): boolean {
    return this.outage !== null;
  }

  /** The last failure's cause during an outage. */
  get cause(): unknown {
    return this.outage?.cause;
  }

  /** True while the next try is not due yet. */
  waiting(now = Date.now()): boolean {
    return this.outage !== null && now < this.outage.retryAt;
  }

  /** A try failed for want of PostgreSQL: true when this begins an outage, false when it lengthens one. */
  failed(cause: unknown, now = Date.now()): boolean {
    if (!this.outage) {
      this.outage = { since: now, retryAt: now + RETRY_FIRST_MS, pauseMs: RETRY_FIRST_MS, cause };
      return true;
    }
    const pauseMs = Math.min(this.outage.pauseMs * 2, RETRY_MAX_MS);
    this.outage = { ...this.outage, retryAt: now + pauseMs, pauseMs, cause };
    return false;
  }

  /** A try succeeded: how long the outage lasted, in seconds, or null when there was none. */
  ended(now = Date.now()): number | null {
    if (!this.outage) return null;
    const seconds = (now - this.outage.since) / 1000;
    this.outage = null;
    return seconds;
  }

  /** Calls `retry` once the pause is over; one timer however often it is asked. */
  retryWhenDue(): void {
    if (this.timer || !this.outage) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.retry();
      },
      Math.max(0, this.outage.retryAt - Date.now()),
    ).unref();
  }
}
