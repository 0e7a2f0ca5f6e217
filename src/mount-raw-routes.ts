import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import { performance } from 'node:perf_hooks';
import { LinkRedirect, TrustProxy } from './links/link-redirect';
import { Metrics, MirrorOutcome } from './metrics/metrics';
import { MaxMirror } from './mirror/max-mirror';
import type { Platform } from './platforms/platform';
import { TelegramMirror } from './mirror/telegram-mirror';
import { ProxyReceiver } from './proxy/receiver/proxy-receiver';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;

/** `/proxy/<bot_id>/<secret>`, an optional trailing slash and query; any case, like the Express route it replaced. */
const PROXY_PATH = /^\/proxy\/([^/?#]+)\/([^/?#]+)\/?(?:[?#]|$)/i;

/**
 * The raw-HTTP layer: the hot paths answer on the HTTP server itself, in front of Express, and pay
 * for no router, parser, guard, interceptor or request log. In bench/mirror.ts a recorded
 * sendMessage routed through Express (`app.use('/tg', …)`) cost about twice the CPU (≈ 380 µs
 * against ≈ 185 µs) and got about half the requests/s.
 *
 * - `/tg…` → TelegramMirror, `/max…` → MaxMirror (any method; `req.url` cut to what follows the prefix);
 * - `POST /proxy/<bot_id>/<secret>` → ProxyReceiver (a platform pushing an update);
 * - `/l/…` → LinkRedirect (a tracked link: a redirect per click, thousands a second);
 * - everything else → Express (Nest), as before.
 *
 * Their OpenAPI description is written by hand in src/openapi-raw-routes.ts.
 */
export function mountRawRoutes(app: NestExpressApplication): void {
  const metrics = app.get(Metrics);
  const telegram = counted('telegram', app.get(TelegramMirror).handle, metrics);
  const max = counted('max', app.get(MaxMirror).handle, metrics);
  const receiver = app.get(ProxyReceiver);
  const links = app.get(LinkRedirect);
  // The client's address of a click is read as req.ip reads it (TRUST_PROXY), set on Express by createApp.
  links.trustProxy((app.getHttpAdapter().getInstance() as Express).get('trust proxy fn') as TrustProxy);
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
    if (url.startsWith('/l/')) return links.handle(req, res);
    const proxied = req.method === 'POST' ? PROXY_PATH.exec(url) : null;
    if (proxied) {
      void receiver.handle(req, res, decoded(proxied[1]), decoded(proxied[2]));
      return;
    }
    for (const listener of rest) listener.call(server, req, res);
  });
}

/** Counts each mirrored call once it ends (botlens_mirror_requests_total, the latency histogram). */
function counted(platform: Platform, handler: Handler, metrics: Metrics): Handler {
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

/** Segments are percent-decoded, as Express decoded route parameters; a malformed one stays as sent (and matches no bot). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
