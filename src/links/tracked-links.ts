import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { randomBase62 } from '../common/crypto/random';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { LinkTokens } from './link-tokens';
import { linkName, linkTarget } from './link-url';
import { LinkRow, LinksRepository } from './links.repository';

/** 62^8 ≈ 2·10^14 codes: links cannot be found by trying codes. */
const CODE_LENGTH = 8;
const CODE_TRIES = 5;

/**
 * Making tracked links, for the API and for broadcasts (issue 28): a new link, the bot's existing link to a URL
 * (a broadcast replaces each URL of its text by one), and a link as one contact's (its per-contact URL).
 */
@Injectable()
export class TrackedLinks {
  private readonly base: string;

  constructor(
    private readonly links: LinksRepository,
    private readonly tokens: LinkTokens,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'publicBaseUrl'>,
  ) {
    this.base = `${config.publicBaseUrl}/l/`;
  }

  /** A new link of the bot; 400 `неверный url` for a URL a link cannot take (see linkTarget). */
  async create(botId: string, url: unknown, name?: string | null): Promise<LinkRow> {
    const target = linkTarget(url);
    if (!target) throw new BadRequestException(Messages.linkUrlInvalid);
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const link = await this.links.insert(botId, randomBase62(CODE_LENGTH), target, linkName(name));
      if (link) return link;
    }
    throw new Error(`No free link code in ${CODE_TRIES} tries`);
  }

  /**
   * The bot's live link to `url` with this name (the oldest, if several), else a new one: a broadcast asks once
   * per URL of its text, with a name of its own, and gets the same link for the same URL.
   */
  async linkFor(botId: string, url: string, name?: string | null): Promise<LinkRow> {
    const target = linkTarget(url);
    if (!target) throw new BadRequestException(Messages.linkUrlInvalid);
    return (await this.links.reusable(botId, target, linkName(name))) ?? this.create(botId, target, name);
  }

  /** `{PUBLIC_BASE_URL}/l/{code}`. */
  shortUrl(link: Pick<LinkRow, 'code'>): string {
    return this.base + link.code;
  }

  /**
   * The link as one contact's: `{PUBLIC_BASE_URL}/l/{code}/{token}`, whose clicks are attributed to the contact (its
   * card, the `link.clicked` event's `user_id`). Nothing is written: the token verifies itself (LinkTokens).
   */
  personalLink(link: Pick<LinkRow, 'id' | 'code'>, contactId: string): string {
    return `${this.base}${link.code}/${this.tokens.mint(link.id, contactId)}`;
  }
}
