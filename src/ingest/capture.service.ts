import { Injectable } from '@nestjs/common';
import type { Platform } from '../bots/bot.entity';

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
  /**
   * Updates as the platform delivered them: Telegram `Update` objects, MAX `Update` objects
   * (from `getUpdates` / `GET /updates` answers or webhook pushes).
   */
  async inboundUpdates(bot: CaptureBot, updates: unknown[]): Promise<void> {
    void bot;
    void updates;
  }

  /**
   * A successful send call and the platform's answer.
   * Telegram: `method` lower-cased (`sendmessage`, `sendphoto`, `copymessage`…), `params` the call's
   * parameters when they could be read (null for multipart), `result` the `result` field of the answer.
   * MAX: `method` is `POST /messages`, `params` the query (`user_id`/`chat_id`), `result` the whole answer.
   */
  async outboundResult(bot: CaptureBot, method: string, params: Record<string, unknown> | null, result: unknown): Promise<void> {
    void bot;
    void method;
    void params;
    void result;
  }

  /** A Telegram webhook answer that is itself an API call (`{ method: 'sendMessage', chat_id, text }`). */
  async webhookReply(bot: CaptureBot, reply: Record<string, unknown>): Promise<void> {
    void bot;
    void reply;
  }
}
