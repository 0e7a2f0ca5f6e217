import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Injectable, Logger } from '@nestjs/common';
import type { RegisteredBot } from '../bots/bot-registry';
import { CaptureService } from '../ingest/capture.service';
import { TELEGRAM_SEND_METHODS } from '../ingest/telegram-facts';
import { maxErrorFact, telegramErrorFact } from '../ingest/platform-error-facts';
import type { ResponseTap } from './upstream';
import { describeError } from '../logging/describe-error';

/** Telegram send methods whose successful answer is an outbound message (contract §4), lower-cased. */
export const TELEGRAM_OUTBOUND_METHODS: ReadonlySet<string> = new Set([...TELEGRAM_SEND_METHODS, 'copymessage']);

export const TELEGRAM_INBOUND_METHOD = 'getupdates';
/** A Stars refund the bot makes itself: answered `ok: true`, the charge it names is refunded (issue 26). */
export const TELEGRAM_REFUND_METHOD = 'refundstarpayment';
export const MAX_INBOUND_CALL = 'GET /updates';
export const MAX_OUTBOUND_CALL = 'POST /messages';
/** The mirror records after answering: its facts may wait through an outage of PostgreSQL. */
const PATIENT = { patient: true };
/** A send answered this way was refused because the user blocked the bot (platforms.md §7). */
const FORBIDDEN = 403;

/** The call's parameters, read only after the answer went back (null when they cannot be read). */
export type ParamsReader = () => Record<string, unknown> | null;

/**
 * Decides which mirrored answers carry facts and hands them to CaptureService once the answer is on
 * its way. Recording can never change the bot's answer: every failure is caught and logged here.
 */
@Injectable()
export class MirrorCapture {
  private readonly logger = new Logger('Mirror');

  constructor(private readonly capture: CaptureService) {}

  /** The tap for a Telegram call (method lower-cased) whose answer is recorded, or null. */
  telegramTap(bot: RegisteredBot, method: string, params: ParamsReader): ResponseTap | null {
    const failed = (send: boolean) => (status: number, answer: unknown) => {
      const fact = telegramErrorFact(method, status, answer, send, new Date());
      return fact ? this.capture.platformError(bot, fact) : undefined;
    };
    if (method === TELEGRAM_INBOUND_METHOD) {
      return new JsonTap(this, method, 'poll', failed(false), (answer) => {
        const result = isTelegramOk(answer) ? answer.result : undefined;
        return Array.isArray(result) && result.length > 0
          ? this.capture.inboundUpdates(bot, result, PATIENT)
          : undefined;
      });
    }
    if (TELEGRAM_OUTBOUND_METHODS.has(method)) {
      // The Message a send answers with tells everything; only copyMessage's bare id needs the call's own fields.
      const needsParams = !TELEGRAM_SEND_METHODS.has(method);
      return new JsonTap(this, method, 'send', failed(true), (answer, status) => {
        if (status === FORBIDDEN) return this.capture.sendForbidden(bot, params());
        return isTelegramOk(answer)
          ? this.capture.outboundResult(bot, method, needsParams ? params() : null, answer.result)
          : undefined;
      });
    }
    if (method === TELEGRAM_REFUND_METHOD) {
      return new JsonTap(this, method, 'call', failed(false), (answer) =>
        isTelegramOk(answer) && answer.result === true ? this.capture.starPaymentRefunded(bot, params()) : undefined,
      );
    }
    return null;
  }

  /** For the calls no fact is recorded of: a tap that sees only the platform's errors (issue 27). */
  telegramErrorTap(bot: RegisteredBot, method: string): ResponseTap {
    return new JsonTap(this, method, 'errors', (status, answer) => {
      const fact = telegramErrorFact(method, status, answer, false, new Date());
      return fact ? this.capture.platformError(bot, fact) : undefined;
    });
  }

  /** As telegramErrorTap, for MAX calls. */
  maxErrorTap(bot: RegisteredBot, call: string): ResponseTap {
    return new JsonTap(this, call, 'errors', (status, answer, retryAfter) => {
      const fact = maxErrorFact(call, status, answer, false, new Date(), retryAfter);
      return fact ? this.capture.platformError(bot, fact) : undefined;
    });
  }

  /** The tap for a MAX call (`GET /updates` style) whose answer is recorded, or null. */
  maxTap(bot: RegisteredBot, call: string, query: () => Record<string, string>): ResponseTap | null {
    const failed = (send: boolean) => (status: number, answer: unknown, retryAfter?: string) => {
      const fact = maxErrorFact(call, status, answer, send, new Date(), retryAfter);
      return fact ? this.capture.platformError(bot, fact) : undefined;
    };
    if (call === MAX_INBOUND_CALL) {
      return new JsonTap(this, call, 'poll', failed(false), (answer) => {
        const updates = isObject(answer) ? answer.updates : undefined;
        return Array.isArray(updates) && updates.length > 0
          ? this.capture.inboundUpdates(bot, updates, PATIENT)
          : undefined;
      });
    }
    if (call === MAX_OUTBOUND_CALL) {
      return new JsonTap(this, call, 'send', failed(true), (answer, status) =>
        status === FORBIDDEN
          ? this.capture.sendForbidden(bot, query())
          : this.capture.outboundResult(bot, call, query(), answer),
      );
    }
    return null;
  }

  reportFailure(call: string, error: unknown): void {
    this.logger.error(`Recording the facts of a mirrored ${call} failed: ${describeError(error)}`);
  }
}

/**
 * Parses a successful JSON answer and records it; a body that is not JSON carries no facts. A send's
 * 403 is recorded too, with no answer: it means the user blocked the bot (contract §6). Every error answer
 * (status >= 400) goes to `failed` as a platform error, with its body when it is JSON (issue 27).
 */
class JsonTap implements ResponseTap {
  /** Sends (and refunds) are recorded even when the bot left before their answer; polls are dropped with it. */
  readonly outlivesClient: boolean;
  private readonly record: ((answer: unknown, status: number) => Promise<void> | undefined) | null;

  constructor(
    private readonly owner: MirrorCapture,
    private readonly call: string,
    /** `call`: a call whose effect happens whether or not the bot waits for its answer (a refund); `errors`: only its errors are read. */
    kind: 'poll' | 'send' | 'call' | 'errors',
    private readonly failed: (status: number, answer: unknown, retryAfter?: string) => Promise<void> | undefined,
    /** Gets the parsed answer of a 200, or undefined with a 403 (which only a send's record makes anything of). */
    record?: (answer: unknown, status: number) => Promise<void> | undefined,
  ) {
    this.outlivesClient = kind === 'send' || kind === 'call';
    this.record = record ?? null;
  }

  wants(status: number): boolean {
    return (status === 200 && this.record !== null) || status >= 400;
  }

  done(status: number, body: Buffer, contentEncoding: string | undefined, retryAfter?: string): void {
    let answer: unknown;
    try {
      answer = JSON.parse(decode(body, contentEncoding).toString('utf8'));
    } catch {
      // An error is counted without its body; a success without JSON carries no facts.
      if (status < 400) return;
    }
    const { owner, call } = this;
    try {
      // The handler waits for the commit (50 ms or more): it holds the call's name only, not this tap,
      // whose parameter reader holds the whole request. Kept alive that long, requests were copied
      // and promoted by the garbage collector, which cost more than recording them.
      if (status >= 400)
        this.failed(status, answer, retryAfter)?.catch((error: unknown) => owner.reportFailure(call, error));
      if (this.record && (status === 200 || (status === FORBIDDEN && this.outlivesClient)))
        this.record(status === 200 ? answer : undefined, status)?.catch((error: unknown) =>
          owner.reportFailure(call, error),
        );
    } catch (error) {
      owner.reportFailure(call, error);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function isTelegramOk(value: unknown): value is { ok: true; result: unknown } {
  return isObject(value) && value.ok === true;
}

/** The mirror asks for identity encoding on recorded calls; this covers a platform that compresses anyway. */
function decode(body: Buffer, contentEncoding: string | undefined): Buffer {
  switch (contentEncoding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`unsupported content-encoding ${contentEncoding}`);
  }
}
