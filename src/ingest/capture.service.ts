import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Platform } from '../platforms/platform';
import type { Statement } from './fact-store';
import { Fact, PaymentFact, PlatformErrorFact, RefundFact, TargetFailureFact } from './facts';
import { IngestWriter } from './ingest-writer';
import { maxForbiddenSendFacts, maxSentFacts, maxUpdateFacts } from './max-facts';
import {
  telegramForbiddenSendFacts,
  telegramRefundCallFacts,
  telegramSentFacts,
  telegramUpdateFacts,
  telegramWebhookReplyFacts,
} from './telegram-facts';

/** The bot a captured exchange belongs to. */
export interface CaptureBot {
  id: string;
  userId: string;
  platform: Platform;
  utmKey: string;
}

/**
 * The one entry point through which the mirror and the proxy hand over traffic. Each method
 * resolves once the facts are committed (the proxy awaits it; the mirror does not).
 */
@Injectable()
export class CaptureService {
  constructor(
    private readonly writer: IngestWriter,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Updates as the platform delivered them: Telegram `Update` objects, MAX `Update` objects
   * (from `getUpdates` / `GET /updates` answers or webhook pushes). Each update is its own item of the
   * batch, so one PostgreSQL refuses is skipped alone. `patient`: the caller answered already (the
   * mirror), so the facts may wait through an outage; otherwise it fails at once (the proxy answers 503).
   */
  async inboundUpdates(
    bot: CaptureBot,
    updates: unknown[],
    options: { patient: boolean } = { patient: false },
  ): Promise<void> {
    const parse = bot.platform === 'telegram' ? telegramUpdateFacts : maxUpdateFacts;
    await Promise.all(updates.map((update) => this.writer.write(bot, parse(update), options)));
  }

  /**
   * A successful send call and the platform's answer.
   * Telegram: `method` lower-cased (`sendmessage`, `sendphoto`, `copymessage`…), `params` the call's
   * parameters when they could be read (null for multipart), `result` the `result` field of the answer.
   * MAX: `method` is `POST /messages`, `params` the query (`user_id`/`chat_id`), `result` the whole answer.
   */
  outboundResult(
    bot: CaptureBot,
    method: string,
    params: Record<string, unknown> | null,
    result: unknown,
  ): Promise<void> {
    const facts: Fact[] =
      bot.platform === 'telegram' ? telegramSentFacts(method, params, result) : maxSentFacts(params, result);
    // Nobody waits on this commit (the mirror answered already): the facts may wait a little for company.
    return this.writer.writeSoon(bot, facts);
  }

  /**
   * A send call the platform answered 403: the user blocked the bot (contract §6). `params` as for
   * outboundResult: Telegram's `chat_id` (private chats only), MAX's `user_id` query parameter.
   * Like `my_chat_member` blocks, it only marks an existing contact and never creates one.
   */
  sendForbidden(bot: CaptureBot, params: Record<string, unknown> | null): Promise<void> {
    const at = new Date();
    const facts =
      bot.platform === 'telegram' ? telegramForbiddenSendFacts(params, at) : maxForbiddenSendFacts(params, at);
    return this.writer.writeSoon(bot, facts);
  }

  /**
   * Records a message the service itself sent (cabinet, open API, broadcasts) and returns the stored
   * message, so the caller can answer with its public id. Null when the answer describes no private chat
   * (then nothing is written, `alongside` included).
   * `alongside` builds statements committed in the same transaction as the message, from the SQL that
   * selects the stored message's id (`$1`, `$2` taken by it): a crash can never keep one without the other.
   */
  async recordSent(
    bot: CaptureBot,
    method: string,
    params: Record<string, unknown> | null,
    result: unknown,
    alongside?: (storedMessageId: Statement) => Statement,
    options: { broadcast?: boolean } = {},
  ): Promise<{ id: string; created_at: Date } | null> {
    const facts: Fact[] =
      bot.platform === 'telegram' ? telegramSentFacts(method, params, result) : maxSentFacts(params, result);
    const sent = facts.find((fact) => fact.kind === 'message');
    if (!sent || sent.kind !== 'message') return null;
    // A broadcast answers nobody: it neither gives reply times nor ends a dialog's wait.
    if (options.broadcast) sent.broadcast = true;
    // With its time, which is part of the dedupe key: one month's partition is searched, not every one.
    const storedMessageId = {
      text: `SELECT id FROM messages WHERE bot_id = $1 AND dedupe_key = $2 AND created_at = $3`,
      values: [bot.id, sent.dedupeKey, sent.at.toISOString()],
    };
    await this.writer.write(bot, facts, { alongside: alongside ? [alongside(storedMessageId)] : undefined });
    const rows: Array<{ id: string; created_at: Date }> = await this.dataSource.query(
      `SELECT id, created_at FROM messages WHERE bot_id = $1 AND dedupe_key = $2 AND created_at = $3`,
      [bot.id, sent.dedupeKey, sent.at.toISOString()],
    );
    return rows[0] ?? null;
  }

  /** A mirrored call the platform refused (issue 27). Nobody waits on this commit. */
  platformError(bot: CaptureBot, fact: PlatformErrorFact): Promise<void> {
    return this.writer.writeSoon(bot, [fact]);
  }

  /** An update the proxy target failed (issue 27): recorded after the platform got its answer. */
  targetFailure(bot: CaptureBot, fact: TargetFailureFact): Promise<void> {
    return this.writer.write(bot, [fact], { patient: true });
  }

  /**
   * A Telegram `refundStarPayment` call the platform answered `ok: true` (the mirror): the charge it names is
   * refunded now. Nobody waits on this commit.
   */
  starPaymentRefunded(bot: CaptureBot, params: Record<string, unknown> | null): Promise<void> {
    return this.writer.writeSoon(bot, telegramRefundCallFacts(params, new Date()));
  }

  /**
   * A payment or a refund an integrator reports (`origin: 'api'` for payments), on any platform. Resolves once
   * committed; a payment's contact must exist already (the fact has no profile to create it with).
   */
  reported(bot: CaptureBot, fact: PaymentFact | RefundFact): Promise<void> {
    return this.writer.write(bot, [fact]);
  }

  /** A Telegram webhook answer that is itself an API call (`{ method: 'sendMessage', chat_id, text }`). */
  webhookReply(bot: CaptureBot, reply: Record<string, unknown>): Promise<void> {
    if (bot.platform !== 'telegram') return Promise.resolve();
    // Recorded after the platform got its answer: nobody waits on it.
    return this.writer.write(bot, telegramWebhookReplyFacts(reply, randomUUID()), { patient: true });
  }
}
