import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { announce, ChangeEvents } from '../common/changes';
import { isUniqueViolation } from '../database/database-errors';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import {
  CreateIntentDto,
  IntentMessageDto,
  IntentMessagesDto,
  IntentWithRulesDto,
  UpdateIntentDto,
} from './intent.dto';
import { Intent } from './intent.entity';
import { compilePatterns, InvalidPatternError } from './intent-rules';

/** Intents of a bot: rules kept here, matches counted from message_intents. */
@Injectable()
export class IntentsService implements ContactDataOwner {
  constructor(
    @InjectRepository(Intent) private readonly intents: Repository<Intent>,
    private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
    private readonly access: BotAccess,
  ) {}

  /** The contact's matches go with it (the counts are counted from them). */
  async eraseContact(q: EntityManager, botId: string, key: ContactKey): Promise<void> {
    // By intent, so the (intent_id, contact_id) index finds the rows.
    await q.query(
      `DELETE FROM message_intents WHERE intent_id IN (SELECT id FROM intents WHERE bot_id = $1) AND contact_id = $2`,
      [botId, key.id],
    );
  }

  async list(principal: Principal, botId: string): Promise<IntentWithRulesDto[]> {
    return this.listOfBot((await this.access.require(principal, botId, 'read')).id);
  }

  private async listOfBot(botId: string): Promise<IntentWithRulesDto[]> {
    const rows: Array<Intent & { users_count: number; messages_count: number }> = await this.dataSource.query(
      `SELECT i.id, i.name, i.description, i.color, i.is_active AS "isActive", i.keywords, i.patterns, i.created_at AS "createdAt",
              COALESCE(m.users_count, 0)::int AS users_count, COALESCE(m.messages_count, 0)::int AS messages_count
       FROM intents i
       LEFT JOIN LATERAL (
         SELECT count(*) AS messages_count, count(DISTINCT contact_id) AS users_count
         FROM message_intents WHERE intent_id = i.id) m ON true
       WHERE i.bot_id = $1
       ORDER BY i.created_at, i.name`,
      [botId],
    );
    return rows.map((row) => present(row, row.users_count, row.messages_count));
  }

  private async get(botId: string, intentId: string): Promise<IntentWithRulesDto> {
    const found = (await this.listOfBot(botId)).find((intent) => intent.id === intentId);
    if (!found) throw new NotFoundException(Messages.intentNotFound);
    return found;
  }

  async create(principal: Principal, botId: string, dto: CreateIntentDto): Promise<IntentWithRulesDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    assertRules(dto.keywords, dto.patterns);
    const intent = this.intents.create({
      botId: bot.id,
      name: dto.name,
      description: dto.description ?? '',
      color: dto.color ?? '#6B7280',
      isActive: dto.is_active ?? true,
      keywords: dto.keywords,
      patterns: dto.patterns,
    });
    const saved = await this.saveUnique(intent);
    return present(saved, 0, 0);
  }

  async update(
    principal: Principal,
    botId: string,
    intentId: string,
    dto: UpdateIntentDto,
  ): Promise<IntentWithRulesDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    const intent = await this.findOwned(bot.id, intentId);
    const keywords = dto.keywords ?? intent.keywords;
    const patterns = dto.patterns ?? intent.patterns;
    assertRules(keywords, patterns);
    Object.assign(intent, {
      name: dto.name ?? intent.name,
      description: dto.description ?? intent.description,
      color: dto.color ?? intent.color,
      isActive: dto.is_active ?? intent.isActive,
      keywords,
      patterns,
    });
    await this.saveUnique(intent);
    return this.get(bot.id, intentId);
  }

  async remove(principal: Principal, botId: string, intentId: string): Promise<void> {
    const bot = await this.access.require(principal, botId, 'manage');
    const intent = await this.findOwned(bot.id, intentId);
    await this.intents.delete({ id: intent.id });
    this.changed(bot.id);
  }

  async messages(
    principal: Principal,
    botId: string,
    intentId: string,
    limit: number,
    offset: number,
  ): Promise<IntentMessagesDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const intent = await this.findOwned(bot.id, intentId);
    // One statement, one snapshot: run side by side, the page and the count disagreed while a match was committing.
    const rows: Array<IntentMessageDto & { total: number }> = await this.dataSource.query(
      `SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM message_intents WHERE intent_id = $1) t
       LEFT JOIN LATERAL (
         SELECT m.id, m.direction, m.external_user_id, COALESCE(m.text, '') AS text, m.created_at
           FROM message_intents mi JOIN messages m ON m.id = mi.message_id AND m.created_at = mi.created_at
          WHERE mi.intent_id = $1
          ORDER BY mi.created_at DESC, m.id
          LIMIT $2 OFFSET $3
       ) p ON true`,
      [intent.id, limit, offset],
    );
    const data = rows.filter((row) => row.id !== null).map(({ total: _total, ...message }) => message);
    return { data, total: rows[0].total, limit, offset };
  }

  private async findOwned(botId: string, intentId: string): Promise<Intent> {
    const intent = isUuid(intentId) ? await this.intents.findOneBy({ id: intentId, botId }) : null;
    if (!intent) throw new NotFoundException(Messages.intentNotFound);
    return intent;
  }

  private async saveUnique(intent: Intent): Promise<Intent> {
    try {
      const saved = await this.intents.save(intent);
      this.changed(intent.botId);
      return saved;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(Messages.intentNameTaken);
      throw error;
    }
  }

  private changed(botId: string): void {
    announce(this.events, { type: ChangeEvents.intentsChanged, botId });
  }
}

function assertRules(keywords: string[], patterns: string[]): void {
  if (!keywords.some((k) => k.trim()) && !patterns.length) throw new BadRequestException(Messages.intentRulesEmpty);
  try {
    compilePatterns(patterns);
  } catch (error) {
    if (error instanceof InvalidPatternError) throw new BadRequestException(error.message);
    throw error;
  }
}

function present(intent: Intent, usersCount: number, messagesCount: number): IntentWithRulesDto {
  return {
    id: intent.id,
    name: intent.name,
    description: intent.description,
    color: intent.color,
    is_active: intent.isActive,
    users_count: usersCount,
    messages_count: messagesCount,
    created_at: intent.createdAt,
    keywords: intent.keywords,
    patterns: intent.patterns,
  };
}
