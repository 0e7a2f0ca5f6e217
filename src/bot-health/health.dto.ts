import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import { ALERT_KINDS } from '../bots/alert-rules';
import { Messages } from '../common/messages';
import { utcDayMs } from '../revenue/revenue.dto';

const DAY_MS = 86_400_000;
/** Days a health report spans when `from` is not given, and at most. */
export const DEFAULT_HEALTH_DAYS = 7;
export const MAX_HEALTH_DAYS = 366;

function IsUtcDay() {
  return ValidateBy({
    name: 'isUtcDay',
    validator: { validate: (value) => utcDayMs(value) !== null, defaultMessage: () => Messages.badTimeRange },
  });
}

export class HealthQueryDto {
  /** The first UTC day, `YYYY-MM-DD`; by default 6 days before `to` (7 days in all). */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-22' })
  @IsOptional()
  @IsUtcDay()
  from?: string;

  /** The last UTC day, included whole; by default today (UTC). At most 366 days after `from`. */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-28' })
  @IsOptional()
  @IsUtcDay()
  to?: string;
}

/** Whole UTC days, both ends included. */
export interface HealthWindow {
  from: string;
  to: string;
}

export function healthWindow(query: HealthQueryDto, now = new Date()): HealthWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = query.to === undefined ? today : utcDayMs(query.to);
  const from = query.from === undefined && to !== null ? to - (DEFAULT_HEALTH_DAYS - 1) * DAY_MS : utcDayMs(query.from);
  if (from === null || to === null || from > to || (to - from) / DAY_MS >= MAX_HEALTH_DAYS)
    throw new BadRequestException(Messages.badTimeRange);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(from), to: day(to) };
}

export class ReplyTimeDto {
  /** Inbound messages of the window that were answered (at any time). */
  @ApiProperty({ type: 'integer', example: 412 })
  replied: number;
  /** Null when nothing was answered. */
  @ApiProperty({ type: 'integer', nullable: true, example: 4200 })
  p50_ms: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 31000 })
  p90_ms: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 180000 })
  p99_ms: number | null;
}

export class UnansweredDto {
  /** Inbound messages without an answer within the bot's reply window (those still within it are not counted yet). */
  @ApiProperty({ type: 'integer', example: 17 })
  count: number;
  /** count ÷ inbound messages of the window, two decimals (0 without inbound messages). @example 0.04 */
  share: number;
}

export class PlatformErrorDto {
  /** As the platform documents it: `sendMessage`, or MAX's `POST /messages`. @example 'sendMessage' */
  method: string;
  @ApiProperty({ type: 'integer', example: 429 })
  error_code: number;
  /** The platform's description with ids and numbers replaced by `N`. @example 'Too Many Requests: retry after N' */
  description: string;
  @ApiProperty({ type: 'integer', example: 12 })
  count: number;
  /** @example '2026-11-28T03:12:09.000Z' */
  last_at: Date;
}

export class TargetErrorsDto {
  /** Updates the proxy target failed (status >= 500, a timeout, a refused connection). */
  @ApiProperty({ type: 'integer', example: 0 })
  count: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  last_at: Date | null;
  /** @example null */
  @ApiProperty({ type: String, nullable: true, example: null })
  last_error: string | null;
}

export class HealthDayDto {
  /** @example '2026-11-28' */
  date: string;
  @ApiProperty({ type: 'integer', example: 120 })
  inbound: number;
  @ApiProperty({ type: 'integer', example: 115 })
  replied: number;
  @ApiProperty({ type: 'integer', example: 3 })
  unanswered: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 4100 })
  p50_ms: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 29000 })
  p90_ms: number | null;
  /** Platform errors that day. */
  @ApiProperty({ type: 'integer', example: 2 })
  errors: number;
}

export class HealthDto {
  /** @example '2026-11-22' */
  from: string;
  /** @example '2026-11-28' */
  to: string;
  reply_time: ReplyTimeDto;
  unanswered: UnansweredDto;
  /** Grouped by method, code and description; the most frequent first. */
  errors: PlatformErrorDto[];
  target_errors: TargetErrorsDto;
  /** The bot's newest inbound message, whenever it was. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_inbound_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_outbound_at: Date | null;
  /** One row per day of the window, oldest first. */
  timeline: HealthDayDto[];
}

export const ALERT_STATES = ['open', 'resolved'] as const;

export class AlertsQueryDto {
  /** Only open or only resolved alerts; all by default. */
  @ApiPropertyOptional({ enum: ALERT_STATES })
  @IsOptional()
  @IsIn(ALERT_STATES, { message: Messages.badAlertState })
  state?: (typeof ALERT_STATES)[number];
}

export class AlertDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ALERT_KINDS, example: 'silence' })
  kind: string;
  /** @example '2026-11-28T03:10:00.000Z' */
  opened_at: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  resolved_at: Date | null;
  /** What was seen when it opened, by kind (docs/health.md). */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { unanswered: 4, since: '2026-11-28T02:58:00.000Z' },
  })
  details: Record<string, unknown>;
}

export class AlertListDto {
  /** Newest first. */
  data: AlertDto[];
}
