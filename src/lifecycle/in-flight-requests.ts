import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import { redactUrl } from '../logging/redact';

/**
 * Every HTTP request the instance is answering (mirror calls, proxy deliveries, API calls), so a
 * shutdown can wait for them to finish instead of cutting them. Mounted in front of the mirror and the
 * proxy; costs one map entry per request. Socket.io's own transport is not counted: it is closed by
 * the app when it stops.
 */
@Injectable()
export class InFlightRequests {
  /** Each open response with the path it was asked for (kept to say what a shutdown cut). */
  private readonly open = new Map<ServerResponse, string>();
  private closing = false;
  private idleWaiters: Array<() => void> = [];

  get count(): number {
    return this.open.size;
  }

  /** Puts the count in front of every other request listener of `server`. */
  mount(server: Server): void {
    const rest = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    const open = this.open;
    // One listener function for every response (the response is `this`): no closure per request on the hot paths.
    const tracker = this;
    function forget(this: ServerResponse): void {
      open.delete(this);
      if (open.size === 0) for (const wake of tracker.idleWaiters.splice(0)) wake();
    }
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      open.set(res, req.url ?? '/');
      res.on('close', forget);
      // A request that arrives behind another on a connection while stopping: its connection ends with it.
      if (this.closing) res.setHeader('connection', 'close');
      for (const listener of rest) listener.call(server, req, res);
    });
  }

  /** From now on every answer not yet started ends its connection, so keep-alive clients go elsewhere. */
  closeConnectionsAfterAnswers(): void {
    this.closing = true;
    for (const res of this.open.keys()) if (!res.headersSent) res.setHeader('connection', 'close');
  }

  /** Resolves true once no request is in flight, false if `limit` fires first. */
  whenIdle(limit: AbortSignal): Promise<boolean> {
    if (this.open.size === 0) return Promise.resolve(true);
    if (limit.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = (): void => {
        limit.removeEventListener('abort', give);
        resolve(true);
      };
      const give = (): void => {
        this.idleWaiters = this.idleWaiters.filter((waiter) => waiter !== wake);
        resolve(false);
      };
      this.idleWaiters.push(wake);
      limit.addEventListener('abort', give, { once: true });
    });
  }

  /** Ends every request still open and says which they were (credentials in paths redacted). */
  cut(): string[] {
    const cut = [...this.open].map(([res, url]) => `${res.req?.method ?? '?'} ${redactUrl(url)}`);
    for (const res of [...this.open.keys()]) res.destroy();
    return cut;
  }
}
