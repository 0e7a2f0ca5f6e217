import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { performance } from 'node:perf_hooks';
import { Metrics, MirrorOutcome } from '../metrics/metrics';
import { MaxMirror } from './max-mirror';
import { MirrorCore } from './mirror-core';
import { POLLING_ANSWERER, PollingAnswerer } from './polling-hook';
import { TelegramMirror } from './telegram-mirror';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;

/**
 * Mounts the mirror (`/tg`, `/max`) on the HTTP server itself, in front of Express: the hottest
 * path of the service pays for no router, parser, guard, interceptor or request log. In
 * bench/mirror.ts a recorded sendMessage routed through Express (`app.use('/tg', …)`) cost about
 * twice the CPU (≈ 380 µs against ≈ 185 µs) and got about half the requests/s. Every other path
 * goes to Express (Nest) as before.
 */
export function mountMirror(app: NestExpressApplication): void {
  app.get(MirrorCore).usePollingAnswerer(findPollingAnswerer(app));
  const metrics = app.get(Metrics);
  const telegram = counted('telegram', app.get(TelegramMirror).handle, metrics);
  const max = counted('max', app.get(MaxMirror).handle, metrics);
  const server = app.getHttpServer() as Server;
  const rest = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const mirror = url.startsWith('/tg')
      ? under(url, 3, telegram, req)
      : url.startsWith('/max')
        ? under(url, 4, max, req)
        : null;
    if (mirror) return mirror(req, res);
    for (const listener of rest) listener.call(server, req, res);
  });
}

/** Counts each call once it ends (botlens_mirror_requests_total, the latency histogram). */
function counted(platform: 'telegram' | 'max', handler: Handler, metrics: Metrics): Handler {
  return (req, res) => {
    const start = performance.now();
    res.once('close', () => metrics.mirrorCall(platform, mirrorOutcome(res), (performance.now() - start) / 1000));
    handler(req, res);
  };
}

function mirrorOutcome(res: ServerResponse): MirrorOutcome {
  if (!res.writableFinished) return 'aborted';
  const status = res.statusCode;
  if (status < 400) return 'ok';
  if (status < 500) return 'client_error';
  return status === 502 ? 'bad_gateway' : 'server_error';
}

/**
 * The handler when `url` is the prefix itself or lies under it (`/tg`, `/tg/…`, `/tg?…`, not
 * `/tgx`), with `req.url` cut to what follows the prefix, as Express's `app.use(prefix)` does.
 */
function under(url: string, length: number, handler: Handler, req: IncomingMessage): Handler | null {
  if (url.length === length) {
    req.url = '/';
    return handler;
  }
  const next = url.charCodeAt(length);
  if (next === SLASH) req.url = url.slice(length);
  else if (next === QUESTION_MARK) req.url = `/${url.slice(length)}`;
  else return null;
  return handler;
}

/** The proxy module's polling-mode answerer, wherever it is registered; none means every call is forwarded. */
function findPollingAnswerer(app: NestExpressApplication): PollingAnswerer | null {
  try {
    return app.get<PollingAnswerer>(POLLING_ANSWERER, { strict: false });
  } catch {
    return null;
  }
}
