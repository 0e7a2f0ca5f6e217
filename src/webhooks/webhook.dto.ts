import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsUUID, Matches, MaxLength } from 'class-validator';
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

  /** Only this bot's events; omit for all your bots. */
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
  id: string;
  url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  events: WebhookEvent[];
  bot_id: string | null;
  active: boolean;
  created_at: Date;
}

export class CreatedWebhookDto extends WebhookDto {
  /** The signing secret (`whsec_…`): shown only in this answer. */
  secret: string;
}

export class WebhookListDto {
  data: WebhookDto[];
}

export class DeliveryDto {
  event: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  /** The first 500 characters of the JSON body sent. */
  body_preview: string | null;
  /** The first 500 characters of the receiver's answer; null when no answer came (a network error). */
  response_preview: string | null;
  created_at: Date;
}
