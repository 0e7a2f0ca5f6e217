import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import { WEBHOOK_EVENTS, WebhookEvent } from './webhook-subscription.entity';

const URL_MESSAGE = 'url must be an http:// or https:// URL of at most 500 characters';
const EVENTS_MESSAGE = `events must contain at least one of ${WEBHOOK_EVENTS.join(', ')}`;
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export class CreateWebhookDto {
  @ApiProperty({ maxLength: 500, example: 'https://crm.example/botlens' })
  @MaxLength(500, { message: URL_MESSAGE })
  @Matches(HTTP_URL, { message: URL_MESSAGE })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_MESSAGE })
  @ArrayUnique({ message: 'events must not repeat' })
  @ArrayMinSize(1, { message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events: WebhookEvent[];

  /** Only this bot's events; omit for all your bots. @example '09e4d1f4-975a-4550-b3a8-d61294b431de' */
  @IsOptional()
  @IsUUID('all', { message: 'bot_id must be a bot id' })
  bot_id?: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @MaxLength(500, { message: URL_MESSAGE })
  @Matches(HTTP_URL, { message: URL_MESSAGE })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptional()
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_MESSAGE })
  @ArrayUnique({ message: 'events must not repeat' })
  @ArrayMinSize(1, { message: EVENTS_MESSAGE })
  @IsArray({ message: EVENTS_MESSAGE })
  events?: WebhookEvent[];

  @IsOptional()
  @IsBoolean({ message: 'active must be a boolean' })
  active?: boolean;
}

export class WebhookDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'https://crm.example/botlens' */
  url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['message.created', 'contact.created'] })
  events: WebhookEvent[];
  /** Only this bot's events; null for all your bots. */
  @ApiProperty({ format: 'uuid', example: '09e4d1f4-975a-4550-b3a8-d61294b431de' })
  bot_id: string | null;
  /** @example true */
  active: boolean;
  /** @example '2026-11-03T14:20:00.000Z' */
  created_at: Date;
}

export class CreatedWebhookDto extends WebhookDto {
  /** The signing secret (`whsec_…`): shown only in this answer. @example 'whsec_ICBXMGNTGcHPu8aVZFaFuCiN84RfezTO0kRxt2E9Vpir' */
  secret: string;
}

export class WebhookListDto {
  data: WebhookDto[];
}

export class DeliveryDto {
  /** @example 'message.created' */
  event: string;
  /** The receiver's HTTP status; null when no answer came. @example 200 */
  status_code: number | null;
  /** @example null */
  error: string | null;
  /** @example 84 */
  duration_ms: number;
  /** The first 500 characters of the JSON body sent. */
  body_preview: string | null;
  /** The first 500 characters of the receiver's answer; null when no answer came (a network error). */
  response_preview: string | null;
  /** @example '2026-11-24T18:42:07.120Z' */
  created_at: Date;
}
