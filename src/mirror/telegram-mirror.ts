import { PollWatch } from '../polling/poll-watch';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import type { RegisteredBot } from '../bots/bot-registry';
import { MirrorCapture, TELEGRAM_INBOUND_METHOD } from './mirror-capture';
import { refuse } from '../platforms/platform-refusals';
import { MirrorBody, MirrorForwarder } from './mirror-forwarder';
import { parseBodyParams, parseQuery } from './request-body';

/** `/bot<token>/<method>` (method lower-cased) or `/file/bot<token>/<path>` (method null). */
export interface TelegramRoute {
  token: string;
  method: string | null;
}

/** One mirrored call once its bot and body are known; `url` is the path and query as received. */
interface TelegramCall {
  bot: RegisteredBot;
  method: string | null;
  url: string;
  search: string;
  body: MirrorBody;
}

/** A long poll's own `timeout` is capped here, so a wild value cannot overflow a timer. */
const MAX_POLL_SECONDS = 3600;

/**
 * `/tg/bot<TOKEN>/<method>` and `/tg/file/bot<TOKEN>/<file_path>`, forwarded to TELEGRAM_API_URL
 * unchanged. Limits: a long poll (`getUpdates` with `timeout`) gets its timeout plus the platform
 * wait (30 s); other calls get twice the platform wait (60 s) to start answering, streamed uploads
 * ten times (300 s), since undici's timer may run while the upload is still being sent.
 */
@Injectable()
export class TelegramMirror {
  constructor(
    private readonly forwarder: MirrorForwarder,
    private readonly facts: MirrorCapture,
    private readonly polls: PollWatch,
  ) {}

  /** The request handler for `/tg`, with `req.url` already cut to what follows it (see mountRawRoutes). */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      this.serve(req, res);
    } catch (error) {
      this.forwarder.fail('telegram', res, error);
    }
  };

  // Continuations rather than async/await: a known bot's send runs without a single promise.
  private serve(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const route = parseTelegramPath(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!route) return refuse(res, 'telegram', 'notFound');
    const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
    this.forwarder.withBot('telegram', route.token, res, (bot) =>
      this.forwarder.withBody(req, res, 'telegram', (body) =>
        this.route(req, res, { bot, method: route.method, url, search, body }),
      ),
    );
  }

  private route(req: IncomingMessage, res: ServerResponse, call: TelegramCall): void {
    const { bot, method } = call;
    if (method === TELEGRAM_INBOUND_METHOD) this.polls.polled(bot.id);
    const polling = this.forwarder.inPollingMode(bot);
    if (method === null || (method !== TELEGRAM_INBOUND_METHOD && !polling)) return this.forward(req, res, call, 0);

    const query = parseQuery(call.search);
    const bodyParams = parseBodyParams(req.headers['content-type'], call.body.bytes);
    const pollSeconds = method === TELEGRAM_INBOUND_METHOD ? seconds(bodyParams?.timeout ?? query.timeout) : 0;
    if (!polling) return this.forward(req, res, call, pollSeconds);
    this.forwarder.answeredInPollingMode(bot, { platform: 'telegram', method, query, bodyParams }, res).then(
      (answered) => {
        if (!answered) this.forwarder.guard('telegram', res, () => this.forward(req, res, call, pollSeconds));
      },
      (error: unknown) => this.forwarder.fail('telegram', res, error),
    );
  }

  private forward(req: IncomingMessage, res: ServerResponse, call: TelegramCall, pollSeconds: number): void {
    const { bot, method, url, search, body } = call;
    const recorded = method === null ? null : this.facts.telegramTap(bot, method, () => callParams(req, search, body));
    // Calls without facts are still read for the platform's errors (issue 27), from their status alone until one.
    const tap = recorded ?? (method === null ? null : this.facts.telegramErrorTap(bot, method));
    this.forwarder.forward(
      'telegram',
      {
        method: req.method as Dispatcher.HttpMethod,
        path: url,
        headers: this.forwarder.forwardedHeaders(req, body, recorded !== null),
        body: body.forward,
        timeoutMs: this.timeoutMs(pollSeconds, body),
      },
      res,
      tap,
    );
  }

  private timeoutMs(pollSeconds: number, body: MirrorBody): number {
    const wait = this.forwarder.platformWaitMs;
    if (pollSeconds > 0) return pollSeconds * 1000 + wait;
    return body.streamed ? wait * 10 : wait * 2;
  }
}

export function parseTelegramPath(pathname: string): TelegramRoute | null {
  if (pathname.startsWith('/bot')) {
    const slash = pathname.indexOf('/', 4);
    if (slash <= 4) return null;
    let method = pathname.slice(slash + 1);
    if (method.endsWith('/')) method = method.slice(0, -1);
    if (method === '' || method.includes('/')) return null;
    const token = decodeSegment(pathname.slice(4, slash));
    return token === null ? null : { token, method: method.toLowerCase() };
  }
  if (pathname.startsWith('/file/bot')) {
    const slash = pathname.indexOf('/', 9);
    if (slash <= 9 || slash === pathname.length - 1) return null;
    const token = decodeSegment(pathname.slice(9, slash));
    return token === null ? null : { token, method: null };
  }
  return null;
}

/** Query plus a JSON or urlencoded body (body fields win, as on Telegram); null for multipart or streamed bodies. */
function callParams(req: IncomingMessage, search: string, body: MirrorBody): Record<string, unknown> | null {
  if (body.multipart || body.streamed) return null;
  const query = parseQuery(search);
  const fields = parseBodyParams(req.headers['content-type'], body.bytes);
  return fields ? { ...query, ...fields } : query;
}

function seconds(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), MAX_POLL_SECONDS) : 0;
}

function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
