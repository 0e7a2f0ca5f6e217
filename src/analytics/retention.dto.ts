import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsOptional,
  IsString,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { strictInteger } from '../common/http/query-params';
import { Messages } from '../common/messages';

export const RETENTION_PERIODS = ['week', 'day'] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number];

/** How many periods a report may span, and how many it spans when the caller does not say. */
export const PERIODS_LIMIT: Record<RetentionPeriod, { max: number; default: number }> = {
  week: { max: 52, default: 12 },
  day: { max: 90, default: 30 },
};

@ValidatorConstraint({ name: 'periodsInRange' })
class PeriodsInRange implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const { period } = args.object as RetentionQueryDto;
    const limit = PERIODS_LIMIT[(RETENTION_PERIODS as readonly unknown[]).includes(period) ? period : 'week'];
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= limit.max;
  }
}

export class RetentionQueryDto {
  /** ISO weeks (Monday, UTC) or UTC days. */
  @ApiPropertyOptional({ enum: RETENTION_PERIODS, default: 'week' })
  @IsIn(RETENTION_PERIODS, { message: Messages.badPeriod })
  period: RetentionPeriod = 'week';

  /** How many periods, the current one included: 1–52 weeks (default 12) or 1–90 days (default 30). */
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 90 })
  @IsOptional()
  @Transform(({ value }) => strictInteger(value))
  @Validate(PeriodsInRange, { message: Messages.badPeriods })
  periods?: number;

  /** Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one). */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: Messages.funnelSourceOnce })
  source?: string;
}

/** The contacts first seen in one period, and how many of them were active in each period since. */
export class RetentionCohortDto {
  /** The period's first day (a Monday for weeks), `YYYY-MM-DD`, UTC. */
  @ApiProperty({ example: '2024-05-06' })
  start: string;
  /** Contacts first seen in the period. */
  @ApiProperty({ type: 'integer', example: 120 })
  size: number;
  /**
   * `retained[k]`: the cohort's contacts with an inbound message in the k-th period after its own;
   * `retained[0]` is `size`. One element per period that has begun, the current one included.
   */
  @ApiProperty({ type: 'integer', isArray: true, example: [120, 48, 31] })
  retained: number[];
}

export class RetentionDto {
  @ApiProperty({ enum: RETENTION_PERIODS })
  period: RetentionPeriod;
  /** The source filter applied, null for all contacts. */
  @ApiProperty({ type: 'string', nullable: true, example: null })
  source: string | null;
  /** One cohort per period, oldest first, the current period last; periods without new contacts have size 0. */
  cohorts: RetentionCohortDto[];
}
