import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { PageDto } from '../common/http/page-query.dto';
import { Messages } from '../common/messages';
import { linkTarget, MAX_LINK_NAME_LENGTH, MAX_LINK_URL_LENGTH } from './link-url';

/** Any failure of `url` (missing, not a string, too long, not http(s)) is the one message `неверный url`. */
function IsLinkUrl() {
  return ValidateBy({
    name: 'isLinkUrl',
    validator: { validate: (value) => linkTarget(value) !== null, defaultMessage: () => Messages.linkUrlInvalid },
  });
}

export class CreateLinkDto {
  /**
   * Where the link leads: an `http://` or `https://` URL of at most 2000 characters, without spaces or control
   * characters. Stored as the URL parser writes it (e.g. an international domain in punycode).
   */
  @ApiProperty({ maxLength: MAX_LINK_URL_LENGTH, example: 'https://shop.example/sale?utm_source=telegram' })
  @IsLinkUrl()
  url: string;

  /** A label for the owner's list, at most 200 characters; trimmed, and a blank one is none. */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_LINK_NAME_LENGTH, example: 'Осенняя распродажа' })
  @IsOptional()
  @IsString({ message: Messages.linkNameInvalid })
  @MaxLength(MAX_LINK_NAME_LENGTH, { message: Messages.linkNameInvalid })
  // eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
  @Matches(/^[^\u0000-\u001f\u007f]*$/, { message: Messages.linkNameInvalid })
  name?: string | null;
}

export class LinkDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** The short code, unique across the service; a deleted link's code is never given again. @example 'aZ3kP9qL' */
  code: string;
  /** `{PUBLIC_BASE_URL}/l/{code}`. @example 'https://botlens.example/l/aZ3kP9qL' */
  short_url: string;
  /** @example 'https://shop.example/sale?utm_source=telegram' */
  url: string;
  @ApiProperty({ type: String, nullable: true, example: 'Осенняя распродажа' })
  name: string | null;
  /** Every click, robots' and HEAD requests left out. */
  @ApiProperty({ type: 'integer', example: 342 })
  clicks: number;
  /**
   * Distinct visitors: each contact once (clicks through per-contact links), and each anonymous visitor (the same
   * address and browser) once per UTC day.
   */
  @ApiProperty({ type: 'integer', example: 287 })
  unique_clicks: number;
  /** @example '2026-11-20T09:00:00.000Z' */
  created_at: Date;
}

export class LinkPageDto extends PageDto {
  /** Newest first. */
  @ApiProperty({ type: [LinkDto] })
  data: LinkDto[];
}

/** `from`/`to` of a link's click timeline: UTC days. */
export class LinkClicksQueryDto {
  /** The first UTC day, `YYYY-MM-DD`; by default 29 days before `to`. */
  @ApiPropertyOptional({ example: '2026-11-01' })
  // Kept by the whitelist; clickDays checks the value (one message for every fault of the two).
  @IsOptional()
  from?: string;
  /** The last UTC day, included, `YYYY-MM-DD`; by default today. At most 366 days from `from`. */
  @ApiPropertyOptional({ example: '2026-11-30' })
  @IsOptional()
  to?: string;
}

export class LinkClickDayDto {
  /** A UTC day. @example '2026-11-20' */
  day: string;
  @ApiProperty({ type: 'integer', example: 41 })
  clicks: number;
  /** Distinct visitors of the day, counted as in the link's `unique_clicks`. */
  @ApiProperty({ type: 'integer', example: 37 })
  unique_clicks: number;
}

export class LinkClicksTimelineDto {
  @ApiProperty({ format: 'uuid' })
  link_id: string;
  /** @example '2026-11-01' */
  from: string;
  /** @example '2026-11-30' */
  to: string;
  /** One element per UTC day from `from` to `to`, oldest first; days without clicks have zeros. */
  @ApiProperty({ type: [LinkClickDayDto] })
  data: LinkClickDayDto[];
}

/** A click of a contact through its per-contact link, on its card. */
export class ContactClickDto {
  @ApiProperty({ format: 'uuid' })
  link_id: string;
  /** Where the link leads. @example 'https://shop.example/sale' */
  url: string;
  /** @example '2026-11-24T18:40:02.000Z' */
  clicked_at: Date;
}

/** A click of the contact in its dialog (session API: the cabinet shows it among the messages). */
export class DialogClickDto extends ContactClickDto {
  /** The click's id. @example '8142' */
  id: string;
}

export class DialogClickListDto {
  /** Newest first. */
  @ApiProperty({ type: [DialogClickDto] })
  data: DialogClickDto[];
  /** The page size used (after cutting to 1000). */
  @ApiProperty({ type: 'integer' })
  limit: number;
}
