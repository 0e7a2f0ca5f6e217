import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ALERT_KINDS, REPLY_WINDOW } from './alert-rules';
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

/** Alert rules to change; fields left out keep their value (issue 27; defaults in docs/health.md). */
export class AlertRulesDto {
  /** Inbound messages left unanswered by a bot that answered in the 24 hours before. @example true */
  @IsOptional()
  @IsBoolean({ message: 'silence must be a boolean' })
  silence?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: 10000, description: 'Default 3.' })
  @IsOptional()
  @IsInt({ message: 'silence_messages must be an integer from 1 to 10000' })
  @Min(1, { message: 'silence_messages must be an integer from 1 to 10000' })
  @Max(10000, { message: 'silence_messages must be an integer from 1 to 10000' })
  silence_messages?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1440, description: 'Default 10.' })
  @IsOptional()
  @IsInt({ message: 'silence_minutes must be an integer from 1 to 1440' })
  @Min(1, { message: 'silence_minutes must be an integer from 1 to 1440' })
  @Max(1440, { message: 'silence_minutes must be an integer from 1 to 1440' })
  silence_minutes?: number;

  /** Mirrored sends failing with 429 or >= 500 over 5 minutes. @example true */
  @IsOptional()
  @IsBoolean({ message: 'errors must be a boolean' })
  errors?: boolean;

  @ApiPropertyOptional({ minimum: 0.01, maximum: 1, description: 'Default 0.2.' })
  @IsOptional()
  @IsNumber({}, { message: 'error_share must be a number from 0.01 to 1' })
  @Min(0.01, { message: 'error_share must be a number from 0.01 to 1' })
  @Max(1, { message: 'error_share must be a number from 0.01 to 1' })
  error_share?: number;

  /** The proxy target failing 5 updates in a row. @example true */
  @IsOptional()
  @IsBoolean({ message: 'target must be a boolean' })
  target?: boolean;

  /** A bot polling through the mirror that stopped polling. @example true */
  @IsOptional()
  @IsBoolean({ message: 'polling must be a boolean' })
  polling?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: 1440, description: 'Default 5.' })
  @IsOptional()
  @IsInt({ message: 'polling_minutes must be an integer from 1 to 1440' })
  @Min(1, { message: 'polling_minutes must be an integer from 1 to 1440' })
  @Max(1440, { message: 'polling_minutes must be an integer from 1 to 1440' })
  polling_minutes?: number;
}

/** A bot's alert rules in force. */
export class AlertRulesViewDto {
  /** @example true */
  silence: boolean;
  /** @example 3 */
  silence_messages: number;
  /** @example 10 */
  silence_minutes: number;
  /** @example true */
  errors: boolean;
  /** @example 0.2 */
  error_share: number;
  /** @example true */
  target: boolean;
  /** @example true */
  polling: boolean;
  /** @example 5 */
  polling_minutes: number;
}

/** An alert of the bot that is open now. */
export class OpenAlertDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ALERT_KINDS, example: 'silence' })
  kind: string;
  /** @example '2026-11-02T03:10:00.000Z' */
  opened_at: Date;
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

  /** Seconds within which an inbound message must be answered not to count as unanswered. */
  @ApiPropertyOptional({
    minimum: REPLY_WINDOW.min,
    maximum: REPLY_WINDOW.max,
    description: 'Seconds within which an inbound message must be answered not to count as unanswered; default 300.',
  })
  @IsOptional()
  @IsInt({ message: 'reply_window_s must be an integer from 10 to 86400' })
  @Min(REPLY_WINDOW.min, { message: 'reply_window_s must be an integer from 10 to 86400' })
  @Max(REPLY_WINDOW.max, { message: 'reply_window_s must be an integer from 10 to 86400' })
  reply_window_s?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => AlertRulesDto)
  alerts?: AlertRulesDto;
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
  /** @example 300 */
  reply_window_s: number;
  alerts: AlertRulesViewDto;
  /** The bot's open alerts (the cabinet marks the bot with them). */
  open_alerts: OpenAlertDto[];
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
