import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Platform } from '../platforms/platform';
import { BotRegistry, RegisteredBot } from '../bots/bot-registry';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { POLLING_TARGET } from '../platforms/platform';
import { refuse } from '../platforms/platform-refusals';
import type { MirrorCall } from '../polling/mirror-call';
import { PollingAnswerer } from '../polling/polling-answerer';
import {
  declaredBodyLength,
  isMultipart,
  limitedBody,
  MAX_BODY_BYTES,
  readSmallBody,
  SMALL_BODY_BYTES,
} from './request-body';
import { ForwardRequest, ResponseTap, Upstream } from './upstream';
import { describeError } from '../logging/describe-error';

/** A request body as the mirror forwards it. */
export interface MirrorBody {
  /** What undici sends: the bytes read (small bodies), the request stream itself, or nothing. */
  forward: Buffer | Readable | null;
  /** The whole body when it was small enough to read (see SMALL_BODY_BYTES), else null. */
  bytes: Buffer | null;
  /** True when the body streams through (uploads): such calls may take longer. */
  streamed: boolean;
  multipart: boolean;
}

/** How long platform calls still running when the app closes (sends read for their facts) may take to end. */
const UPSTREAM_CLOSE_WAIT_MS = 5_000;

const NO_BODY: MirrorBody = { forward: null, bytes: null, streamed: false, multipart: false };

/**
 * What both platform mirrors share on the way to the platform: finding the bot, taking the body,
 * letting polling mode answer first, and forwarding over the pooled connections to the platforms.
 */
@Injectable()
export class MirrorForwarder implements OnModuleDestroy {
  /** Contract §4's 30 s, configurable so tests need not wait that long. */
  readonly platformWaitMs: number;
  private readonly logger = new Logger('Mirror');
  private readonly upstreams: Record<Platform, Upstream>;

  constructor(
    private readonly registry: BotRegistry,
    private readonly polling: PollingAnswerer,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.platformWaitMs = config.mirrorPlatformTimeoutMs;
    this.upstreams = {
      telegram: new Upstream('telegram', config.telegramApiUrl),
      max: new Upstream('max', config.maxApiUrl),
    };
  }

  /** Whether polling mode must see this bot's calls. */
  inPollingMode(bot: RegisteredBot): boolean {
    return bot.targetUrl === POLLING_TARGET;
  }

  /**
   * Calls `then` with the active bot that has this token, or answers 401 (unknown: never forwarded,
   * the mirror is no open proxy), 403 (deactivated) or 503 (unknown to the cache while the database
   * is down). A bot the cache knows is resolved synchronously, without a promise.
   */
  withBot(platform: Platform, token: string, res: ServerResponse, then: (bot: RegisteredBot) => void): void {
    const cached = this.registry.peekByToken(platform, token);
    if (cached !== undefined) {
      if (this.admitted(platform, cached, res)) then(cached);
      return;
    }
    this.registry.findByToken(platform, token).then(
      (bot) => {
        if (this.admitted(platform, bot, res)) this.guard(platform, res, () => then(bot));
      },
      (error: unknown) => {
        this.logger.warn(`Cannot look up a ${platform} bot: ${describeError(error)}`);
        refuse(res, platform, 'unavailable');
      },
    );
  }

  /**
   * Calls `then` with the body to forward, or answers 413 when it is declared over 50 MB. Small
   * bodies are read first (then is called on their end); larger ones and multipart stream through.
   */
  withBody(req: IncomingMessage, res: ServerResponse, platform: Platform, then: (body: MirrorBody) => void): void {
    const length = declaredBodyLength(req);
    if (length > MAX_BODY_BYTES) return refuse(res, platform, 'tooLarge');
    if (length === 0) return then(NO_BODY);
    const multipart = isMultipart(req);
    if (length > 0 && length <= SMALL_BODY_BYTES && !multipart) {
      return readSmallBody(req, (bytes) =>
        this.guard(platform, res, () => then({ forward: bytes, bytes, streamed: false, multipart })),
      );
    }
    // A declared length is enforced by Node's parser; a chunked body is counted on the way.
    then({ forward: length > 0 ? req : limitedBody(req), bytes: null, streamed: true, multipart });
  }

  /** Runs a continuation from an event or a promise, where a throw would otherwise escape. */
  guard(platform: Platform, res: ServerResponse, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.fail(platform, res, error);
    }
  }

  private admitted(platform: Platform, bot: RegisteredBot | null, res: ServerResponse): bot is RegisteredBot {
    if (!bot) refuse(res, platform, 'unauthorized');
    else if (!bot.active) refuse(res, platform, 'deactivated');
    else return true;
    return false;
  }

  /** Lets polling mode answer the call; true when it did and the mirror must do nothing more. */
  async answeredInPollingMode(bot: RegisteredBot, call: MirrorCall, res: ServerResponse): Promise<boolean> {
    try {
      return await this.polling.answer(bot, call, res);
    } catch (error) {
      this.logger.error(`Polling mode failed on ${call.platform} ${call.method}: ${describeError(error)}`);
      if (res.headersSent) res.destroy();
      else refuse(res, call.platform, 'internal');
      return true;
    }
  }

  /**
   * The request headers that matter to the platform. Compression is left to the platform and the
   * client, except on recorded calls, which ask for an identity body so the copy can be read.
   */
  forwardedHeaders(req: IncomingMessage, body: MirrorBody, recorded: boolean, authorization?: string): string[] {
    const { headers } = req;
    const out: string[] = [];
    if (headers['content-type'] !== undefined) out.push('content-type', headers['content-type']);
    // undici computes the length of bytes it was given; a stream keeps the client's declared length.
    if (body.streamed && headers['content-length'] !== undefined) out.push('content-length', headers['content-length']);
    if (headers.accept !== undefined) out.push('accept', headers.accept);
    if (!recorded && headers['accept-encoding'] !== undefined) out.push('accept-encoding', headers['accept-encoding']);
    if (headers['user-agent'] !== undefined) out.push('user-agent', headers['user-agent']);
    if (headers.range !== undefined) out.push('range', headers.range);
    if (authorization !== undefined) out.push('authorization', authorization);
    return out;
  }

  forward(platform: Platform, request: ForwardRequest, res: ServerResponse, tap: ResponseTap | null): void {
    this.upstreams[platform].forward(request, res, tap);
  }

  /** Answers an unexpected failure of the mirror itself, without leaking its details. */
  fail(platform: Platform, res: ServerResponse, error: unknown): void {
    this.logger.error(`Mirror failure on ${platform}: ${describeError(error)}`);
    if (res.headersSent) res.destroy();
    else refuse(res, platform, 'internal');
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([
      this.upstreams.telegram.close(UPSTREAM_CLOSE_WAIT_MS),
      this.upstreams.max.close(UPSTREAM_CLOSE_WAIT_MS),
    ]);
  }
}
