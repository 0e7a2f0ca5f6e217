import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sendJson } from './http-util';

/** Pending timers that can be woken early: long polls wake on new updates, all wake on close. */
export class Waiters {
  private readonly pending = new Set<() => void>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  wait(ms: number): Promise<void> {
    if (this.closed || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  wakeAll(): void {
    for (const done of [...this.pending]) done();
  }

  close(): void {
    this.closed = true;
    this.wakeAll();
  }
}

/** Per-key FIFO of values that are each used once (injected faults, delays). */
class KeyedQueue<T> {
  private readonly queues = new Map<string, T[]>();

  push(key: string, value: T, times: number): void {
    const queue = this.queues.get(key) ?? [];
    for (let i = 0; i < times; i++) queue.push(value);
    this.queues.set(key, queue);
  }

  take(keys: string[]): T | undefined {
    for (const key of keys) {
      const queue = this.queues.get(key);
      if (queue?.length) return queue.shift();
    }
    return undefined;
  }
}

/** Lifecycle, fault and latency injection, and send pacing shared by the platform fakes. */
export abstract class FakeHttpServer<Fault> {
  url = '';
  /** Added to every answer. */
  latencyMs = 0;
  /**
   * Up to this many ms (uniformly random) between a call leaving its sender and reaching the fake, as a
   * network's jitter would: arrival times (sendTimestamps) and answers both shift by it.
   */
  networkJitterMs = 0;
  /** Arrival time (ms) of every send call, for pacing assertions. */
  readonly sendTimestamps: number[] = [];
  /**
   * When each request reached the fake (ms, fractional) plus the jitter drawn for it: the moment the modelled
   * network delivers it. Taken arithmetically rather than after the jitter's timer, so the fake's own timer
   * lateness (its event loop shares the CPU with everything measured) is not counted as network behaviour.
   */
  private readonly arrivals = new WeakMap<IncomingMessage, number>();
  /** When each send call reached the fake, before any jitter (ms, fractional): how evenly the sender sent. */
  readonly sendReceipts: number[] = [];
  private readonly receipts = new WeakMap<IncomingMessage, number>();

  protected readonly polls = new Waiters();
  private readonly sleeps = new Waiters();
  private readonly faults = new KeyedQueue<Fault>();
  private readonly delays = new KeyedQueue<number>();
  private readonly server: Server = createServer((req, res) => void this.serve(req, res));

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  protected async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Answers held long polls, then drops every socket, keep-alive ones included. */
  async close(): Promise<void> {
    this.polls.close();
    this.sleeps.close();
    // Let released handlers write their answers before the sockets go.
    await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  failNext(key: string, fault: Fault, times = 1): void {
    this.faults.push(key, fault, times);
  }

  delayNext(key: string, ms: number, times = 1): void {
    this.delays.push(key, ms, times);
  }

  /** The largest number of send calls that arrived within any `windowMs` window (of those at or after `since`, ms). */
  maxSendsPerSecond(since = 0, windowMs = 1000): number {
    const times = this.sendTimestamps.filter((at) => at >= since).sort((a, b) => a - b);
    let best = 0;
    let start = 0;
    for (let end = 0; end < times.length; end++) {
      while (times[end] - times[start] >= windowMs) start++;
      best = Math.max(best, end - start + 1);
    }
    return best;
  }

  /** Records a send call's modelled arrival (see `arrivals`) and its receipt. */
  protected recordSend(req: IncomingMessage): void {
    this.sendTimestamps.push(this.arrivals.get(req) ?? Date.now());
    this.sendReceipts.push(this.receipts.get(req) ?? Date.now());
  }

  protected takeFault(...keys: string[]): Fault | undefined {
    return this.faults.take(keys);
  }

  protected async applyLatency(...keys: string[]): Promise<void> {
    const ms = (this.delays.take(keys) ?? 0) + this.latencyMs;
    await this.sleeps.wait(ms);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const jitter = this.networkJitterMs > 0 ? Math.random() * this.networkJitterMs : 0;
      const receivedAt = performance.timeOrigin + performance.now();
      this.receipts.set(req, receivedAt);
      this.arrivals.set(req, receivedAt + jitter);
      if (jitter > 0) await this.sleeps.wait(jitter);
      await this.handle(req, res);
    } catch (error) {
      // A bug in a fake must fail the test loudly, not hang it.
      if (!res.headersSent) sendJson(res, 500, { fake_error: String(error) });
      else res.destroy();
    }
  }
}
