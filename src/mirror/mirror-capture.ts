import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Injectable, Logger } from '@nestjs/common';
import type { RegisteredBot } from '../bots/bot-registry';
import { CaptureService } from '../ingest/capture.service';
import { TELEGRAM_SEND_METHODS } from '../ingest/telegram-facts';
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
    if (method === TELEGRAM_INBOUND_METHOD) {
      return new JsonTap(this, method, 'poll', (answer) => {
        const result = isTelegramOk(answer) ? answer.result : undefined;
        return Array.isArray(result) && result.length > 0
          ? this.capture.inboundUpdates(bot, result, PATIENT)
          : undefined;
      });
    }
    if (TELEGRAM_OUTBOUND_METHODS.has(method)) {
      // The Message a send answers with tells everything; only copyMessage's bare id needs the call's own fields.
      const needsParams = !TELEGRAM_SEND_METHODS.has(method);
      return new JsonTap(this, method, 'send', (answer, status) => {
        if (status === FORBIDDEN) return this.capture.sendForbidden(bot, params());
        return isTelegramOk(answer)
          ? this.capture.outboundResult(bot, method, needsParams ? params() : null, answer.result)
          : undefined;
      });
    }
    if (method === TELEGRAM_REFUND_METHOD) {
      return new JsonTap(this, method, 'call', (answer) =>
        isTelegramOk(answer) && answer.result === true ? this.capture.starPaymentRefunded(bot, params()) : undefined,
      );
    }
    return null;
  }

  /** The tap for a MAX call (`GET /updates` style) whose answer is recorded, or null. */
  maxTap(bot: RegisteredBot, call: string, query: () => Record<string, string>): ResponseTap | null {
    if (call === MAX_INBOUND_CALL) {
      return new JsonTap(this, call, 'poll', (answer) => {
        const updates = isObject(answer) ? answer.updates : undefined;
        return Array.isArray(updates) && updates.length > 0
          ? this.capture.inboundUpdates(bot, updates, PATIENT)
          : undefined;
      });
    }
    if (call === MAX_OUTBOUND_CALL) {
      return new JsonTap(this, call, 'send', (answer, status) =>
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
 * 403 is recorded too, with no answer: it means the user blocked the bot (contract §6).
 */
class JsonTap implements ResponseTap {
  /** Sends (and refunds) are recorded even when the bot left before their answer; polls are dropped with it. */
  readonly outlivesClient: boolean;

  constructor(
    private readonly owner: MirrorCapture,
    private readonly call: string,
    /** `call`: a call whose effect happens whether or not the bot waits for its answer (a refund). */
    kind: 'poll' | 'send' | 'call',
    /** Gets the parsed answer of a 200, or undefined with a 403 (which only a send's record makes anything of). */
    private readonly record: (answer: unknown, status: number) => Promise<void> | undefined,
  ) {
    this.outlivesClient = kind !== 'poll';
  }

  wants(status: number): boolean {
    return status === 200 || (status === FORBIDDEN && this.outlivesClient);
  }

  done(status: number, body: Buffer, contentEncoding: string | undefined): void {
    let answer: unknown;
    if (status === 200) {
      try {
        answer = JSON.parse(decode(body, contentEncoding).toString('utf8'));
      } catch {
        return;
      }
    }
    try {
      // The handler waits for the commit (50 ms or more): it holds the call's name only, not this tap,
      // whose parameter reader holds the whole request. Kept alive that long, requests were copied
      // and promoted by the garbage collector, which cost more than recording them.
      const { owner, call } = this;
      this.record(answer, status)?.catch((error: unknown) => owner.reportFailure(call, error));
    } catch (error) {
      this.owner.reportFailure(this.call, error);
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
