import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { FileMessageFormDto } from '../common/http/file-message.dto';
import { PageDto } from '../common/http/page-query.dto';

/** One text of an A/B broadcast. */
export class BroadcastVariantInputDto {
  /** Up to 4000 characters (1024 as a caption on Telegram); may be empty only when the variant carries the file. */
  @ApiProperty({ type: String, maxLength: 4000 })
  text: string;
  /** Closed broadcasts: whether this variant carries the uploaded file (default: yes when one is uploaded). */
  @ApiPropertyOptional({ type: Boolean })
  file?: boolean;
}

/** Tracked links and A/B variants (issue 28), on the open API's and the cabinet's broadcasts alike. */
export class BroadcastPlanFieldsDto {
  /** Every http(s) URL of the text becomes each recipient's own tracked link (`{PUBLIC_BASE_URL}/l/{code}/{token}`); default false. */
  @ApiPropertyOptional({ type: Boolean })
  @Allow()
  track_links?: unknown;

  /** 2–4 variants instead of `text` (in a multipart form: a JSON string). */
  @ApiPropertyOptional({ type: [BroadcastVariantInputDto], minItems: 2, maxItems: 4 })
  @Allow()
  variants?: unknown;

  /** The share of the audience that tests the variants, split evenly (0.05–1, default 1); below 1 the winner goes to the rest. */
  @ApiPropertyOptional({ type: Number, minimum: 0.05, maximum: 1 })
  @Allow()
  test_share?: unknown;

  /** Required when test_share < 1: minutes after the test share's last send that the winner is chosen. */
  @ApiPropertyOptional({ type: 'integer', minimum: 10, maximum: 10080 })
  @Allow()
  winner_after_minutes?: unknown;

  /** Required when test_share < 1; ties go to the first variant. `clicked` needs track_links. */
  @ApiPropertyOptional({ enum: ['clicked', 'replied', 'revenue'] })
  @Allow()
  winner_metric?: unknown;
}

/** Checked by the service, not the pipe, so that a missing text gets the spec's exact message. */
export class BroadcastV1RequestDto extends BroadcastPlanFieldsDto {
  /** Up to 4000 characters; sent to every contact of the bot that has not blocked it. Required unless variants are given. */
  @ApiProperty({ required: true, type: String, maxLength: 4000, example: 'Скидки до 30% только сегодня' })
  @Allow()
  text?: unknown;
}

/** The spec's answer of `POST /api/v1/bots/{id}/broadcast`, given once the last recipient is processed. */
export class BroadcastResultDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** Recipients chosen: the bot's contacts that had not blocked it when the broadcast was created. */
  @ApiProperty({ type: 'integer', example: 1250 })
  total_count: number;
  @ApiProperty({ type: 'integer', example: 1243 })
  sent_count: number;
  /** Recipients the platform refused (after up to 3 retries of a 429), or whose delivery was cut by a restart. */
  @ApiProperty({ type: 'integer', example: 7 })
  failed_count: number;
  /** @example '2026-11-24T12:00:00.000Z' */
  created_at: Date;
}

/** Who a closed broadcast goes to; every field narrows the audience. */
export class BroadcastSegmentDto {
  /** The source after the bot's mappings, as in the sources report (`— unmapped`: contacts without one). */
  source_value?: string;
  campaign_name?: string;
  /** An intent's name: contacts with at least one message that matched it. */
  intent?: string;
  language_code?: string;
  /** Absent: blocked contacts are left out; true: only blocked contacts; false: only the others. */
  blocked?: boolean;
  /** Contacts whose last inbound message is at most this many days old (1–3650). */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 3650 })
  active_within_days?: number;
  /** true: only payers (a payment that was not refunded); false: only the others. */
  payer?: boolean;
}

/** The multipart form of `POST /api/bots/:id/broadcasts` (contract §3). */
export class CreateBroadcastFormDto extends FileMessageFormDto {
  /** A bot is on one platform: another platform than the bot's selects no one. */
  @ApiPropertyOptional({ enum: ['all', 'telegram', 'max'], default: 'all' })
  @Allow()
  platform?: unknown;

  /** A JSON object, see BroadcastSegmentDto, e.g. `{"source_value":"instagram","active_within_days":30}`. */
  @ApiPropertyOptional({ type: String, example: '{"source_value":"instagram","active_within_days":30}' })
  @Allow()
  segment?: unknown;

  /** ISO 8601 time in the future: the broadcast is scheduled and chooses its recipients then. */
  @ApiPropertyOptional({ type: String, format: 'date-time' })
  @Allow()
  send_at?: unknown;

  /** `true`: every URL goes as each recipient's own tracked link (as in the open API's broadcast); default `false`. */
  @ApiPropertyOptional({ type: String, enum: ['true', 'false'] })
  @Allow()
  track_links?: unknown;

  /** A JSON string `[{ "text": "…", "file": true }, …]`, 2–4 variants instead of `text`. */
  @ApiPropertyOptional({ type: String, example: '[{"text":"Вариант A"},{"text":"Вариант B"}]' })
  @Allow()
  variants?: unknown;

  /** A number from 0.05 to 1 (default 1), e.g. `0.2`. */
  @ApiPropertyOptional({ type: String, example: '0.2' })
  @Allow()
  test_share?: unknown;

  /** An integer from 10 to 10080; required when test_share is below 1. */
  @ApiPropertyOptional({ type: String, example: '60' })
  @Allow()
  winner_after_minutes?: unknown;

  /** Required when test_share is below 1. */
  @ApiPropertyOptional({ enum: ['clicked', 'replied', 'revenue'] })
  @Allow()
  winner_metric?: unknown;
}

export class BroadcastPreviewRequestDto {
  @ApiPropertyOptional({ enum: ['all', 'telegram', 'max'], default: 'all' })
  @Allow()
  platform?: unknown;

  /** The segment as an object (or as the same JSON string the multipart form takes). */
  @ApiPropertyOptional({ type: BroadcastSegmentDto })
  @Allow()
  segment?: unknown;
}

export class BroadcastPreviewDto {
  /** Contacts the broadcast would go to if it started now. */
  @ApiProperty({ type: 'integer' })
  count: number;
}

/** What a broadcast's recipients paid in one currency within 72 hours after their send (issue 26). */
export class BroadcastRevenueDto {
  /** ISO 4217, or `XTR` for Telegram Stars. @example 'XTR' */
  currency: string;
  /** Their payments in the window less refunds, in the currency's smallest units. */
  @ApiProperty({ type: 'integer', example: 4500 })
  net: number;
  /** Recipients with a payment in their window that was not refunded. */
  @ApiProperty({ type: 'integer', example: 12 })
  payers: number;
}

/**
 * What a broadcast did (issue 28), each recipient counted once: `delivered` + `failed` are the recipients processed;
 * the others count delivered recipients only.
 */
export class BroadcastOutcomesDto {
  @ApiProperty({ type: 'integer' })
  delivered: number;
  @ApiProperty({ type: 'integer' })
  failed: number;
  /** Failed because the platform answered 403 (the contact had blocked the bot). */
  @ApiProperty({ type: 'integer' })
  blocked_on_send: number;
  /** Opened one of the broadcast's tracked links through their own link (track_links). */
  @ApiProperty({ type: 'integer' })
  clicked: number;
  /** Sent the bot a message within 24 hours after their send. */
  @ApiProperty({ type: 'integer' })
  replied: number;
  /** Blocked the bot within 24 hours after their send (and have not unblocked it since). */
  @ApiProperty({ type: 'integer' })
  blocked_after: number;
  /** As the broadcast's `revenue`: payments within 72 hours after their send. */
  @ApiProperty({ type: [BroadcastRevenueDto] })
  revenue: BroadcastRevenueDto[];
}

/** One variant of an A/B broadcast with what it did. */
export class BroadcastVariantDto {
  text: string;
  /** Whether it carries the broadcast's file. */
  file: boolean;
  /** Its recipients that were delivered it. */
  @ApiProperty({ type: 'integer' })
  sent: number;
  @ApiProperty({ type: BroadcastOutcomesDto })
  outcomes: BroadcastOutcomesDto;
}

/** A broadcast as the cabinet reports it. */
export class BroadcastDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  text: string;
  @ApiProperty({ enum: ['photo', 'audio', 'file'], nullable: true, type: String })
  kind: 'photo' | 'audio' | 'file' | null;
  @ApiProperty({ enum: ['all', 'telegram', 'max'] })
  platform: 'all' | 'telegram' | 'max';
  segment: BroadcastSegmentDto;
  /** scheduled → queued → running → done; failed when it could not go on; cancelled by the owner. */
  @ApiProperty({ enum: ['scheduled', 'queued', 'running', 'done', 'failed', 'cancelled'] })
  status: 'scheduled' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** 0 for a scheduled broadcast until it starts (recipients are chosen then). */
  @ApiProperty({ type: 'integer' })
  total_count: number;
  @ApiProperty({ type: 'integer' })
  sent_count: number;
  @ApiProperty({ type: 'integer' })
  failed_count: number;
  /** Why a failed broadcast stopped. */
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  send_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finished_at: Date | null;
  created_at: Date;
  /**
   * Per currency (by code), what its recipients paid within 72 hours after their own send; empty until someone
   * paid. Refunds come off `net` whenever they come.
   */
  @ApiProperty({ type: [BroadcastRevenueDto] })
  revenue: BroadcastRevenueDto[];
  /** Whether its URLs went out as each recipient's tracked links. */
  track_links: boolean;
  /** What it did, each recipient counted once (zeros until it starts). */
  @ApiProperty({ type: BroadcastOutcomesDto })
  outcomes: BroadcastOutcomesDto;
  /** The A/B variants in order (their index is `winner`); null for a broadcast of one text. */
  @ApiProperty({ type: [BroadcastVariantDto], nullable: true })
  variants: BroadcastVariantDto[] | null;
  @ApiProperty({ type: Number, nullable: true })
  test_share: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  winner_after_minutes: number | null;
  @ApiProperty({ enum: ['clicked', 'replied', 'revenue'], nullable: true, type: String })
  winner_metric: 'clicked' | 'replied' | 'revenue' | null;
  /** The winning variant's index (from 0), once chosen. */
  @ApiProperty({ type: 'integer', nullable: true })
  winner: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  winner_chosen_at: Date | null;
}

export class BroadcastListDto {
  /** Newest first. */
  @ApiProperty({ type: [BroadcastDto] })
  data: BroadcastDto[];
}

/** A page of the open API's broadcast list (v1.1); `total` counts every broadcast of the bot. */
export class BroadcastPageDto extends PageDto {
  /** Newest first. */
  @ApiProperty({ type: [BroadcastDto] })
  data: BroadcastDto[];
}
