import { Injectable, NotFoundException } from '@nestjs/common';
import { ContactAvatarUrls } from '../avatars/contact-avatar-urls';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { Messages } from '../common/messages';
import { LinkClicks } from '../links/link-clicks';
import {
  CabinetContactDetailDto,
  CabinetContactListDto,
  ContactDetailDto,
  ContactListDto,
  ContactSearchQueryDto,
} from './contact.dto';
import { ContactsQueries } from './contacts.queries';

/** Clicks a contact's card shows: the latest ones. */
const CARD_CLICKS = 50;

/**
 * The contact reads of the open API and of the cabinet, on the caller's account's bot. Both are the same
 * queries; the cabinet's answers add language, blocked state and the avatar link, and its list can search.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly access: BotAccess,
    private readonly contacts: ContactsQueries,
    private readonly avatars: ContactAvatarUrls,
    private readonly clicks: LinkClicks,
  ) {}

  /** `q` (open API v1.1) searches as the cabinet's list does, `payer` keeps payers or the others; `total` counts what they find. */
  async list(principal: Principal, botId: string, query: ContactSearchQueryDto): Promise<ContactListDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const search = query.q?.trim() || null;
    const page = { limit: query.limit, offset: query.offset, search, payer: query.payer ?? null };
    const { rows: data, total } = await this.contacts.withTotal(bot.id, page, (condition) =>
      this.contacts.page(bot.id, page, condition),
    );
    return { data, total, limit: query.limit, offset: query.offset };
  }

  async get(principal: Principal, botId: string, externalUserId: string): Promise<ContactDetailDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const card = found(await this.contacts.detail(bot.id, externalUserId));
    return { ...card, clicks: await this.clicks.ofContact(card.contact.id, CARD_CLICKS) };
  }

  /** `total` counts the contacts the search finds (all contacts without one). */
  async cabinetList(principal: Principal, botId: string, query: ContactSearchQueryDto): Promise<CabinetContactListDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const search = query.q?.trim() || null;
    const page = { limit: query.limit, offset: query.offset, search, payer: query.payer ?? null };
    const { rows, total } = await this.contacts.withTotal(bot.id, page, (condition) =>
      this.contacts.cabinetPage(bot.id, page, condition),
    );
    const avatars = await this.avatars.of(
      bot,
      rows.map((row) => row.external_user_id),
    );
    const data = rows.map((row) => ({ ...row, avatar_url: avatars.get(row.external_user_id) ?? null }));
    return { data, total, limit: query.limit, offset: query.offset };
  }

  async cabinetGet(principal: Principal, botId: string, externalUserId: string): Promise<CabinetContactDetailDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const detail = found(await this.contacts.cabinetDetail(bot.id, externalUserId));
    const [avatars, clicks] = await Promise.all([
      this.avatars.of(bot, [externalUserId]),
      this.clicks.ofContact(detail.contact.id, CARD_CLICKS),
    ]);
    return { ...detail, contact: { ...detail.contact, avatar_url: avatars.get(externalUserId) ?? null }, clicks };
  }
}

function found<T>(contact: T | null): T {
  if (!contact) throw new NotFoundException(Messages.contactNotFound);
  return contact;
}
