import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Bot } from '../bots/bot.entity';
import { BotsRepository } from '../bots/bots.repository';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { BotsService } from '../bots/bots.service';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { AvatarCache, AvatarImage, CachedAvatar } from './avatar-cache';
import { PlatformAvatars } from './platform-avatars';
import { describeError } from '../logging/describe-error';

/**
 * Contacts' profile images: checked (bot, contact, token), served from the cache, else fetched
 * through the platform once (concurrent requests for one avatar share the fetch) and cached.
 */
@Injectable()
export class AvatarsService {
  private readonly logger = new Logger('Avatars');
  private readonly fetching = new Map<string, Promise<CachedAvatar>>();

  constructor(
    private readonly access: BotAccess,
    private readonly bots: BotsService,
    private readonly botRows: BotsRepository,
    private readonly db: DataSource,
    private readonly cache: AvatarCache,
    private readonly platforms: PlatformAvatars,
  ) {}

  /** For a signed-in user: only their own bots. */
  async ofOwnedBot(principal: Principal, botId: string, externalUserId: string): Promise<AvatarImage> {
    return this.load(await this.access.require(principal, botId, 'read'), externalUserId);
  }

  /** For a signed link, which already proves the owner asked for this avatar. */
  async ofLinkedBot(botId: string, externalUserId: string): Promise<AvatarImage> {
    const bot = isUuid(botId) ? await this.botRows.findLive(botId) : null;
    if (!bot) throw new NotFoundException(Messages.botNotFound);
    return this.load(bot, externalUserId);
  }

  private async load(bot: Bot, externalUserId: string): Promise<AvatarImage> {
    const [contact] = await this.db.query<unknown[]>(
      `SELECT 1 FROM contacts WHERE bot_id = $1 AND external_user_id = $2`,
      [bot.id, externalUserId],
    );
    if (!contact) throw new NotFoundException(Messages.contactNotFound);
    // Checked before the cache: a bot whose token was removed loads no profile images (spec: analytics-only mode).
    const token = this.bots.decryptToken(bot);
    if (!token) throw new NotFoundException(Messages.avatarNeedsToken);
    const avatar = (await this.cached(bot.id, externalUserId)) ?? (await this.fetchOnce(bot, token, externalUserId));
    if (avatar === 'none') throw new NotFoundException(Messages.avatarNotFound);
    return avatar;
  }

  private fetchOnce(bot: Bot, token: string, externalUserId: string): Promise<CachedAvatar> {
    const key = `${bot.id}:${externalUserId}`;
    const running = this.fetching.get(key);
    if (running) return running;
    const fetched = this.fetch(bot, token, externalUserId).finally(() => this.fetching.delete(key));
    this.fetching.set(key, fetched);
    return fetched;
  }

  private async fetch(bot: Bot, token: string, externalUserId: string): Promise<CachedAvatar> {
    const image =
      bot.platform === 'telegram'
        ? await this.platforms.telegram(token, externalUserId)
        : await this.maxAvatar(bot, token, externalUserId);
    const avatar = image ?? 'none';
    await this.cache.set(bot.id, externalUserId, avatar).catch((error: unknown) => this.cacheFailed('storing', error));
    return avatar;
  }

  private async maxAvatar(bot: Bot, token: string, externalUserId: string): Promise<AvatarImage | null> {
    const chatId = await this.maxDialogChatId(bot.id, externalUserId);
    return chatId === null ? null : this.platforms.max(token, chatId);
  }

  /**
   * A MAX dialog's chat id is not the user's id, and only the dialog leads to the profile: it is
   * read from the contact's latest stored update (`message.recipient.chat_id`, or `chat_id` of bot_started),
   * which the ingest keeps on the message as `chat_id` (the raw copy itself goes after RAW_RETENTION_DAYS).
   */
  private async maxDialogChatId(botId: string, externalUserId: string): Promise<string | null> {
    const [row] = await this.db.query<Array<{ chat_id: string }>>(
      `SELECT chat_id
         FROM messages
        WHERE bot_id = $1 AND external_user_id = $2 AND direction = 'in' AND chat_id IS NOT NULL
        ORDER BY created_at DESC
        LIMIT 1`,
      [botId, externalUserId],
    );
    return row?.chat_id ?? null;
  }

  /** A cache outage costs a platform call, never the answer. */
  private async cached(botId: string, externalUserId: string): Promise<CachedAvatar | null> {
    return this.cache.get(botId, externalUserId).catch((error: unknown) => {
      this.cacheFailed('reading', error);
      return null;
    });
  }

  private cacheFailed(action: string, error: unknown): void {
    this.logger.warn(`${action} the avatar cache failed: ${describeError(error)}`);
  }
}
