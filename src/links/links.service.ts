import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { BotAccess, BotPrincipal } from '../bots/bot-access';
import { announce, ChangeEvents } from '../common/changes';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { afterLastDay, ClickDays, dayNames } from './click-days';
import { ClickCounts, LinkClicks, NO_CLICKS } from './link-clicks';
import { CreateLinkDto, LinkClicksTimelineDto, LinkDto, LinkPageDto } from './link.dto';
import { LinkRow, LinksRepository } from './links.repository';
import { TrackedLinks } from './tracked-links';

/** The tracked links of both APIs, on the caller's account's bot. */
@Injectable()
export class LinksService {
  constructor(
    private readonly access: BotAccess,
    private readonly links: LinksRepository,
    private readonly tracked: TrackedLinks,
    private readonly clicks: LinkClicks,
    private readonly bus: EventEmitter2,
  ) {}

  async create(principal: BotPrincipal, botId: string, body: CreateLinkDto): Promise<LinkDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    const link = await this.tracked.create(bot.id, body.url, body.name);
    return this.dto(link, NO_CLICKS);
  }

  async page(principal: BotPrincipal, botId: string, limit: number, offset: number): Promise<LinkPageDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const { rows, total } = await this.links.page(bot.id, limit, offset);
    const counts = await this.clicks.counts(rows.map((link) => link.id));
    return { data: rows.map((link) => this.dto(link, counts.get(link.id)!)), total, limit, offset };
  }

  async get(principal: BotPrincipal, botId: string, linkId: string): Promise<LinkDto> {
    const link = await this.find(principal, botId, linkId);
    const counts = await this.clicks.counts([link.id]);
    return this.dto(link, counts.get(link.id)!);
  }

  /** Hides the link: its code answers 404 from now on, on every instance, and is never given again. */
  async remove(principal: BotPrincipal, botId: string, linkId: string): Promise<void> {
    const bot = await this.access.require(principal, botId, 'manage');
    const code = isUuid(linkId) ? await this.links.hide(bot.id, linkId) : null;
    if (!code) throw new NotFoundException(Messages.linkNotFound);
    announce(this.bus, { type: ChangeEvents.linksChanged, botId: bot.id, code });
  }

  /** The link's clicks and unique visitors per UTC day, zeros on days without clicks. */
  async timeline(
    principal: BotPrincipal,
    botId: string,
    linkId: string,
    days: ClickDays,
  ): Promise<LinkClicksTimelineDto> {
    const link = await this.find(principal, botId, linkId);
    const rows = await this.clicks.perDay(link.id, days.from, afterLastDay(days));
    const byDay = new Map(rows.map(({ day, ...counts }) => [day, counts]));
    const names = dayNames(days);
    return {
      link_id: link.id,
      from: names[0],
      to: names[names.length - 1],
      data: names.map((day) => ({ day, ...(byDay.get(day) ?? NO_CLICKS) })),
    };
  }

  private async find(principal: BotPrincipal, botId: string, linkId: string): Promise<LinkRow> {
    const bot = await this.access.require(principal, botId, 'read');
    const link = isUuid(linkId) ? await this.links.one(bot.id, linkId) : null;
    if (!link) throw new NotFoundException(Messages.linkNotFound);
    return link;
  }

  private dto(link: LinkRow, counts: ClickCounts): LinkDto {
    return {
      id: link.id,
      code: link.code,
      short_url: this.tracked.shortUrl(link),
      url: link.url,
      name: link.name,
      clicks: counts.clicks,
      unique_clicks: counts.unique_clicks,
      created_at: link.created_at,
    };
  }
}
