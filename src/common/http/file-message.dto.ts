import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** The fields of a message that may carry a file: checked by the service, so each refusal has the spec's message. */
export class FileMessageFormDto {
  /** The message, or the caption of the file (up to 4000 characters; 1024 with a file on Telegram). Required without a file. */
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
