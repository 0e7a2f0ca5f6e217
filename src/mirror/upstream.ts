import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { Dispatcher, Pool } from 'undici';
import type { Platform } from '../platforms/platform';
import { networkErrorCode } from '../platforms/platform-errors';
import { badGateway, refuse } from '../platforms/platform-refusals';
import { BodyTooLargeError } from './request-body';
import { describeError } from '../logging/describe-error';

/** A response is copied for fact capture up to this size; a larger one is streamed but not recorded. */
export const CAPTURE_COPY_LIMIT = 10 * 1024 * 1024;

export interface ForwardRequest {
  method: Dispatcher.HttpMethod;
  /** Path and query on the platform, e.g. `/bot<token>/sendMessage?x=1`. */
  path: string;
  /** Flat `[name, value, name, value…]` list. */
  headers: string[];
  body: Buffer | Readable | null;
  /** How long the platform may take to start answering, and to send each next chunk. */
  timeoutMs: number;
}

/** Sees a copy of the response of a call whose facts are recorded. */
export interface ResponseTap {
  /**
   * True for sends: once the platform has the call, the message goes out whether or not the bot is
   * still there, so its answer is read to the end and recorded even after the client left.
   */
  readonly outlivesClient: boolean;
  /** Whether a response with this status carries facts. */
  wants(status: number): boolean;
  /**
   * Runs once the client's response has ended, with the status it wanted and the whole body as the platform sent it;
   * a 429's `Retry-After` header too (MAX puts the wait there).
   */
  done(status: number, body: Buffer, contentEncoding: string | undefined, retryAfter?: string): void;
}

// Hop-by-hop headers describe one connection, not the message (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
]);

const logger = new Logger('Mirror');

/** A pooled keep-alive connection to one platform origin that streams calls through unchanged. */
export class Upstream {
  private readonly pool: Pool;

  constructor(
    readonly platform: Platform,
    origin: string,
  ) {
    // One request per connection at a time: a long poll must never hold up a send behind it.
    this.pool = new Pool(origin, { pipelining: 1, connections: null });
  }

  forward(request: ForwardRequest, res: ServerResponse, tap: ResponseTap | null): void {
    const relay = new Relay(this.platform, res, tap);
    this.pool.dispatch(
      {
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      },
      relay,
    );
  }

  /**
   * Lets the calls still running end first (a send whose bot left is still read for its facts), then
   * cuts what is left after `waitMs`. Shutdown closes this only once the mirror's requests are answered.
   */
  async close(waitMs: number): Promise<void> {
    const timer = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
    await Promise.race([this.pool.close(), timer]);
    // Destroying a pool whose close finished is a no-op.
    await this.pool.destroy(null);
  }
}

class ClientGoneError extends Error {}

/**
 * Streams one platform response to the client with backpressure, copying it for the tap.
 *
 * It takes undici's calls in the form its HTTP/1 client makes them (onConnect, onHeaders, onData,
 * onComplete, onError; typed deprecated since undici 7). A handler of the newer form (onRequestStart,
 * onResponseStart…) is wrapped per request in an adapter and a controller that parse the headers and the
 * trailers into objects nobody here reads: in bench/mirror.ts that cost about 2 µs of the app's CPU per send.
 */
class Relay implements Dispatcher.DispatchHandler {
  private abortCall: ((error: Error) => void) | null = null;
  private aborted = false;
  private resumeCall: (() => void) | null = null;
  private paused = false;
  private clientGone = false;
  private copy: Buffer[] | null = null;
  private copySize = 0;
  private copyStatus = 0;
  private contentEncoding: string | undefined;
  private retryAfter: string | undefined;

  constructor(
    private readonly platform: Platform,
    private readonly res: ServerResponse,
    private readonly tap: ResponseTap | null,
  ) {
    res.on('close', this.onClientClose);
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abortCall = abort;
    // Gone before the call left: it is not made at all.
    if (this.clientGone) this.abort();
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    // Informational answers (the mirror never forwards `Expect`, so hardly any) are not relayed.
    if (statusCode < 200) return true;
    this.resumeCall = resume;
    if (!this.clientGone) this.res.writeHead(statusCode, responseHeaders(rawHeaders));
    if (this.tap?.wants(statusCode)) {
      this.copy = [];
      this.copyStatus = statusCode;
      this.contentEncoding = headerValue(rawHeaders, 'content-encoding');
      if (statusCode === 429) this.retryAfter = headerValue(rawHeaders, 'retry-after');
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.copy) {
      this.copySize += chunk.length;
      if (this.copySize <= CAPTURE_COPY_LIMIT) this.copy.push(chunk);
      else this.copy = null;
    }
    if (!this.clientGone && !this.res.write(chunk)) {
      this.paused = true;
      this.res.once('drain', this.onDrain);
    }
    return !this.paused;
  }

  onComplete(): void {
    if (!this.clientGone) this.res.end();
    const { copy, tap } = this;
    if (copy && tap) {
      const body = copy.length === 1 ? copy[0] : Buffer.concat(copy, this.copySize);
      const { copyStatus, contentEncoding, retryAfter } = this;
      // The answer is on its way; recording waits for the next turn of the event loop.
      recordLater(() => tap.done(copyStatus, body, contentEncoding, retryAfter));
    }
  }

  onError(error: Error): void {
    if (this.clientGone || error instanceof ClientGoneError) return;
    if (this.res.headersSent) {
      // Mid-body there is no way to report: cutting the connection tells the client the answer is incomplete.
      this.res.destroy(error);
      return;
    }
    if (error instanceof BodyTooLargeError) {
      refuse(this.res, this.platform, 'tooLarge');
      return;
    }
    const code = networkErrorCode(error);
    logger.warn(`${this.platform} call failed: ${code}`);
    badGateway(this.res, this.platform, code);
  }

  private abort(): void {
    if (this.aborted || !this.abortCall) return;
    this.aborted = true;
    this.abortCall(new ClientGoneError());
  }

  private resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.resumeCall?.();
  }

  private readonly onDrain = (): void => {
    this.resume();
  };

  private readonly onClientClose = (): void => {
    if (this.res.writableFinished) return;
    this.clientGone = true;
    if (this.tap?.outlivesClient) {
      // Nobody reads any more: drain the answer for its facts only.
      this.resume();
      return;
    }
    // E.g. a stopped long poll: the platform call is not needed any more.
    this.abort();
  };
}

/** Recordings of answers that ended during this turn of the event loop, run together on the next one. */
let recordingsDue: Array<() => void> = [];

/** One setImmediate per turn rather than per answer: each is an object and an async resource. */
function recordLater(record: () => void): void {
  if (!recordingsDue.length) setImmediate(runRecordingsDue);
  recordingsDue.push(record);
}

function runRecordingsDue(): void {
  const due = recordingsDue;
  recordingsDue = [];
  for (const record of due) {
    try {
      record();
    } catch (error) {
      logger.error(`Recording a mirrored answer failed: ${describeError(error)}`);
    }
  }
}

/** The platform's headers minus hop-by-hop ones, as the flat list writeHead takes without copying. */
function responseHeaders(raw: Array<Buffer | string>): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = latin1(raw[i]);
    if (!HOP_BY_HOP.has(name.toLowerCase())) out.push(name, latin1(raw[i + 1]));
  }
  return out;
}

/** The last value of a header (name lower-cased) in undici's raw list, or undefined. */
function headerValue(raw: Array<Buffer | string>, name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i].length === name.length && latin1(raw[i]).toLowerCase() === name) value = latin1(raw[i + 1]);
  }
  return value;
}

function latin1(value: Buffer | string): string {
  return typeof value === 'string' ? value : value.toString('latin1');
}
