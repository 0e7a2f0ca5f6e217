import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min, ValidateBy } from 'class-validator';
import { parseTimeBound, strictInteger } from '../common/http/query-params';
import { Messages } from '../common/messages';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './contact.dto';

/** A page size where values over the maximum are cut to it (contract §6, messages and dialogs). */
export const cappedPageSize = ({ value }: { value: unknown }) => Math.min(strictInteger(value), MAX_PAGE_SIZE);

function IsTimeBound() {
  return ValidateBy({
    name: 'isTimeBound',
    validator: { validate: (value) => parseTimeBound(value) !== null, defaultMessage: () => Messages.badTimeRange },
  });
}

export class MessagesQueryDto {
  /** 1 to 1000; larger values are cut to 1000. */
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, minimum: 1 })
  @Transform(cappedPageSize)
  @IsInt({ message: Messages.badLimit })
  @Min(1, { message: Messages.badLimit })
  limit: number = DEFAULT_PAGE_SIZE;

  /** Only this user's messages (`external_user_id`); an unknown user gives an empty list. */
  @IsOptional()
  @IsString({ message: 'userId must be a string' })
  userId?: string;

  /**
   * Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
   * (`2024-05-01` = from midnight UTC of that day).
   */
  @ApiPropertyOptional({ example: '2024-05-01T00:00:00Z' })
  @IsOptional()
  @IsTimeBound()
  from?: string;

  /** Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
  @ApiPropertyOptional({ example: '2024-05-31' })
  @IsOptional()
  @IsTimeBound()
  to?: string;
}

/** The messages export takes the list's filters; it has no page size, it sends every message they select. */
export class MessagesExportQueryDto extends OmitType(MessagesQueryDto, ['limit'] as const) {}

/** One dialog's messages: the user is in the path. */
export class DialogMessagesQueryDto extends OmitType(MessagesQueryDto, ['userId'] as const) {}

export class MessageDto {
  /** The service's message id (not the platform's). */
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: ['in', 'out'], example: 'in' })
  direction: 'in' | 'out';
  /** @example '417203958' */
  external_user_id: string;
  /** The text or caption; an empty string for a message without text (a photo, a sticker). @example 'Здравствуйте! Есть доставка в Казань?' */
  text: string;
  /** The platform's message time. @example '2026-11-24T18:42:07.000Z' */
  created_at: Date;
}

export class MessageListDto {
  /** Newest first. */
  data: MessageDto[];
  /** The page size used (after cutting to 1000). */
  @ApiProperty({ type: 'integer' })
  limit: number;
}

/** An intent a message matched, with what the cabinet needs to highlight it. */
export class MessageIntentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** The intent's technical key. */
  name: string;
  /** Hexadecimal colour, e.g. `#22C55E`. */
  @ApiProperty({ example: '#22C55E' })
  color: string;
}

/** A message of the cabinet's dialog: the open API's message plus the intents it matched. */
export class CabinetMessageDto extends MessageDto {
  /** The intents the message matched when it was stored, ordered by name; `[]` for none (outbound messages are never matched). */
  @ApiProperty({ type: [MessageIntentDto] })
  intents: MessageIntentDto[];
}

export class CabinetMessageListDto {
  /** Newest first. */
  @ApiProperty({ type: [CabinetMessageDto] })
  data: CabinetMessageDto[];
  /** The page size used (after cutting to 1000). */
  @ApiProperty({ type: 'integer' })
  limit: number;
}

/** A button the contact pressed in the dialog (session API: the cabinet shows it among the messages). */
export class DialogPressDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** The button's callback data (MAX: payload). @example 'plan:pro' */
  data: string;
  /** When the press arrived (MAX: the callback's time). */
  created_at: Date;
}

export class DialogPressListDto {
  /** Newest first. */
  @ApiProperty({ type: [DialogPressDto] })
  data: DialogPressDto[];
  /** The page size used (after cutting to 1000). */
  @ApiProperty({ type: 'integer' })
  limit: number;
}
