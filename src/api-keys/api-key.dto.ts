import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDate,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MinDate,
} from 'class-validator';
import { API_SCOPES, ApiScope } from '../auth/principal';

export class CreateApiKeyDto {
  /** A label to tell keys apart, e.g. "CRM export". */
  @IsString()
  @Length(1, 100, { message: 'name must be 1 to 100 characters' })
  name: string;

  /** `read` opens the GET endpoints, `write` opens send and broadcast; `write` does not imply `read`. */
  @ApiProperty({ enum: API_SCOPES, isArray: true, example: ['read'] })
  @IsArray({ message: 'scopes must be an array of read, write' })
  @ArrayMinSize(1, { message: 'scopes must contain at least one of read, write' })
  @ArrayUnique({ message: 'scopes must not repeat' })
  @IsIn(API_SCOPES, { each: true, message: 'scopes must contain only read, write' })
  scopes: ApiScope[];

  /** When the key stops working (ISO 8601); omit for a key that does not expire. */
  @IsOptional()
  @Type(() => Date)
  @MinDate(() => new Date(), { message: 'expires_at must be in the future' })
  @IsDate({ message: 'expires_at must be an ISO 8601 timestamp' })
  expires_at?: Date;
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'CRM export' */
  name: string;
  /** The first 8 and last 4 characters of the key, to recognise it. @example 'blk_SlRy…kSYB' */
  key_hint: string;
  @ApiProperty({ enum: API_SCOPES, isArray: true, example: ['read'] })
  scopes: ApiScope[];
  @ApiProperty({ enum: ['active', 'revoked', 'expired'], example: 'active' })
  status: 'active' | 'revoked' | 'expired';
  /** @example null */
  expires_at: Date | null;
  /** @example null */
  revoked_at: Date | null;
  /** @example '2026-11-24T07:00:03.000Z' */
  last_used_at: Date | null;
  /** @example '2026-11-03T14:00:00.000Z' */
  created_at: Date;
}

export class CreatedApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'CRM export' */
  name: string;
  /** The key itself (`blk_…`): shown only in this answer, store it now. @example 'blk_SlRy8ouGMsEVvmZaRgNuReKf7MqcpeGiSZdl8ShkSYB' */
  key: string;
  @ApiProperty({ enum: API_SCOPES, isArray: true, example: ['read'] })
  scopes: ApiScope[];
  /** @example null */
  expires_at: Date | null;
  /** @example '2026-11-03T14:00:00.000Z' */
  created_at: Date;
}

export class ApiKeyListDto {
  data: ApiKeyDto[];
}

/** The person who issued a key. */
export class ApiKeyHolderDto {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  email: string;
}

export class TeamApiKeyDto extends ApiKeyDto {
  holder: ApiKeyHolderDto;
}

export class TeamApiKeyListDto {
  /** Keys of everyone in the account (owner and members), newest first. */
  @ApiProperty({ type: [TeamApiKeyDto] })
  data: TeamApiKeyDto[];
}
