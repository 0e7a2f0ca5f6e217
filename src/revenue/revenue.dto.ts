import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, ValidateBy } from 'class-validator';
import { RetentionQueryDto } from '../analytics/retention.dto';
import type { RetentionPeriod } from '../analytics/retention.dto';
import { Messages } from '../common/messages';

const DAY_MS = 86_400_000;
/** Days a revenue report may span, both ends included: a year, a leap year too. */
export const MAX_REVENUE_DAYS = 366;
/** Days a report spans when `from` is not given. */
export const DEFAULT_REVENUE_DAYS = 30;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as `YYYY-MM-DD` (a timestamp or `2026-02-30` is not), as UTC midnight in ms; else null. */
export function utcDayMs(value: unknown): number | null {
  const parts = typeof value === 'string' ? DATE.exec(value) : null;
  if (!parts) return null;
  const ms = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null;
}

function IsUtcDay() {
  return ValidateBy({
    name: 'isUtcDay',
    validator: { validate: (value) => utcDayMs(value) !== null, defaultMessage: () => Messages.badTimeRange },
  });
}

export class RevenueQueryDto {
  /** The first UTC day of the window, `YYYY-MM-DD`; by default 29 days before `to` (30 days in all). */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-01' })
  @IsOptional()
  @IsUtcDay()
  from?: string;

  /** The last UTC day of the window, included whole; by default today (UTC). At most 366 days after `from`. */
  @ApiPropertyOptional({ format: 'date', example: '2026-11-30' })
  @IsOptional()
  @IsUtcDay()
  to?: string;

  /**
   * Only the payments and contacts of this source (mapped value, as in the sources report; `— unmapped` for
   * contacts without one).
   */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: Messages.funnelSourceOnce })
  source?: string;
}

/** A window of whole UTC days, both ends included (`YYYY-MM-DD`). */
export interface RevenueWindow {
  from: string;
  to: string;
}

/**
 * The validated query as a window: `to` defaults to today, `from` to 29 days before `to`; `from` after `to` or
 * a window longer than 366 days is a bad from/to.
 */
export function revenueWindow(query: Pick<RevenueQueryDto, 'from' | 'to'>, now = new Date()): RevenueWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = query.to === undefined ? today : utcDayMs(query.to);
  const from =
    query.from === undefined && to !== null ? to - (DEFAULT_REVENUE_DAYS - 1) * DAY_MS : utcDayMs(query.from);
  if (from === null || to === null || from > to || (to - from) / DAY_MS >= MAX_REVENUE_DAYS) {
    throw new BadRequestException(Messages.badTimeRange);
  }
  return { from: isoDay(from), to: isoDay(to) };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A currency's payments made in the window. Amounts are integers in the currency's smallest units (`XTR`: Stars). */
export class RevenueTotalDto {
  /** ISO 4217, or `XTR` for Telegram Stars. @example 'XTR' */
  currency: string;
  /** Every payment made in the window, refunded ones included. */
  @ApiProperty({ type: 'integer', example: 12500 })
  gross: number;
  /** What of `gross` was refunded (whenever the refund came). */
  @ApiProperty({ type: 'integer', example: 500 })
  refunds: number;
  /** `gross − refunds`. */
  @ApiProperty({ type: 'integer', example: 12000 })
  net: number;
  @ApiProperty({ type: 'integer', example: 61 })
  payments: number;
  /** Of `payments`, those refunded. */
  @ApiProperty({ type: 'integer', example: 2 })
  refunded: number;
  /** Contacts with a payment in the window that was not refunded. */
  @ApiProperty({ type: 'integer', example: 40 })
  payers: number;
  /** Of `payers`, those whose first payment ever (in any currency, refunded or not) is in the window. */
  @ApiProperty({ type: 'integer', example: 25 })
  new_payers: number;
}

/** What one source (after the bot's mappings) brought in one currency. */
export class RevenueSourceDto {
  /** `— unmapped` for contacts without a source. @example 'instagram' */
  source_value: string;
  /** @example 'black_friday' */
  @ApiProperty({ type: String, nullable: true, example: 'black_friday' })
  campaign_name: string | null;
  /** @example 'XTR' */
  currency: string;
  /** The source's contacts first seen in the window (whether they paid or not): the same in every currency. */
  @ApiProperty({ type: 'integer', example: 340 })
  contacts: number;
  /** The source's contacts (first seen whenever) with a payment in the window that was not refunded. */
  @ApiProperty({ type: 'integer', example: 12 })
  payers: number;
  /** Their payments in the window, refunded ones included. */
  @ApiProperty({ type: 'integer', example: 15 })
  payments: number;
  /** Gross minus refunds of those payments. */
  @ApiProperty({ type: 'integer', example: 3400 })
  net: number;
}

/** One product: the invoice payload (null for payments that carried none). */
export class RevenuePayloadDto {
  @ApiProperty({ type: String, nullable: true, example: 'plan:pro' })
  payload: string | null;
  /** @example 'XTR' */
  currency: string;
  @ApiProperty({ type: 'integer', example: 9 })
  payments: number;
  @ApiProperty({ type: 'integer', example: 4500 })
  net: number;
}

/** One UTC day of one currency, by the day the payments were made. */
export class RevenueDayDto {
  @ApiProperty({ format: 'date', example: '2026-11-24' })
  date: string;
  /** @example 'XTR' */
  currency: string;
  @ApiProperty({ type: 'integer', example: 600 })
  gross: number;
  @ApiProperty({ type: 'integer', example: 0 })
  refunds: number;
  @ApiProperty({ type: 'integer', example: 600 })
  net: number;
}

export class RevenueDto {
  /** The window's first UTC day. */
  @ApiProperty({ format: 'date', example: '2026-11-01' })
  from: string;
  /** The window's last UTC day (included). */
  @ApiProperty({ format: 'date', example: '2026-11-30' })
  to: string;
  /** One per currency paid in the window, most payments first. */
  @ApiProperty({ type: [RevenueTotalDto] })
  totals: RevenueTotalDto[];
  /**
   * For each currency of `totals`: every source that brought new contacts in the window (with zeros where they paid
   * nothing in that currency) and every source paid in that currency in the window; by currency as in `totals`, then
   * most net, most contacts, by source and campaign (byte order).
   */
  @ApiProperty({ type: [RevenueSourceDto] })
  by_source: RevenueSourceDto[];
  /** Per payload and currency, by currency as in `totals`, then most net, most payments, by payload. */
  @ApiProperty({ type: [RevenuePayloadDto] })
  by_payload: RevenuePayloadDto[];
  /** Every day of the window for each currency of `totals` (zeros on days without payments), oldest first. */
  @ApiProperty({ type: [RevenueDayDto] })
  timeline: RevenueDayDto[];
}

/** Three upper-case letters, as payments store currencies. */
export const CURRENCY = /^[A-Z]{3}$/;

/** The LTV cohorts' query: the retention report's period, periods and source, and a currency. */
export class RevenueCohortsQueryDto extends PickType(RetentionQueryDto, ['period', 'periods', 'source'] as const) {
  /** Three upper-case letters (`XTR`, `RUB`…); by default the currency of most of the bot's payments. */
  @ApiPropertyOptional({ example: 'XTR', pattern: '^[A-Z]{3}$' })
  @IsOptional()
  @IsString({ message: Messages.badCurrency })
  @Matches(CURRENCY, { message: Messages.badCurrency })
  currency?: string;
}

/** The contacts first seen in one period, and what they paid by the end of each period since. */
export class RevenueCohortDto {
  /** The period's first day (a Monday for weeks), `YYYY-MM-DD`, UTC. */
  @ApiProperty({ example: '2026-09-07' })
  start: string;
  /** Contacts first seen in the period. */
  @ApiProperty({ type: 'integer', example: 120 })
  size: number;
  /** Of them, those with a payment in the currency that was not refunded, made by now. */
  @ApiProperty({ type: 'integer', example: 9 })
  payers: number;
  /**
   * `net_per_contact[k]`: the net revenue (payments minus refunds, in the currency's smallest units) of the cohort's
   * contacts made by the end of its k-th period (k = 0 is its own), divided by `size`, two decimals; 0 for an empty
   * cohort. One element per period that has begun, the current one included.
   */
  @ApiProperty({ type: 'number', isArray: true, example: [4.17, 9.58, 11.25] })
  net_per_contact: number[];
}

export class RevenueCohortsDto {
  @ApiProperty({ enum: ['week', 'day'] })
  period: RetentionPeriod;
  /** The source filter applied, null for all contacts. */
  @ApiProperty({ type: String, nullable: true, example: null })
  source: string | null;
  /** The currency counted: the one asked, else the bot's most used one; null when the bot has no payments. */
  @ApiProperty({ type: String, nullable: true, example: 'XTR' })
  currency: string | null;
  /** One cohort per period, oldest first, the current period last, as in the retention report. */
  @ApiProperty({ type: [RevenueCohortDto] })
  cohorts: RevenueCohortDto[];
}
