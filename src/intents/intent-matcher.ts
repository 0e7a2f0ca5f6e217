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
 * Emitted once a message's intent matches are stored (committed), so funnels can count them without polling
 * message_intents; webhook delivery turns it into one `intent.matched` event per intent.
 */
export const INTENT_MATCHED = 'intent.matched';

export interface IntentMatchedEvent {
  /** The bot's account, to route the webhook without a lookup. */
  userId: string;
  bot_id: string;
  message_id: string;
  external_user_id: string;
  text: string;
  intent_ids: string[];
  /** The matched intents' names as they were at the match, in the order of intent_ids. */
  intent_names: string[];
}

interface ActiveIntent {
  id: string;
  name: string;
  rules: CompiledIntent;
}

/** Applies a bot's active intents to each new inbound message, right after it is stored. */
@Injectable()
export class IntentMatcher {
  private readonly logger = new Logger('Intents');
  private readonly cache = new Map<string, { at: number; intents: Promise<ActiveIntent[]> }>();

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
      const text = message.text;
      const matched = (await this.activeIntents(message.bot_id)).filter((intent) => intent.rules.matches(text));
      if (!matched.length) return;
      await this.dataSource.query(
        `INSERT INTO message_intents (intent_id, message_id, bot_id, contact_id, created_at)
         SELECT i.id, m.id, m.bot_id, m.contact_id, m.created_at
         FROM messages m CROSS JOIN unnest($2::uuid[]) AS i(id)
         WHERE m.id = $1 AND m.created_at = $3
         ON CONFLICT DO NOTHING`,
        [message.message_id, matched.map((intent) => intent.id), message.created_at],
      );
      const stored: IntentMatchedEvent = {
        userId: message.userId,
        bot_id: message.bot_id,
        message_id: message.message_id,
        external_user_id: message.external_user_id,
        text,
        intent_ids: matched.map((intent) => intent.id),
        intent_names: matched.map((intent) => intent.name),
      };
      this.events.emit(INTENT_MATCHED, stored);
    } catch (error) {
      this.logger.error(`Matching intents failed: ${describeError(error)}`);
    }
  }

  private activeIntents(botId: string): Promise<ActiveIntent[]> {
    const cached = this.cache.get(botId);
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.intents;
    const intents = this.intents
      .findBy({ botId, isActive: true })
      .then((rows) => rows.map((row) => ({ id: row.id, name: row.name, rules: new CompiledIntent(row.id, row) })));
    this.cache.set(botId, { at: Date.now(), intents });
    intents.catch(() => this.cache.delete(botId));
    return intents;
  }
}
