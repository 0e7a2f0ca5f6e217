import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { OffsetQueryDto } from '../common/http/page-query.dto';
import { strictInteger } from '../common/http/query-params';
import { Messages } from '../common/messages';

/** Page sizes of the report lists (spec: Limits). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export class ContactsQueryDto extends OffsetQueryDto {
  /** Page size, 1 to 1000; out of range is 400 (not cut, unlike messages and dialogs). */
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, minimum: 1, maximum: MAX_PAGE_SIZE })
  @Transform(({ value }) => strictInteger(value))
  @IsInt({ message: Messages.badLimitOffset })
  @Min(1, { message: Messages.badLimitOffset })
  @Max(MAX_PAGE_SIZE, { message: Messages.badLimitOffset })
  limit: number = DEFAULT_PAGE_SIZE;
}

/** A contact in the list. Name fields are null when the platform did not give them. */
export class ContactListItemDto {
  id: string;
  /** The user's id on the platform; `{userId}` of the contact routes. */
  external_user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  is_premium: boolean;
  /** Time of the last inbound message; null when the user never wrote. */
  last_seen_at: Date | null;
  /** Messages in both directions. */
  @ApiProperty({ type: 'integer' })
  messages_count: number;
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
  id: string;
  external_user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  is_premium: boolean;
  /** Only when the user shared their own contact. */
  phone: string | null;
  last_seen_at: Date | null;
}

export class ContactStatsDto {
  @ApiProperty({ type: 'integer' })
  total_messages: number;
  @ApiProperty({ type: 'integer' })
  inbound: number;
  @ApiProperty({ type: 'integer' })
  outbound: number;
  /** Time of the first message, either direction. */
  first_at: Date | null;
  /** Time of the last message, either direction. */
  last_at: Date | null;
}

/** Where the contact came from: its first `/start` with a parameter, with the bot's source mappings applied. */
export class ContactAttributionDto {
  source_value: string;
  campaign_name: string | null;
  /** Time of the contact's first touch (`/start` or MAX `bot_started`). */
  first_seen_at: Date | null;
  /** Time of its last touch. */
  last_seen_at: Date | null;
  /** All its touches, repeat visits included. */
  @ApiProperty({ type: 'integer' })
  touches: number;
}

export class ContactDetailDto {
  contact: ContactDto;
  stats: ContactStatsDto;
  /** Null when the contact came without a source. */
  attribution: ContactAttributionDto | null;
}
