import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PLATFORMS, Platform } from '../platforms/platform';

const UTM_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const TARGET_URL = /^(polling|https?:\/\/\S+)$/;
const TARGET_URL_MESSAGE = 'target_url must be an http:// or https:// URL or "polling"';

export class CreateBotDto {
  @ApiProperty({ enum: PLATFORMS, example: 'telegram' })
  @IsIn(PLATFORMS, { message: 'platform must be telegram or max' })
  platform: Platform;

  /** Display name in the cabinet. @example 'Shop helper' */
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
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'Shop helper' */
  name: string;
  @ApiProperty({ enum: PLATFORMS, example: 'telegram' })
  platform: Platform;
  /** @example 'shop_helper_bot' */
  username: string | null;
  /** Null for Telegram bots: Telegram gives no avatar address without exposing the token. @example null */
  avatar_url: string | null;
  /** @example true */
  has_token: boolean;
  /** @example true */
  active: boolean;
  /** `analytics_only` without a token; `proxy` when a target_url is set; otherwise `mirror`. */
  @ApiProperty({ enum: ['mirror', 'proxy', 'analytics_only'], example: 'mirror' })
  mode: BotMode;
  /** @example null */
  target_url: string | null;
  /** @example 'utm_source' */
  utm_key: string;
  /** Set this as the platform webhook for proxy-webhook mode. @example 'https://botlens.example/proxy/09e4d1f4-975a-4550-b3a8-d61294b431de/SeGAkQltGumpMCjseNXjg8vjcFkVDtd2' */
  proxy_url: string;
  /** Use this as the bot library's API base for mirror mode. @example 'https://botlens.example/tg' */
  mirror_url: string;
  /** The last failure forwarding an update to target_url, if any. @example null */
  last_forward_error: string | null;
  /** @example null */
  last_forward_at: Date | null;
  /** @example '2026-11-02T10:15:00.000Z' */
  created_at: Date;
}

export class BotListDto {
  data: BotDto[];
}

/** A bot as the open API shows it. */
export class OpenApiBotDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'Shop helper' */
  name: string;
  @ApiProperty({ enum: PLATFORMS, example: 'telegram' })
  platform: Platform;
  /** @example 'shop_helper_bot' */
  username: string | null;
  /** @example true */
  active: boolean;
  /** @example '2026-11-02T10:15:00.000Z' */
  created_at: Date;
}

export class OpenApiBotListDto {
  data: OpenApiBotDto[];
}
