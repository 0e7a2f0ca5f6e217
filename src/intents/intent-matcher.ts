import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ChangeEvents, IntentsChanged } from '../common/changes';
import { FactEvents, MessageEvent } from '../ingest/events';
import { Intent } from './intent.entity';
import { CompiledIntent } from './intent-rules';
import { describeError } from '../logging/describe-error';

const FRESH_MS = 10_000;

/**
 * Internal only (never delivered to webhook subscribers): emitted once a message's intent matches are
 * stored, so consumers such as funnels can count them without polling message_intents.
 */
export const INTENT_MATCHED = 'intent.matched';

export interface IntentMatchedEvent {
  bot_id: string;
  message_id: string;
  intent_ids: string[];
}

/** Applies a bot's active intents to each new inbound message, right after it is stored. */
@Injectable()
export class IntentMatcher {
  private readonly logger = new Logger('Intents');
  private readonly cache = new Map<string, { at: number; intents: Promise<CompiledIntent[]> }>();

  constructor(
    @InjectRepository(Intent) private readonly intents: Repository<Intent>,
    private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
  ) {}

  @OnEvent(ChangeEvents.intentsChanged)
  onIntentsChanged(change: IntentsChanged): void {
    this.cache.delete(change.botId);
  }

  @OnEvent(FactEvents.messageCreated, { async: true, promisify: true })
  async onInbound(message: MessageEvent): Promise<void> {
    if (!message.text) return;
    try {
      const matched = (await this.activeIntents(message.bot_id)).filter((intent) => intent.matches(message.text!));
      if (!matched.length) return;
      await this.dataSource.query(
        `INSERT INTO message_intents (intent_id, message_id, bot_id, contact_id, created_at)
         SELECT i.id, m.id, m.bot_id, m.contact_id, m.created_at
         FROM messages m CROSS JOIN unnest($2::uuid[]) AS i(id)
         WHERE m.id = $1
         ON CONFLICT DO NOTHING`,
        [message.message_id, matched.map((intent) => intent.id)],
      );
      const stored: IntentMatchedEvent = {
        bot_id: message.bot_id,
        message_id: message.message_id,
        intent_ids: matched.map((intent) => intent.id),
      };
      this.events.emit(INTENT_MATCHED, stored);
    } catch (error) {
      this.logger.error(`Matching intents failed: ${describeError(error)}`);
    }
  }

  private activeIntents(botId: string): Promise<CompiledIntent[]> {
    const cached = this.cache.get(botId);
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.intents;
    const intents = this.intents
      .findBy({ botId, isActive: true })
      .then((rows) => rows.map((row) => new CompiledIntent(row.id, row)));
    this.cache.set(botId, { at: Date.now(), intents });
    intents.catch(() => this.cache.delete(botId));
    return intents;
  }
}
