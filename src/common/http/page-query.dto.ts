import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Messages } from '../messages';
import { strictInteger } from './query-params';

/** Page sizes of the report lists (spec: Limits). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const ADMIN_PAGE_SIZE = 50;
export const MAX_ADMIN_PAGE_SIZE = 100;

/** `offset` of every paged list: 0 or more; not a plain integer is 400 `неверный limit/offset`. */
export class OffsetQueryDto {
  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0 })
  @Transform(({ value }) => strictInteger(value))
  @IsInt({ message: Messages.badLimitOffset })
  @Min(0, { message: Messages.badLimitOffset })
  // Beyond this a number loses integer precision; no list is that long.
  @Max(Number.MAX_SAFE_INTEGER, { message: Messages.badLimitOffset })
  offset: number = 0;
}

/**
 * `limit`/`offset` of the paged lists of both APIs (contacts, broadcasts, links): limit 1 to 1000; out of range is
 * 400 `неверный limit/offset` (not cut, unlike messages and dialogs).
 */
export class PageQueryDto extends OffsetQueryDto {
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, minimum: 1, maximum: MAX_PAGE_SIZE })
  @Transform(({ value }) => strictInteger(value))
  @IsInt({ message: Messages.badLimitOffset })
  @Min(1, { message: Messages.badLimitOffset })
  @Max(MAX_PAGE_SIZE, { message: Messages.badLimitOffset })
  limit: number = DEFAULT_PAGE_SIZE;
}

/** `limit`/`offset` of the administration lists; out of range or not a plain integer is 400 `неверный limit/offset`. */
export class AdminPageQueryDto extends OffsetQueryDto {
  @ApiPropertyOptional({ type: 'integer', default: ADMIN_PAGE_SIZE, minimum: 1, maximum: MAX_ADMIN_PAGE_SIZE })
  @Transform(({ value }) => strictInteger(value))
  @IsInt({ message: Messages.badLimitOffset })
  @Min(1, { message: Messages.badLimitOffset })
  @Max(MAX_ADMIN_PAGE_SIZE, { message: Messages.badLimitOffset })
  limit: number = ADMIN_PAGE_SIZE;
}

/** The paging part of a list answer. */
export class PageDto {
  /** Rows matching the filter, all pages. */
  @ApiProperty({ type: 'integer' })
  total: number;
  @ApiProperty({ type: 'integer' })
  limit: number;
  @ApiProperty({ type: 'integer' })
  offset: number;
}
