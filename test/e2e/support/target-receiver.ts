import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TargetRequest {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** How the bot's own webhook answers: status, body and content type, optionally after a delay. */
export interface TargetAnswer {
  status: number;
  body?: string;
  contentType?: string;
  delayMs?: number;
}

/** A bot's own webhook endpoint (its target_url) on loopback: records each request, answers as told. */
export class TargetReceiver {
  readonly requests: TargetRequest[] = [];
  answer: TargetAnswer = { status: 200 };

  private constructor(private readonly server: Server) {}

  static async start(): Promise<TargetReceiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver.requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
        const { status, body = '', contentType, delayMs = 0 } = receiver.answer;
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(status, contentType ? { 'content-type': contentType } : {}).end(body);
        }, delayMs);
      });
    });
    const receiver = new TargetReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/bot-hook`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
