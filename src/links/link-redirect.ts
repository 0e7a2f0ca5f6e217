import { Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Messages } from '../common/messages';
import { isDatabaseUnavailable } from '../database/database-errors';
import { describeError } from '../logging/describe-error';
import { LinkOutcome, Metrics } from '../metrics/metrics';
import { ClickWriter } from './click-writer';
import { LinkDirectory } from './link-directory';
import { LinkTokens } from './link-tokens';
import type { ResolvedLink } from './links.repository';
import { agentFamily, isLinkPreviewRobot } from './user-agents';

/** Express's compiled TRUST_PROXY (`app.get('trust proxy fn')`): may this hop name the client? */
export type TrustProxy = (address: string, hop: number) => boolean;

/** `/l/<code>` or `/l/<code>/<token>`, a trailing slash and a query allowed (the query is never read). */
const LINK_PATH = /^\/l\/([0-9A-Za-z]{1,64})(?:\/([^/?#]*))?\/?(?:[?#]|$)/;

const page = (title: string, line: string): Buffer =>
  Buffer.from(
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
      `<title>${title}</title></head><body><h1>${title}</h1><p>${line}</p></body></html>`,
  );
const NOT_FOUND_PAGE = page('Ссылка не найдена', Messages.linkPageNotFound);
const UNAVAILABLE_PAGE = page('Сервис недоступен', Messages.linkPageUnavailable);
const METHOD_NOT_ALLOWED = Buffer.from(JSON.stringify({ message: Messages.linkMethodNotAllowed }));

/**
 * `GET /l/<code>[/<token>]`, on the HTTP server ahead of Express (src/mount-raw-routes.ts): 302 to the link's
 * stored URL (never anything taken from the request) with `Cache-Control: no-store`, answered once the click
 * is committed (ClickWriter). A token that names a contact of the link (LinkTokens) attributes the click to it;
 * any other token leaves the click anonymous and still redirects. HEAD, link-preview robots and a deactivated
 * bot's links are redirected without a click; an unknown or deleted code gets a small 404 page.
 */
@Injectable()
export class LinkRedirect {
  private readonly logger = new Logger('Links');
  private trust: TrustProxy = () => false;
  private readonly outcomes: Record<LinkOutcome, { inc(): void }>;

  constructor(
    private readonly directory: LinkDirectory,
    private readonly writer: ClickWriter,
    private readonly tokens: LinkTokens,
    metrics: Metrics,
  ) {
    const counter = (outcome: LinkOutcome) => metrics.linkRequests.labels({ outcome });
    this.outcomes = {
      clicked: counter('clicked'),
      not_counted: counter('not_counted'),
      not_found: counter('not_found'),
      unavailable: counter('unavailable'),
    };
  }

  /** Which proxies in front may name the client (TRUST_PROXY), as Express compiled it for `req.ip`. */
  trustProxy(trust: TrustProxy): void {
    this.trust = trust;
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json; charset=utf-8' });
      res.end(METHOD_NOT_ALLOWED);
      return;
    }
    const path = LINK_PATH.exec(req.url ?? '/');
    if (!path) return this.notFound(req, res);
    const at = Date.now();
    const known = this.directory.peek(path[1]);
    if (known !== undefined) return this.answer(req, res, known, path[2], at);
    this.directory.resolve(path[1]).then(
      (link) => this.answer(req, res, link, path[2], at),
      (error: unknown) => this.unavailable(req, res, error),
    );
  };

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    link: ResolvedLink | null,
    token: string | undefined,
    at: number,
  ): void {
    if (!link) return this.notFound(req, res);
    const agent = req.headers['user-agent'];
    if (req.method === 'HEAD' || !link.recording || isLinkPreviewRobot(agent)) {
      this.outcomes.not_counted.inc();
      return redirect(res, link.url);
    }
    this.writer.record({
      link,
      contactId: token ? this.tokens.contactOf(link.id, token) : null,
      visitor: this.tokens.visitor(at, clientAddress(req, this.trust), agent ?? ''),
      agent: agentFamily(agent),
      at,
      answer: () => {
        this.outcomes.clicked.inc();
        redirect(res, link.url);
      },
    });
  }

  private notFound(req: IncomingMessage, res: ServerResponse): void {
    this.outcomes.not_found.inc();
    answerPage(req, res, 404, NOT_FOUND_PAGE);
  }

  /** A code not in memory while PostgreSQL cannot say what it is: 503, try again. */
  private unavailable(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (!isDatabaseUnavailable(error)) this.logger.error(`Looking a link up failed: ${describeError(error)}`);
    this.outcomes.unavailable.inc();
    res.setHeader('retry-after', '5');
    answerPage(req, res, 503, UNAVAILABLE_PAGE);
  }
}

function redirect(res: ServerResponse, url: string): void {
  res.writeHead(302, { location: url, 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
}

function answerPage(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The client's address as Express's `req.ip` reads it: the socket's peer, or, through trusted proxies, the
 * nearest address in `X-Forwarded-For` that is not one of them.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  let address = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded !== 'string' || !trust(address, 0)) return address;
  const hops = forwarded.split(',');
  for (let i = hops.length - 1, hop = 1; i >= 0; i -= 1, hop += 1) {
    address = hops[i].trim();
    if (!trust(address, hop)) break;
  }
  return address;
}
