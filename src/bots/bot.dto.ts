import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PLATFORMS, Platform } from './bot.entity';

const UTM_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const TARGET_URL = /^(polling|https?:\/\/\S+)$/;
const TARGET_URL_MESSAGE = 'target_url must be an http:// or https:// URL or "polling"';

export class CreateBotDto {
  @ApiProperty({ enum: PLATFORMS })
  @IsIn(PLATFORMS, { message: 'platform must be telegram or max' })
  platform: Platform;

  /** Display name in the cabinet. */
  @IsString()
  @Length(1, 100, { message: 'name must be 1 to 100 characters' })
  name: string;

  /** The bot token; checked with the platform's identity call, stored encrypted, never returned. Omit for analytics-only mode. */
  @IsOptional()
  @IsString()
  @Length(1, 512, { message: 'token must be 1 to 512 characters' })
  token?: string;

  /** Where proxy-webhook updates are forwarded: an http(s) URL, or `polling` to hold them for the bot's getUpdates. */
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'target_url must be at most 500 characters' })
  @Matches(TARGET_URL, { message: TARGET_URL_MESSAGE })
  target_url?: string;

  /** The deep-link key that carries the traffic source. */
  @ApiPropertyOptional({ default: 'utm_source', pattern: UTM_KEY.source })
  @IsOptional()
  @Matches(UTM_KEY, { message: 'utm_key must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -' })
  utm_key?: string;
}

export class UpdateBotDto {
  @IsOptional()
  @IsString()
  @Length(1, 100, { message: 'name must be 1 to 100 characters' })
  name?: string;

  /** A new token (checked with the platform), or null to return to analytics-only mode. */
  @ApiPropertyOptional({ type: String, nullable: true })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  @IsString()
  @Length(1, 512, { message: 'token must be 1 to 512 characters' })
  token?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @ValidateIf((_, value) => value !== null)
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'target_url must be at most 500 characters' })
  @Matches(TARGET_URL, { message: TARGET_URL_MESSAGE })
  target_url?: string | null;

  @IsOptional()
  @Matches(UTM_KEY, { message: 'utm_key must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -' })
  utm_key?: string;

  /** false deactivates the bot: new updates stop entering; true resumes collection. */
  @IsOptional()
  @IsBoolean({ message: 'active must be a boolean' })
  active?: boolean;
}

export type BotMode = 'mirror' | 'proxy' | 'analytics_only';

export class BotDto {
  id: string;
  name: string;
  @ApiProperty({ enum: PLATFORMS })
  platform: Platform;
  username: string | null;
  avatar_url: string | null;
  has_token: boolean;
  active: boolean;
  /** `analytics_only` without a token; `proxy` when a target_url is set; otherwise `mirror`. */
  @ApiProperty({ enum: ['mirror', 'proxy', 'analytics_only'] })
  mode: BotMode;
  target_url: string | null;
  utm_key: string;
  /** Set this as the platform webhook for proxy-webhook mode. */
  proxy_url: string;
  /** Use this as the bot library's API base for mirror mode. */
  mirror_url: string;
  /** The last failure forwarding an update to target_url, if any. */
  last_forward_error: string | null;
  last_forward_at: Date | null;
  created_at: Date;
}

export class BotListDto {
  data: BotDto[];
}

/** A bot as the open API shows it. */
export class OpenApiBotDto {
  id: string;
  name: string;
  @ApiProperty({ enum: PLATFORMS })
  platform: Platform;
  username: string | null;
  active: boolean;
  created_at: Date;
}

export class OpenApiBotListDto {
  data: OpenApiBotDto[];
}
