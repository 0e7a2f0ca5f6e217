import { Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BotRegistry, RegisteredBot } from '../../bots/bot-registry';
import { safeEqual } from '../../common/crypto/random';
import { isUuid } from '../../common/http/ids';
import { Messages } from '../../common/messages';
import { isDatabaseUnavailable } from '../../database/database-errors';
import { CaptureService } from '../../ingest/capture.service';
import { IngestBusyError } from '../../ingest/ingest-writer';
import { Metrics, ProxyOutcome } from '../../metrics/metrics';
import { POLLING_TARGET } from '../../platforms/platform';
import { refuse } from '../../platforms/platform-refusals';
import { heldUpdateKey } from '../../polling/held-update-key';
import { HeldUpdateSignal } from '../../polling/held-update-signal';
import { HeldUpdatesStore } from '../../polling/held-updates.store';
import { ForwardStatusRecorder } from './forward-status.recorder';
import { BodyTooLargeError, readBody, SenderGoneError } from './read-body';
import { TargetForwarder } from './target-forwarder';
import { describeError } from '../../logging/describe-error';

export const PROXY_BODY_LIMIT = 50 * 1024 * 1024;

/** The header each platform puts its webhook secret in. */
const SECRET_HEADERS = { telegram: 'x-telegram-bot-api-secret-token', max: 'x-max-bot-api-secret' } as const;

class ReceiverError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `POST /proxy/<bot_id>/<proxy_secret>` (contract §5). The update is committed first (facts, and in
 * polling mode the held copy); only then is it forwarded to target_url, whose 2xx answer becomes
 * Telegram's webhook answer. A failing target never costs data: the platform still gets 200.
 */
@Injectable()
export class ProxyReceiver {
  private readonly logger = new Logger('ProxyReceiver');
  /** Per bot, the updates in a row its target failed on this instance. */
  private readonly targetStreaks = new Map<string, number>();

  constructor(
    private readonly registry: BotRegistry,
    private readonly capture: CaptureService,
    private readonly held: HeldUpdatesStore,
    private readonly signal: HeldUpdateSignal,
    private readonly forwarder: TargetForwarder,
    private readonly forwardStatus: ForwardStatusRecorder,
    private readonly metrics: Metrics,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, botId: string, secret: string): Promise<void> {
    // Before its bot is known, an update has no platform.
    let platform = 'unknown';
    const outcome = await this.receive(req, res, botId, secret, (bot) => (platform = bot.platform));
    if (outcome) this.metrics.proxyUpdates.inc({ platform, outcome });
  }

  private async receive(
    req: IncomingMessage,
    res: ServerResponse,
    botId: string,
    secret: string,
    found: (bot: RegisteredBot) => void,
  ): Promise<ProxyOutcome | null> {
    try {
      const bot = await this.authenticate(req, botId, secret);
      found(bot);
      // Deactivated (by its owner, or with a deleted account): no new update enters (contract §4's 403).
      if (!bot.active) {
        refuse(res, bot.platform, 'deactivated');
        return 'refused';
      }
      const raw = await this.readBody(req);
      const update = parseUpdate(raw);
      await this.commit(bot, update, raw);
      return await this.deliver(bot, raw, req, res);
    } catch (error) {
      if (error instanceof ReceiverError) {
        answerMessage(res, error.status, error.message);
        return 'refused';
      }
      if (error instanceof SenderGoneError) return null;
      // Not committed, so not acknowledged: the platform delivers the update again (the ingest logs the outage).
      if (isDatabaseUnavailable(error) || error instanceof IngestBusyError) {
        answerMessage(res, 503, Messages.unavailable);
        return 'unavailable';
      }
      this.logger.error(describeError(error));
      answerMessage(res, 500, Messages.internal);
      return 'error';
    }
  }

  private async authenticate(req: IncomingMessage, botId: string, secret: string): Promise<RegisteredBot> {
    const bot = isUuid(botId) ? await this.registry.findById(botId) : null;
    if (!bot || !safeEqual(secret, bot.proxySecret)) throw new ReceiverError(404, Messages.botNotFound);
    if (bot.webhookSecret !== null) {
      const given = req.headers[SECRET_HEADERS[bot.platform]];
      if (typeof given !== 'string' || !safeEqual(given, bot.webhookSecret)) {
        throw new ReceiverError(401, Messages.invalidWebhookSecret);
      }
    }
    return bot;
  }

  private async readBody(req: IncomingMessage): Promise<Buffer> {
    try {
      return await readBody(req, PROXY_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new ReceiverError(413, Messages.bodyTooLarge);
      throw error;
    }
  }

  /** Resolves once the update is committed. */
  private async commit(bot: RegisteredBot, update: Record<string, unknown>, raw: Buffer): Promise<void> {
    if (bot.targetUrl !== POLLING_TARGET) return this.capture.inboundUpdates(bot, [update]);
    const text = raw.toString('utf8');
    await Promise.all([
      this.capture.inboundUpdates(bot, [update]),
      this.held.hold(bot.id, heldUpdateKey(bot.platform, update, text), text),
    ]);
    this.signal.notify(bot.id);
  }

  private async deliver(
    bot: RegisteredBot,
    raw: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<ProxyOutcome> {
    if (!bot.targetUrl || !/^https?:\/\//i.test(bot.targetUrl)) {
      answerEmpty(res);
      return 'stored';
    }
    const result = await this.forwarder.forward(bot.targetUrl, raw, req.headers);
    await this.forwardStatus.record(bot.id, result.delivered ? null : result.error);
    this.countTargetOutcome(bot, result.delivered ? null : result.error);
    // MAX counts a delivery only on 200 and reads no answer, so it gets a bare 200 whatever the target said.
    if (!result.delivered || bot.platform === 'max') {
      answerEmpty(res);
      return result.delivered ? 'forwarded' : 'target_failed';
    }

    res.statusCode = result.status;
    if (result.contentType) res.setHeader('content-type', result.contentType);
    res.setHeader('content-length', result.body.length);
    res.end(result.body);
    const reply = webhookReplyCall(result.body);
    if (reply) {
      this.capture.webhookReply(bot, reply).catch((error: unknown) => {
        this.logger.warn(`Recording a webhook reply failed: ${describeError(error)}`);
      });
    }
    return 'forwarded';
  }

  /**
   * A target failure (status >= 500, a timeout, a refused or broken connection) is recorded with how many updates in
   * a row this instance saw fail (the `target` alert); any delivered update starts the count again.
   */
  private countTargetOutcome(bot: RegisteredBot, error: string | null): void {
    if (error === null) {
      this.targetStreaks.delete(bot.id);
      return;
    }
    if (!isTargetFailure(error)) return;
    const streak = (this.targetStreaks.get(bot.id) ?? 0) + 1;
    this.targetStreaks.set(bot.id, streak);
    this.capture.targetFailure(bot, { kind: 'target_failure', error, streak, at: new Date() }).catch((failure) => {
      this.logger.warn(`Recording a target failure failed: ${describeError(failure)}`);
    });
  }
}

/** `HTTP 5xx` or a network code (`ETIMEDOUT`, `ECONNREFUSED`…), not a 3xx/4xx answer or a refused address. */
export function isTargetFailure(error: string): boolean {
  return /^HTTP 5\d\d$/.test(error) || /^E[A-Z_]+$/.test(error);
}

function parseUpdate(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ReceiverError(400, Messages.malformedJson);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ReceiverError(400, Messages.malformedJson);
  return value as Record<string, unknown>;
}

/** A Telegram webhook answer that is itself an API call (`{"method":"sendMessage",…}`), or null. */
function webhookReplyCall(body: Buffer): Record<string, unknown> | null {
  if (body.length === 0 || body.length > 64 * 1024) return null;
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const call = value as Record<string, unknown>;
      return typeof call.method === 'string' ? call : null;
    }
  } catch {
    // Not JSON: an ordinary answer, nothing to record.
  }
  return null;
}

function answerEmpty(res: ServerResponse): void {
  res.statusCode = 200;
  res.setHeader('content-length', 0);
  res.end();
}

function answerMessage(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = JSON.stringify({ message });
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(payload));
  // A refused body may still be arriving; closing is cheaper than reading it.
  if (status === 413) res.setHeader('connection', 'close');
  res.end(payload);
}
