import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { Messages } from '../common/messages';
import { CabinetFiles } from './cabinet-files';

/** Paths the service itself answers: the cabinet never takes them, so an unknown `/api/...` stays a JSON 404. */
const SERVICE_PREFIXES = ['/api', '/tg', '/max', '/proxy', '/health'];

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The app's page: scripts and styles from this origin only (the build emits no inline script),
 * never framed, no referrer. Swagger UI at /api/docs needs inline scripts, so this is set on the
 * cabinet's responses only, never app-wide.
 */
const pageSecurity = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
});

export function isServicePath(path: string): boolean {
  return SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the built cabinet (web/dist) at `/`: hashed `/assets/*` cached for a year, precompressed
 * twins chosen by Accept-Encoding, and the app's page for every other GET outside the service's
 * own prefixes, so deep links like `/bots/42/contacts` open the app. While the cabinet is not built
 * the service still runs and the page answers 503 saying how to build it.
 */
export function mountCabinet(app: NestExpressApplication, dir: string): void {
  app.use(cabinetHandler(new CabinetFiles(dir)));
}

export function cabinetHandler(files: CabinetFiles): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServicePath(req.path)) return next();
    const head = req.method === 'HEAD';
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.path.startsWith('/assets/')) {
      const asset = files.find(req.path, req.headers['accept-encoding']);
      if (!asset) return notFound(res);
      res.setHeader('Cache-Control', YEAR_IMMUTABLE);
      return files.send(asset, res, head);
    }
    // Files at the build's root (favicon): found by name, revalidated, not immutable. Deeper paths are
    // always the app's routes, whatever characters an id holds.
    if (/^\/[^/]+\.[a-z0-9]+$/i.test(req.path) && req.path !== '/index.html') {
      const file = files.find(req.path, req.headers['accept-encoding']);
      if (!file) return notFound(res);
      res.setHeader('Cache-Control', 'public, max-age=3600');
      return files.send(file, res, head);
    }
    const page = files.indexPage();
    if (!page) {
      res.status(503).type('text/plain').send(Messages.cabinetNotBuilt);
      return;
    }
    pageSecurity(req, res, () => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', page.etag);
      if (req.headers['if-none-match'] === page.etag) {
        res.status(304).end();
        return;
      }
      res.status(200).type('html');
      res.end(head ? undefined : page.html);
    });
  };
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Not found');
}
