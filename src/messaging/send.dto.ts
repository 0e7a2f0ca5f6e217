import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { FileMessageFormDto } from '../common/http/file-message.dto';

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
export class ReplyFormDto extends FileMessageFormDto {}
