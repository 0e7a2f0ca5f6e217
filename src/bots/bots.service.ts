import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Repository } from 'typeorm';
import type { Principal } from '../auth/principal';
import { UsersRepository } from '../auth/users.repository';
import { isUniqueViolation } from '../database/database-errors';
import { announce, ChangeEvents } from '../common/changes';
import { randomBase62 } from '../common/crypto/random';
import { SecretBox } from '../common/crypto/secret-box';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { BotIdentity, BotIdentityService, InvalidBotTokenError } from '../platforms/bot-identity';
import { BotAccess } from './bot-access';
import { CreateBotDto, UpdateBotDto } from './bot.dto';
import { Bot } from './bot.entity';
import { Platform } from '../platforms/platform';
import { TargetUrlPolicy } from './target-url.policy';

export const MAX_BOTS_PER_USER = 20;

/** Binding, changing and removing bots. Another user's bot is always 404 `Bot not found`. */
@Injectable()
export class BotsService {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(Bot) private readonly bots: Repository<Bot>,
    private readonly dataSource: DataSource,
    private readonly identity: BotIdentityService,
    private readonly targetUrls: TargetUrlPolicy,
    private readonly events: EventEmitter2,
    private readonly users: UsersRepository,
    private readonly access: BotAccess,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.tokenEncryptionKey);
  }

  list(userId: string): Promise<Bot[]> {
    return this.bots.find({ where: { userId, deletedAt: IsNull() }, order: { createdAt: 'ASC' } });
  }

  get(principal: Principal, botId: string): Promise<Bot> {
    return this.access.require(principal, botId, 'read');
  }

  async create(principal: Principal, dto: CreateBotDto): Promise<Bot> {
    if (!principal.emailConfirmed) throw new ForbiddenException(Messages.confirmEmail);
    if (principal.role === 'admin') throw new ForbiddenException(Messages.adminsCannotCreateBots);
    // Cheap checks first, so a refused request never reaches the platform.
    // A team member binds bots to the team's account; the limit is the account's.
    await this.assertBelowLimit(this.dataSource.query.bind(this.dataSource), principal.accountId);
    if (dto.target_url) await this.targetUrls.assertAllowed(dto.target_url);
    const tokenFields = dto.token ? await this.verifiedToken(dto.platform, dto.token) : {};

    const bot = this.bots.create({
      userId: principal.accountId,
      platform: dto.platform,
      name: dto.name,
      targetUrl: dto.target_url ?? null,
      utmKey: dto.utm_key ?? 'utm_source',
      proxySecret: randomBase62(32),
      active: true,
      username: null,
      avatarUrl: null,
      platformBotId: null,
      tokenEncrypted: null,
      tokenHash: null,
      webhookSecret: null,
      lastForwardError: null,
      lastForwardAt: null,
      deletedAt: null,
      ...tokenFields,
    });
    const { saved, released } = await this.saveUnique(() =>
      this.dataSource.transaction(async (tx) => {
        const account = await this.users.lockLive(tx, principal.accountId);
        // Deleted by an admin since this request was authenticated: it must not gain an active bot.
        if (!account) throw new UnauthorizedException(Messages.sessionRequired);
        await this.assertBelowLimit(tx.query.bind(tx), principal.accountId);
        const released = await this.releaseFromDeletedAccounts(tx, bot);
        return { saved: await tx.getRepository(Bot).save(bot), released };
      }),
    );
    released.forEach((id) => this.changed(id));
    return saved;
  }

  async update(principal: Principal, botId: string, dto: UpdateBotDto): Promise<Bot> {
    const bot = await this.access.require(principal, botId, 'manage');
    if (dto.target_url) await this.targetUrls.assertAllowed(dto.target_url);
    if (dto.token) Object.assign(bot, await this.verifiedToken(bot.platform, dto.token, bot.id));
    if (dto.token === null) Object.assign(bot, { tokenEncrypted: null, tokenHash: null });
    if (dto.name !== undefined) bot.name = dto.name;
    if (dto.target_url !== undefined) bot.targetUrl = dto.target_url;
    if (dto.utm_key !== undefined) bot.utmKey = dto.utm_key;
    if (dto.active !== undefined) bot.active = dto.active;
    if (dto.reply_window_s !== undefined) bot.replyWindowS = dto.reply_window_s;
    if (dto.alerts !== undefined) bot.alertRules = { ...bot.alertRules, ...definedFields(dto.alerts) };
    const { saved, released } = await this.saveUnique(() =>
      this.dataSource.transaction(async (tx) => {
        const released = dto.token ? await this.releaseFromDeletedAccounts(tx, bot) : [];
        if (dto.active === false) await cancelBroadcasts(tx, bot.id);
        return { saved: await tx.getRepository(Bot).save(bot), released };
      }),
    );
    [bot.id, ...released].forEach((id) => this.changed(id));
    return saved;
  }

  /** Deactivates the bot and hides it; its history stays until the scheduled cleanup removes it. */
  async remove(principal: Principal, botId: string): Promise<void> {
    const bot = await this.access.require(principal, botId, 'manage');
    await this.dataSource.transaction(async (tx) => {
      await tx.getRepository(Bot).update({ id: bot.id }, { active: false, deletedAt: new Date() });
      await cancelBroadcasts(tx, bot.id);
    });
    this.changed(bot.id);
  }

  private changed(botId: string): void {
    announce(this.events, { type: ChangeEvents.botChanged, botId });
  }

  decryptToken(bot: Bot): string | null {
    return bot.tokenEncrypted ? this.box.decrypt(bot.tokenEncrypted) : null;
  }

  tokenHash(platform: Platform, token: string): string {
    return this.box.lookupHash('bot-token', platform, token);
  }

  private async verifiedToken(platform: Platform, token: string, ownBotId?: string) {
    const tokenHash = this.tokenHash(platform, token);
    // A bot of a deleted account does not hold its token against a new binding (releaseFromDeletedAccounts).
    const [holder] = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT b.id FROM bots b JOIN users u ON u.id = b.user_id AND u.deleted_at IS NULL
        WHERE b.platform = $1 AND b.token_hash = $2 AND b.deleted_at IS NULL`,
      [platform, tokenHash],
    );
    if (holder && holder.id !== ownBotId) throw new ConflictException(Messages.botTokenTaken);
    let identity: BotIdentity;
    try {
      identity = await this.identity.identify(platform, token);
    } catch (error) {
      if (error instanceof InvalidBotTokenError) throw new BadRequestException(Messages.badBotToken);
      throw error;
    }
    return {
      tokenEncrypted: this.box.encrypt(token),
      tokenHash,
      platformBotId: identity.platformBotId,
      username: identity.username,
      avatarUrl: identity.avatarUrl,
    };
  }

  /**
   * A deleted account can never use its bots again, so a token (or platform bot id) one of them still
   * holds goes to the new binding: the old bot loses it in the same transaction and keeps only its
   * history until the cleanup. Returns the bots that lost it, whose cache entries must go.
   */
  private async releaseFromDeletedAccounts(tx: EntityManager, bot: Bot): Promise<string[]> {
    if (!bot.tokenHash) return [];
    const [rows] = await tx.query<[Array<{ id: string }>, number]>(
      `UPDATE bots b SET token_hash = NULL, token_encrypted = NULL, platform_bot_id = NULL, updated_at = now()
         FROM users u
        WHERE u.id = b.user_id AND u.deleted_at IS NOT NULL AND b.deleted_at IS NULL AND b.platform = $1
          AND (b.token_hash = $2 OR b.platform_bot_id = $3)
        RETURNING b.id`,
      [bot.platform, bot.tokenHash, bot.platformBotId],
    );
    return rows.map((row) => row.id);
  }

  private async assertBelowLimit(
    query: (sql: string, params: unknown[]) => Promise<Array<{ count: number }>>,
    userId: string,
  ) {
    const [{ count }] = await query(
      `SELECT count(*)::int AS count FROM bots WHERE user_id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    if (count >= MAX_BOTS_PER_USER) throw new HttpException(Messages.botLimit, HttpStatus.TOO_MANY_REQUESTS);
  }

  /** The partial unique indexes are the final word on "one bot per token / bot id per platform". */
  private async saveUnique<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(Messages.botTokenTaken);
      throw error;
    }
  }
}

/**
 * A deactivated bot sends nothing more: its unfinished broadcasts end as `cancelled` with the change, and
 * their runners (on any instance) stop before their next send; reactivating it resumes none of them.
 * In the bot's own transaction, so written here: the broadcasts module imports this one, not the other way.
 */
async function cancelBroadcasts(tx: EntityManager, botId: string): Promise<void> {
  await tx.query(
    `UPDATE broadcasts SET status = 'cancelled', finished_at = now() WHERE bot_id = $1 AND status IN ('scheduled', 'queued', 'running')`,
    [botId],
  );
}

/** The fields a partial update set (class-transformer leaves the others undefined). */
function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
