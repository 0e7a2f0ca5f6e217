import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { strictInteger } from '../common/http/query-params';
import { Messages } from '../common/messages';

export const DEFAULT_TIMELINE_DAYS = 30;
export const MAX_TIMELINE_DAYS = 365;

/** The bot's totals, exact and computed on each request (no cache). */
export class StatsDto {
  /** All contacts. */
  @ApiProperty({ type: 'integer', example: 1250 })
  contacts_total: number;
  /** Contacts whose last inbound message is within the last 24 hours. */
  @ApiProperty({ type: 'integer', example: 87 })
  contacts_active_24h: number;
  /** All messages, both directions. */
  @ApiProperty({ type: 'integer', example: 18342 })
  messages_total: number;
  @ApiProperty({ type: 'integer', example: 9920 })
  messages_in: number;
  /** Sent by the bot: through the mirror, the proxy's webhook replies and the API. */
  @ApiProperty({ type: 'integer', example: 8422 })
  messages_out: number;
  /** Messages of both directions in the last 24 hours. */
  @ApiProperty({ type: 'integer', example: 640 })
  messages_24h: number;
  /** Contacts who first appeared (with their first message) in the last 7 days. */
  @ApiProperty({ type: 'integer', example: 132 })
  new_users_7d: number;
  /** Contacts who wrote in the last 7 days and first appeared earlier. */
  @ApiProperty({ type: 'integer', example: 215 })
  active_users_7d: number;
}

export class TimelineQueryDto {
  /** How many days, ending today (UTC), 1 to 365. */
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_TIMELINE_DAYS, minimum: 1, maximum: MAX_TIMELINE_DAYS })
  @Transform(({ value }) => strictInteger(value))
  @IsInt({ message: Messages.badDays })
  @Min(1, { message: Messages.badDays })
  @Max(MAX_TIMELINE_DAYS, { message: Messages.badDays })
  days: number = DEFAULT_TIMELINE_DAYS;
}

export class TimelineDayDto {
  /** A UTC date, `YYYY-MM-DD`. */
  @ApiProperty({ example: '2024-05-01' })
  date: string;
  @ApiProperty({ type: 'integer', example: 412 })
  messages_in: number;
  @ApiProperty({ type: 'integer', example: 388 })
  messages_out: number;
  /** Contacts that first appeared that day. */
  @ApiProperty({ type: 'integer', example: 21 })
  new_contacts: number;
}

export class TimelineDto {
  /** One element per UTC day, oldest first, the last one today; days without activity have zeros. */
  data: TimelineDayDto[];
  @ApiProperty({ type: 'integer' })
  days: number;
}
