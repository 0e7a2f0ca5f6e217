import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

/** Contacts and touches of one (source, campaign), after the bot's mappings. */
export class SourceRowDto {
  /** The normalised source; `— unmapped` for contacts that came without a `/start` parameter. */
  @ApiProperty({ example: 'instagram' })
  source_value: string;
  /** @example 'black_friday' */
  campaign_name: string | null;
  /** Contacts whose first touch with a parameter came from this source. */
  @ApiProperty({ type: 'integer', example: 340 })
  contacts_count: number;
  /** All touches through this source, repeat visits included. */
  @ApiProperty({ type: 'integer', example: 415 })
  touches: number;
}

export class SourcesDto {
  /** The deep-link key the bot reads the source from. @example 'utm_source' */
  utm_key: string;
  /** Most contacts first, then most touches, then by name. */
  data: SourceRowDto[];
}

/** A raw source value normalised into a source and, optionally, a campaign. */
export class SourceMappingDto {
  /** The value as it arrives in `/start` links (case-sensitive), 1 to 64 characters. */
  raw: string;
  /** What reports show instead, 1 to 64 characters. */
  source_value: string;
  /** Replaces the campaign of the matching rows, up to 128 characters; null keeps the link's own campaign. */
  campaign_name: string | null;
}

/** One entry of `PUT /api/bots/:id/sources/mappings`. */
export class SourceMappingInputDto {
  /** The value as it arrives in `/start` links (case-sensitive). */
  @IsString({ message: 'raw must be 1 to 64 characters' })
  @Length(1, 64, { message: 'raw must be 1 to 64 characters' })
  raw: string;

  @IsString({ message: 'source_value must be 1 to 64 characters' })
  @Length(1, 64, { message: 'source_value must be 1 to 64 characters' })
  source_value: string;

  /** Omit, or null or empty, to keep each link's own campaign. */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 128 })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  @IsString({ message: 'campaign_name must be a string of at most 128 characters' })
  @MaxLength(128, { message: 'campaign_name must be a string of at most 128 characters' })
  campaign_name?: string | null;
}

export class SourceMappingListDto {
  /** Ordered by raw value. */
  data: SourceMappingDto[];
}
