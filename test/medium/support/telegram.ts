import { CaptureService, type CaptureBot } from '../../../src/ingest/capture.service';
import type { TestDatabase } from './database';
import { ingestPipeline, type IngestPipeline } from './ingest';

/** A Telegram user as a message's `from` carries it. */
export interface TelegramPerson {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  is_premium?: boolean;
  language_code?: string;
}

let sequence = 0;

/**
 * Telegram traffic handed to the ingest as the mirror and the proxy hand it over (CaptureService over the real
 * writer, so the platform's payloads are parsed as in the app); each call resolves once its facts are committed.
 */
export interface TelegramTraffic {
  capture: CaptureService;
  /** A message of `from` in their private chat at `at` (whole seconds), with the message's other fields. */
  inbound(bot: CaptureBot, from: TelegramPerson, at: Date, fields: Record<string, unknown>): Promise<void>;
  /** The answer to a send of the bot (`method` lower-cased) to `to` at `at`. */
  sent(bot: CaptureBot, method: string, to: TelegramPerson, at: Date, fields: Record<string, unknown>): Promise<void>;
}

export function telegramTraffic(db: TestDatabase, ingest: IngestPipeline = ingestPipeline(db)): TelegramTraffic {
  const capture = new CaptureService(ingest.writer, db.dataSource);
  return {
    capture,
    inbound: (bot, from, at, fields) =>
      capture.inboundUpdates(bot, [
        {
          update_id: ++sequence,
          message: {
            message_id: ++sequence,
            from: { is_bot: false, ...from },
            chat: { id: from.id, type: 'private', first_name: from.first_name },
            date: at.getTime() / 1000,
            ...fields,
          },
        },
      ]),
    sent: (bot, method, to, at, fields) =>
      capture.outboundResult(bot, method, null, {
        message_id: ++sequence,
        from: { id: 999, is_bot: true, first_name: 'Shop bot', username: 'shop_bot' },
        chat: { id: to.id, type: 'private', first_name: to.first_name },
        date: at.getTime() / 1000,
        ...fields,
      }),
  };
}

/** A time to the second, as platforms give them, so the answers can be compared exactly. */
export const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
