import { Injectable, Logger } from '@nestjs/common';
import type { Bot } from '../bots/bot.entity';
import { describeError } from '../logging/describe-error';
import { AvatarCache } from './avatar-cache';
import { AvatarLinks } from './avatar-links';

/**
 * The `avatar_url` of contacts in the session API (contract §3): the signed link, or null where it could
 * only answer 404: a bot without a token loads no profile images (analytics-only mode), and a user the
 * cache remembers without a photo has none for now. Whether anyone else has a photo is only known once
 * the link is fetched, so the list never calls the platform.
 */
@Injectable()
export class ContactAvatarUrls {
  private readonly logger = new Logger('Avatars');

  constructor(
    private readonly links: AvatarLinks,
    private readonly cache: AvatarCache,
  ) {}

  /** The link of each of the bot's users, by external user id. */
  async of(bot: Pick<Bot, 'id' | 'tokenEncrypted'>, externalUserIds: string[]): Promise<Map<string, string | null>> {
    const urls = new Map<string, string | null>();
    const without = bot.tokenEncrypted ? await this.knownWithoutPhoto(bot.id, externalUserIds) : null;
    for (const id of externalUserIds) urls.set(id, without && !without.has(id) ? this.links.url(bot.id, id) : null);
    return urls;
  }

  /** A cache outage only costs the shortcut: every contact then gets its link. */
  private knownWithoutPhoto(botId: string, externalUserIds: string[]): Promise<Set<string>> {
    return this.cache.withoutPhoto(botId, externalUserIds).catch((error: unknown) => {
      this.logger.warn(`reading the avatar cache failed: ${describeError(error)}`);
      return new Set<string>();
    });
  }
}
