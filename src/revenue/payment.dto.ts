import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { strictInteger } from '../common/http/query-params';
import { Messages } from '../common/messages';
import { PaymentRules } from '../ingest/facts';
import type { PaymentObject } from '../ingest/events';
import { paymentObject, PaymentObjectRow } from '../ingest/payments-statement';

/** A platform user id: a positive integer, as a JSON number or its decimal string (the contact's `external_user_id`). */
const USER_ID = /^[1-9]\d{0,19}$/;
export const MAX_PAYLOAD_LENGTH = 4096;
export const DEFAULT_PAYMENTS_PAGE = 100;
export const MAX_PAYMENTS_PAGE = 1000;

/** A JSON number that is a safe integer becomes its decimal string; anything else is left for the check to refuse. */
const userIdText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;

/**
 * A payment of a contact (issue 26): captured from Telegram (`successful_payment`) or reported by an integrator.
 * Amounts are JSON integers in the currency's smallest units (Stars `XTR` and `JPY`: exponent 0; most others: 2).
 */
export class PaymentDto implements PaymentObject {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'uuid' })
  bot_id: string;
  /** The payer: the contact's user id on the platform. @example '417203958' */
  user_id: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: PaymentRules.maxAmount, example: 250 })
  amount: number;
  /** ISO 4217, or `XTR` for Telegram Stars. @example 'XTR' */
  currency: string;
  /** Unique per bot: Telegram's `telegram_payment_charge_id`, or the integrator's own id. @example 'stxAbC123' */
  charge_id: string;
  /** The payment provider's charge id; null for Stars and for reported payments. @example null */
  provider_charge_id: string | null;
  /** The invoice payload (what was bought). @example 'plan:pro:month' */
  payload: string | null;
  /** A payment of a subscription (Telegram `is_recurring`). @example false */
  recurring: boolean;
  /** The first payment of a subscription (Telegram `is_first_recurring`). @example false */
  first_recurring: boolean;
  /** When the subscription it paid for ends. @example null */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  subscription_expires_at: string | null;
  /** When it was paid: Telegram's message date, or the reported `paid_at`. */
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-24T18:42:07.000Z' })
  paid_at: string;
  /** When it was refunded; null while it is not. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  refunded_at: string | null;
  /** The contact's first-touch source through the bot's mappings, as in the contact object; null without one. */
  @ApiProperty({ type: String, nullable: true, example: 'instagram' })
  source_value: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'black_friday' })
  campaign_name: string | null;
}

/** The payment object of a row read with PAYMENT_OBJECT_SELECT: what the API answers and the events carry. */
export function toPaymentObject(row: PaymentObjectRow): PaymentDto {
  return paymentObject(row);
}

/** `POST /api/v1/bots/{id}/payments`: a payment taken outside the platform, of a contact the bot already has. */
export class RecordPaymentDto {
  @ApiProperty({
    oneOf: [
      { type: 'string', pattern: USER_ID.source },
      { type: 'integer', minimum: 1 },
    ],
    description: "The payer's user id on the platform (a contact of the bot), as a string or an integer",
    example: '417203958',
  })
  @Transform(userIdText)
  @IsString({ message: Messages.badUserId })
  @Matches(USER_ID, { message: Messages.badUserId })
  user_id: string;

  /** In the currency's smallest units: a positive integer up to 10^12 (a JSON number, not a string). */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: PaymentRules.maxAmount, example: 49900 })
  @IsInt({ message: Messages.badAmount })
  @Min(1, { message: Messages.badAmount })
  @Max(PaymentRules.maxAmount, { message: Messages.badAmount })
  amount: number;

  /** Three upper-case letters: ISO 4217 (`RUB`, `USD`) or `XTR`. */
  @ApiProperty({ pattern: PaymentRules.currency.source, example: 'RUB' })
  @IsString({ message: Messages.badCurrency })
  @Matches(PaymentRules.currency, { message: Messages.badCurrency })
  currency: string;

  /** Your id of the charge, unique per bot: 1–255 characters without control characters. The same id again is the same payment. */
  @ApiProperty({ minLength: 1, maxLength: 255, example: 'yk-2c4f1a90-000f-5000-9000-1b2c3d4e5f60' })
  @IsString({ message: Messages.badChargeId })
  @Matches(PaymentRules.chargeId, { message: Messages.badChargeId })
  charge_id: string;

  /** What was bought (a plan, a product code): 1–4096 characters; null or absent for none. */
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 1,
    maxLength: MAX_PAYLOAD_LENGTH,
    example: 'plan:pro',
  })
  @IsOptional()
  @IsString({ message: Messages.badPayload })
  @Length(1, MAX_PAYLOAD_LENGTH, { message: Messages.badPayload })
  // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
  @Matches(/^[^\u0000]*$/, { message: Messages.badPayload })
  payload?: string | null;

  /** ISO 8601 (no offset: UTC), at most 5 minutes ahead of the server's clock; absent: now. */
  @ApiPropertyOptional({ type: String, format: 'date-time', example: '2026-11-24T18:42:07Z' })
  @IsOptional()
  @IsString({ message: Messages.badPaidAt })
  paid_at?: string;
}

/** `POST /api/v1/bots/{id}/payments/{charge_id}/refund`. */
export class RefundPaymentDto {
  /** ISO 8601 (no offset: UTC), not before the payment's `paid_at` nor more than 5 minutes ahead; absent: now. */
  @ApiPropertyOptional({ type: String, format: 'date-time', example: '2026-11-25T09:00:00Z' })
  @IsOptional()
  @IsString({ message: Messages.badRefundedAt })
  refunded_at?: string;
}

export class PaymentListQueryDto {
  /** Only this contact's payments (its user id on the platform). */
  @ApiPropertyOptional({ pattern: USER_ID.source, example: '417203958' })
  @IsOptional()
  @IsString({ message: Messages.badUserId })
  @Matches(USER_ID, { message: Messages.badUserId })
  user_id?: string;

  /** Page size, 1 to 1000; out of range or not a plain integer is 400. */
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAYMENTS_PAGE, minimum: 1, maximum: MAX_PAYMENTS_PAGE })
  @Transform(({ value }) => (value === undefined ? value : strictInteger(value)))
  @IsInt({ message: Messages.badLimit })
  @Min(1, { message: Messages.badLimit })
  @Max(MAX_PAYMENTS_PAGE, { message: Messages.badLimit })
  limit: number = DEFAULT_PAYMENTS_PAGE;

  /**
   * The previous page's `next_before`, for the page after it; or an ISO 8601 time (a date is its midnight UTC, no
   * offset is UTC), for the payments paid before it.
   */
  @ApiPropertyOptional({ example: '2026-11-24T18:42:07.000Z_0194b6f2-8a4e-7c1d-9b1e-3f0a5d6c7e81' })
  @IsOptional()
  @IsString({ message: Messages.badBefore })
  before?: string;
}

export class PaymentListDto {
  /** Newest first: by `paid_at`, then by `id`, both descending. */
  @ApiProperty({ type: [PaymentDto] })
  data: PaymentDto[];
  /** Pass as `before` for the next page; null on the last one. */
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-20T09:01:12.000Z_0194b6f2-8a4e-7c1d-9b1e-3f0a5d6c7e81',
  })
  next_before: string | null;
}
