import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { Messages } from '../common/messages';
import { DEFAULT_PAGE_SIZE } from './contact.dto';
import { cappedPageSize } from './message.dto';

export class DialogsQueryDto {
  /** 1 to 1000; larger values are cut to 1000. */
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, minimum: 1 })
  @Transform(cappedPageSize)
  @IsInt({ message: Messages.badLimit })
  @Min(1, { message: Messages.badLimit })
  limit: number = DEFAULT_PAGE_SIZE;

  /** `true`: only dialogs waiting for an answer past the bot's reply window, the longest wait first (issue 27). */
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: Messages.badUnansweredFilter })
  unanswered?: 'true' | 'false';
}

/** A contact's conversation with the bot. */
export class DialogDto {
  /** The contact's id. */
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example '417203958' */
  external_user_id: string;
  /** @example 'anna_k' */
  username: string | null;
  /** @example 'Анна' */
  first_name: string | null;
  /** @example null */
  last_name: string | null;
  /** The first 200 characters of the last message; empty when it had no text. @example 'Да, доставляем за 2 дня.' */
  last_text: string;
  @ApiProperty({ enum: ['in', 'out'], example: 'out' })
  last_direction: 'in' | 'out';
  /** Time of the last message. @example '2026-11-24T18:42:09.000Z' */
  last_at: Date;
  /** Messages in both directions. */
  @ApiProperty({ type: 'integer', example: 14 })
  messages_total: number;
  /** The oldest inbound message still without an answer; null when the bot answered. @example null */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  awaiting_since: Date | null;
  /** Seconds since awaiting_since; null when the bot answered. @example null */
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  waited_s: number | null;
}

export class DialogListDto {
  /** Contacts with at least one message, most recent last message first. */
  data: DialogDto[];
  /** The page size used (after cutting to 1000). */
  @ApiProperty({ type: 'integer' })
  limit: number;
}
