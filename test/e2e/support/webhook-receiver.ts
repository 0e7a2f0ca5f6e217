import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request finished arriving (epoch ms, sub-millisecond precision). */
  at: number;
}

/** A subscriber's endpoint on loopback: records every request and answers with a settable status. */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  status = 200;
  /** The body every request is answered with. */
  answer = '{"ok":true}';
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver.requests.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: performance.timeOrigin + performance.now(),
        });
        res.writeHead(receiver.status, { 'content-type': 'application/json' }).end(receiver.answer);
        receiver.waiters = receiver.waiters.filter((w) =>
          receiver.requests.length >= w.count ? (w.resolve(), false) : true,
        );
      });
    });
    const receiver = new WebhookReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Resolves once `count` requests in all have arrived (rejects after `timeoutMs`). */
  waitForCount(count: number, timeoutMs = 5000): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`receiver got ${this.requests.length} of ${count} requests`)),
        timeoutMs,
      );
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
