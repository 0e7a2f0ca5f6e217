import { PollWatch } from '../polling/poll-watch';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import type { RegisteredBot } from '../bots/bot-registry';
import { MAX_INBOUND_CALL, MirrorCapture } from './mirror-capture';
import { refuse } from '../platforms/platform-refusals';
import { MirrorBody, MirrorForwarder } from './mirror-forwarder';
import { parseBodyParams, parseQuery } from './request-body';

/** One mirrored call once its bot and body are known; `name` is `GET /updates` style, `search` lacks access_token. */
interface MaxCall {
  bot: RegisteredBot;
  token: string;
  name: string;
  pathname: string;
  search: string;
  body: MirrorBody;
}

/** MAX's default long-poll wait when `GET /updates` names no `timeout` (platforms.md §5). */
const DEFAULT_POLL_SECONDS = 30;
const MAX_POLL_SECONDS = 3600;

/**
 * `/max/<path>`, forwarded to MAX_API_URL unchanged with the token in the raw `Authorization`
 * header. Limits (contract §4): `GET /updates` gets its `timeout` (30 s when absent) plus the
 * platform wait; any other call must start answering within the platform wait (30 s) or gets 502.
 */
@Injectable()
export class MaxMirror {
  constructor(
    private readonly forwarder: MirrorForwarder,
    private readonly facts: MirrorCapture,
    private readonly polls: PollWatch,
  ) {}

  /** The request handler for `/max`, with `req.url` already cut to what follows it (see mountRawRoutes). */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      this.serve(req, res);
    } catch (error) {
      this.forwarder.fail('max', res, error);
    }
  };

  // Continuations rather than async/await: a known bot's send runs without a single promise.
  private serve(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const { search, queryToken } = withoutAccessToken(queryAt === -1 ? '' : url.slice(queryAt + 1));
    // A client still sending `?access_token=` is accepted: the token moves into the header (contract §4).
    const token = req.headers.authorization || queryToken;
    if (!token) return refuse(res, 'max', 'unauthorized');
    const name = `${req.method ?? 'GET'} ${pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname}`;
    this.forwarder.withBot('max', token, res, (bot) =>
      this.forwarder.withBody(req, res, 'max', (body) =>
        this.route(req, res, { bot, token, name, pathname, search, body }),
      ),
    );
  }

  private route(req: IncomingMessage, res: ServerResponse, call: MaxCall): void {
    if (call.name === MAX_INBOUND_CALL) this.polls.polled(call.bot.id);
    if (!this.forwarder.inPollingMode(call.bot)) return this.forward(req, res, call);
    const bodyParams = parseBodyParams(req.headers['content-type'], call.body.bytes);
    const mirrorCall = { platform: 'max' as const, method: call.name, query: parseQuery(call.search), bodyParams };
    this.forwarder.answeredInPollingMode(call.bot, mirrorCall, res).then(
      (answered) => {
        if (!answered) this.forwarder.guard('max', res, () => this.forward(req, res, call));
      },
      (error: unknown) => this.forwarder.fail('max', res, error),
    );
  }

  private forward(req: IncomingMessage, res: ServerResponse, call: MaxCall): void {
    const { name, search, body } = call;
    const wait = this.forwarder.platformWaitMs;
    const timeoutMs = name === MAX_INBOUND_CALL ? pollSeconds(parseQuery(search).timeout) * 1000 + wait : wait;
    const recorded = this.facts.maxTap(call.bot, name, () => parseQuery(search));
    // Calls without facts are still read for the platform's errors (issue 27), from their status alone until one.
    const tap = recorded ?? this.facts.maxErrorTap(call.bot, name);
    this.forwarder.forward(
      'max',
      {
        method: req.method as Dispatcher.HttpMethod,
        path: search === '' ? call.pathname : `${call.pathname}?${search}`,
        headers: this.forwarder.forwardedHeaders(req, body, recorded !== null, call.token),
        body: body.forward,
        timeoutMs,
      },
      res,
      tap,
    );
  }
}

/** The query string without `access_token` (other pairs stay byte for byte), and that token if present. */
export function withoutAccessToken(search: string): { search: string; queryToken: string | undefined } {
  if (!search.includes('access_token')) return { search, queryToken: undefined };
  let queryToken: string | undefined;
  const kept = search.split('&').filter((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (safeDecode(name) !== 'access_token') return true;
    queryToken = eq === -1 ? '' : safeDecode(pair.slice(eq + 1).replace(/\+/g, ' '));
    return false;
  });
  return { search: kept.join('&'), queryToken: queryToken || undefined };
}

function pollSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_POLL_SECONDS;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), MAX_POLL_SECONDS) : DEFAULT_POLL_SECONDS;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
