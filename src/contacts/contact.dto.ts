import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageDto, PageQueryDto } from '../common/http/page-query.dto';
import { Messages } from '../common/messages';
import { ContactClickDto } from '../links/link.dto';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };
/** Longest search of the cabinet's contact list; a name, username or phone is far shorter. */
export const MAX_CONTACT_SEARCH_LENGTH = 100;

/** The contact list's paging. */
export class ContactsQueryDto extends PageQueryDto {}

/** What a contact paid in one currency, less what was refunded (issue 26). */
export class ContactRevenueDto {
  /** ISO 4217, or `XTR` for Telegram Stars. @example 'XTR' */
  currency: string;
  /** Its payments not refunded, summed, in the currency's smallest units (Stars for `XTR`). */
  @ApiProperty({ type: 'integer', example: 1500 })
  net: number;
}

/** A contact in the list. Name fields are null when the platform did not give them. */
export class ContactListItemDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** The user's id on the platform; `{userId}` of the contact routes. @example '417203958' */
  external_user_id: string;
  /** @example 'anna_k' */
  username: string | null;
  /** @example 'Анна' */
  first_name: string | null;
  /** @example null */
  last_name: string | null;
  /** @example false */
  is_premium: boolean;
  /** Time of the last inbound message; null when the user never wrote. @example '2026-11-24T18:42:07.000Z' */
  last_seen_at: Date | null;
  /** Messages in both directions. */
  @ApiProperty({ type: 'integer', example: 14 })
  messages_count: number;
  /** The contact's payments, refunded ones included. */
  @ApiProperty({ type: 'integer', example: 2 })
  payments: number;
  /** Per currency it paid in (by currency code), what it paid less refunds; empty when it never paid. */
  @ApiProperty({ type: [ContactRevenueDto] })
  revenue: ContactRevenueDto[];
}

export class ContactListDto {
  /** Ordered by `last_seen_at`, most recent first (contacts that never wrote last), then by id. */
  data: ContactListItemDto[];
  /** All contacts of the bot. */
  @ApiProperty({ type: 'integer' })
  total: number;
  @ApiProperty({ type: 'integer' })
  limit: number;
  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class ContactDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example '417203958' */
  external_user_id: string;
  /** @example 'anna_k' */
  username: string | null;
  /** @example 'Анна' */
  first_name: string | null;
  /** @example null */
  last_name: string | null;
  /** @example false */
  is_premium: boolean;
  /** Only when the user shared their own contact. @example null */
  phone: string | null;
  /** @example '2026-11-24T18:42:07.000Z' */
  last_seen_at: Date | null;
}

export class ContactStatsDto {
  @ApiProperty({ type: 'integer', example: 14 })
  total_messages: number;
  @ApiProperty({ type: 'integer', example: 8 })
  inbound: number;
  @ApiProperty({ type: 'integer', example: 6 })
  outbound: number;
  /** Time of the first message, either direction. @example '2026-11-20T09:01:12.000Z' */
  first_at: Date | null;
  /** Time of the last message, either direction. @example '2026-11-24T18:42:09.000Z' */
  last_at: Date | null;
}

/** Where the contact came from: its first `/start` with a parameter, with the bot's source mappings applied. */
export class ContactAttributionDto {
  /** @example 'instagram' */
  source_value: string;
  /** @example 'black_friday' */
  campaign_name: string | null;
  /** Time of the contact's first touch (`/start` or MAX `bot_started`). @example '2026-11-20T09:01:12.000Z' */
  first_seen_at: Date | null;
  /** Time of its last touch. @example '2026-11-22T12:30:00.000Z' */
  last_seen_at: Date | null;
  /** All its touches, repeat visits included. */
  @ApiProperty({ type: 'integer', example: 2 })
  touches: number;
}

export class ContactDetailDto {
  contact: ContactDto;
  stats: ContactStatsDto;
  /** Null when the contact came without a source. */
  attribution: ContactAttributionDto | null;
  /** The contact's payments, refunded ones included. */
  @ApiProperty({ type: 'integer', example: 2 })
  payments: number;
  /** Per currency it paid in (by currency code), what it paid less refunds; empty when it never paid. */
  @ApiProperty({ type: [ContactRevenueDto] })
  revenue: ContactRevenueDto[];
  /**
   * The contact's clicks on tracked links through its per-contact links (those a broadcast sends), newest first,
   * the latest 50 (docs/api.md: Tracked links).
   */
  @ApiProperty({ type: [ContactClickDto] })
  clicks: ContactClickDto[];
}

/** The cabinet's contact list: the open API's paging plus a search. */
export class ContactSearchQueryDto extends ContactsQueryDto {
  /**
   * A case-insensitive part of the first name, last name (or "first last"), username or phone, or the exact
   * platform user id. `%`, `_` and backslashes match themselves. Surrounding spaces are ignored; empty lists all contacts.
   * Control characters are refused (no stored name holds one, and PostgreSQL text cannot hold NUL).
   */
  @ApiPropertyOptional({ maxLength: MAX_CONTACT_SEARCH_LENGTH, example: 'анна' })
  @IsOptional()
  @IsString({ message: Messages.contactSearchInvalid })
  @MaxLength(MAX_CONTACT_SEARCH_LENGTH, { message: Messages.contactSearchInvalid })
  // eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
  @Matches(/^[^\u0000-\u001f\u007f]*$/, { message: Messages.contactSearchInvalid })
  q?: string;

  /**
   * `true`: only payers (contacts with a payment that was not refunded); `false`: only the others. `total` then
   * counts those.
   */
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: Messages.contactPayerInvalid })
  payer?: boolean;
}

/** What the cabinet shows of a contact besides the open API's fields. */
export class CabinetContactFieldsDto {
  /** The user's language as the platform last reported it (Telegram `language_code`, MAX `user_locale`); null when unknown. */
  @ApiProperty({ type: String, nullable: true, example: 'ru' })
  language_code: string | null;
  /** True while the user has blocked the bot. */
  blocked: boolean;
  /**
   * A signed link to the profile image that works without the session header (for `<img>`), valid 24 hours;
   * it answers 404 when the platform has no photo. Null when no image can be had: the bot has no token, or the
   * platform said within the last 10 minutes that the user has no photo.
   */
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://botlens.example/api/avatars/contact/6f1c…/12345?expires=1767225600&signature=…',
  })
  avatar_url: string | null;
}

/** Where a listed contact came from, for the cabinet's table (the card has the full attribution). */
export class CabinetContactOriginDto {
  /** The first-touch source after the bot's mappings, as in the sources report; null when the contact came without one. */
  @ApiProperty({ type: String, nullable: true, example: 'vk' })
  source_value: string | null;
  /** The campaign of that source (a mapping's campaign replaces the link's own); null when none. */
  @ApiProperty({ type: String, nullable: true, example: 'spring' })
  campaign_name: string | null;
  /** When the contact first appeared (its first message either way, platform time). */
  first_seen_at: Date;
}

export class CabinetContactListItemDto extends IntersectionType(
  ContactListItemDto,
  CabinetContactFieldsDto,
  CabinetContactOriginDto,
) {}

export class CabinetContactListDto extends PageDto {
  /** Ordered by `last_seen_at`, most recent first (contacts that never wrote last), then by id. */
  @ApiProperty({ type: [CabinetContactListItemDto] })
  data: CabinetContactListItemDto[];
}

export class CabinetContactDto extends IntersectionType(ContactDto, CabinetContactFieldsDto) {}

export class CabinetContactDetailDto extends OmitType(ContactDetailDto, ['contact'] as const) {
  contact: CabinetContactDto;
}
