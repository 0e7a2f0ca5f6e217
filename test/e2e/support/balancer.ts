import { createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';

/** Headers that describe one hop's connection, not the message; each side of the balancer sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection']);

function withoutHopHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i].toLowerCase())) kept.push(raw[i], raw[i + 1]);
  }
  return kept;
}

/**
 * A round-robin HTTP balancer on loopback in front of several instances, as a plain load balancer
 * deploys them: every request (not every connection) goes to the next instance, bodies and headers pass
 * byte for byte and unchanged (no X-Forwarded-For is added, so the instances see a loopback peer and the
 * client's own forwarding headers, as before), and websocket upgrades are piped to one instance for the
 * life of the socket.
 */
export class RoundRobinBalancer {
  private next = 0;
  private readonly upgraded = new Set<Socket>();
  /** How many requests and upgrades each target received, so a test can prove both instances served. */
  readonly served: number[];

  private constructor(
    private readonly server: Server,
    private readonly targets: Array<{ host: string; port: number }>,
  ) {
    this.served = targets.map(() => 0);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.forward(req, res));
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => this.tunnel(req, socket, head));
  }

  static async start(targetUrls: string[]): Promise<RoundRobinBalancer> {
    const targets = targetUrls.map((url) => {
      const { hostname, port } = new URL(url);
      return { host: hostname, port: Number(port) };
    });
    const balancer = new RoundRobinBalancer(createServer(), targets);
    await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
    return balancer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private pick(): { host: string; port: number } {
    const index = this.next;
    this.next = (this.next + 1) % this.targets.length;
    this.served[index] += 1;
    return this.targets[index];
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const target = this.pick();
    const upstream = request(
      {
        ...target,
        method: req.method,
        path: req.url,
        headers: withoutHopHeaders(req.rawHeaders) as unknown as Record<string, string>,
        setHost: false,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopHeaders(answer.rawHeaders));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else if (!res.writableEnded) res.destroy();
    });
    // A client that goes away (an aborted long poll) releases the instance's side too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  private tunnel(req: IncomingMessage, client: Socket, head: Buffer): void {
    const target = this.pick();
    const upstream = connect(target.port, target.host);
    this.upgraded.add(client).add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      this.upgraded.delete(client);
      this.upgraded.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.once('connect', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
  }

  async close(): Promise<void> {
    this.upgraded.forEach((socket) => socket.destroy());
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}
