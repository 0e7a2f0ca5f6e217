import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Checked by the service, not the pipe, so that missing fields get the spec's exact message. */
export class SendMessageDto {
  /** The contact's `external_user_id`; it must be a contact of the bot. */
  @ApiProperty({ required: true, type: String })
  @Allow()
  userId?: unknown;

  /** Up to 4000 characters. */
  @ApiProperty({ required: true, type: String, maxLength: 4000 })
  @Allow()
  text?: unknown;
}

export class SentMessageDto {
  ok: boolean;
  /** Botlens's own message id. */
  id: string;
  @ApiProperty({ enum: ['out'] })
  direction: 'out';
  text: string;
  created_at: Date;
  /** The platform's unprocessed answer (Telegram: `result.message_id` is its own id). */
  provider: Record<string, unknown>;
}

/** The cabinet's reply: JSON `{ text }`, or multipart with a file and its kind (the text then is the optional caption). */
export class ReplyFormDto {
  /** Up to 4000 characters; required without a file. With a file it is the caption (on Telegram at most 1024). */
  @ApiPropertyOptional({ type: String, maxLength: 4000 })
  @Allow()
  text?: unknown;

  /** Up to 50 MB; needs `kind`. */
  @ApiPropertyOptional({ type: 'string', format: 'binary' })
  file?: unknown;

  @ApiPropertyOptional({ enum: ['photo', 'audio', 'file'] })
  @Allow()
  kind?: unknown;
}
