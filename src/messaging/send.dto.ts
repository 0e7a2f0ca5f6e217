import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { FileMessageFormDto } from '../common/http/file-message.dto';

/** Checked by the service, not the pipe, so that missing fields get the spec's exact message. */
export class SendMessageDto {
  /** The contact's `external_user_id`; it must be a contact of the bot. */
  @ApiProperty({ required: true, type: String, example: '417203958' })
  @Allow()
  userId?: unknown;

  /** Up to 4000 characters. */
  @ApiProperty({ required: true, type: String, maxLength: 4000, example: 'Да, доставляем за 2 дня.' })
  @Allow()
  text?: unknown;
}

export class SentMessageDto {
  /** @example true */
  ok: boolean;
  /**
   * Botlens's own message id; an empty string when the sent message was not recorded, e.g. once the account's
   * free plan has used its monthly cap (the user still got it). @example '316039ee-4b9a-4c80-aea1-73325761a866'
   */
  id: string;
  @ApiProperty({ enum: ['out'], example: 'out' })
  direction: 'out';
  /** @example 'Да, доставляем за 2 дня.' */
  text: string;
  /** @example '2026-11-24T18:42:09.000Z' */
  created_at: Date;
  /** The platform's unprocessed answer (Telegram: `result.message_id` is its own id). @example { 'ok': true, 'result': { 'message_id': 5120 } } */
  provider: Record<string, unknown>;
}

/** The cabinet's reply: JSON `{ text }`, or multipart with a file and its kind (the text then is the optional caption). */
export class ReplyFormDto extends FileMessageFormDto {}
