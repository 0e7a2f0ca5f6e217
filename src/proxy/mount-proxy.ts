import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ProxyReceiver } from './receiver/proxy-receiver';

/** `/proxy/<bot_id>/<secret>`, an optional trailing slash and query; any case, like the Express route it replaces. */
const PROXY_PATH = /^\/proxy\/([^/?#]+)\/([^/?#]+)\/?(?:[?#]|$)/i;

/**
 * Mounts the proxy-webhook receiver (`POST /proxy/:botId/:secret`) on the HTTP server itself, in
 * front of Express, as mountMirror does for the mirror: a pushed update pays for no router, parser
 * or Nest pipeline. Other methods and paths go to Express as before.
 */
export function mountProxy(app: NestExpressApplication): void {
  const receiver = app.get(ProxyReceiver);
  const server = app.getHttpServer() as Server;
  const rest = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = req.method === 'POST' ? PROXY_PATH.exec(req.url ?? '') : null;
    if (match) {
      void receiver.handle(req, res, decoded(match[1]), decoded(match[2]));
      return;
    }
    for (const listener of rest) listener.call(server, req, res);
  });
}

/** Segments are percent-decoded, as Express decoded route parameters; a malformed one stays as sent (and matches no bot). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
