import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { redactUrl } from '../logging/redact';

/** How often a shutdown looks whether the last requests have been answered. */
const IDLE_CHECK_MS = 50;

/**
 * The requests the instance is answering (mirror calls, proxy deliveries, API calls), so a shutdown
 * can wait for them instead of cutting them. Kept per connection rather than per request: a keep-alive
 * bot's thousands of calls add nothing to the hot paths (a listener per request cost about 1 µs, ~1% of
 * a mirrored send). A connection is busy while Node has a response on it (`socket._httpMessage`, which
 * http-terminator and stoppable read too); upgraded connections (socket.io) are closed by the app itself.
 */
@Injectable()
export class InFlightRequests {
  private readonly sockets = new Set<Socket>();

  mount(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  get count(): number {
    return this.answering().length;
  }

  /**
   * From now on every answer ends its connection (`Connection: close`), those under way included, so
   * keep-alive clients reconnect, elsewhere once the listener has closed.
   */
  closeConnectionsAfterAnswers(server: Server): void {
    for (const res of this.answering()) if (!res.headersSent) res.setHeader('connection', 'close');
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
  }

  /** Resolves true once no request is being answered, false if `limit` fires first. */
  async whenIdle(limit: AbortSignal): Promise<boolean> {
    while (this.answering().length) {
      if (limit.aborted) return false;
      await sleep(IDLE_CHECK_MS, undefined, { signal: limit }).catch(() => undefined);
    }
    return true;
  }

  /** Ends every request still being answered and says which they were (credentials in paths redacted). */
  cut(): string[] {
    const open = this.answering();
    const described = open.map((res) => `${res.req.method} ${redactUrl(res.req.url ?? '/')}`);
    for (const res of open) res.socket?.destroy();
    return described;
  }

  private answering(): ServerResponse[] {
    const out: ServerResponse[] = [];
    for (const socket of this.sockets) {
      const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (res && !socket.destroyed) out.push(res);
    }
    return out;
  }
}
