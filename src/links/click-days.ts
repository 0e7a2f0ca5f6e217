import { BadRequestException } from '@nestjs/common';
import { parseTimeBound } from '../common/http/query-params';
import { Messages } from '../common/messages';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of a timeline asked without `from` (ending `to`, by default today). */
export const DEFAULT_CLICK_DAYS = 30;
/** Longest timeline: a year, a leap day included. */
export const MAX_CLICK_DAYS = 366;

/** The UTC days of a click timeline: midnight UTC of the first, and how many. */
export interface ClickDays {
  from: Date;
  days: number;
}

/**
 * `from`/`to` as UTC days (`YYYY-MM-DD`), both included; without `to` it ends today (UTC), without `from` it is the
 * 30 days ending `to`. Anything else (a timestamp, an impossible date, a key given twice, `from` after `to`, more
 * than 366 days) is 400 `неверный from/to`.
 */
export function clickDays(fromParam: unknown, toParam: unknown, nowMs = Date.now()): ClickDays {
  const to = toParam === undefined ? Math.floor(nowMs / DAY_MS) * DAY_MS : day(toParam);
  const from = fromParam === undefined ? to - (DEFAULT_CLICK_DAYS - 1) * DAY_MS : day(fromParam);
  const days = (to - from) / DAY_MS + 1;
  if (days < 1 || days > MAX_CLICK_DAYS) throw new BadRequestException(Messages.badTimeRange);
  return { from: new Date(from), days };
}

/** The `YYYY-MM-DD` of each day, oldest first. */
export function dayNames({ from, days }: ClickDays): string[] {
  return Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
}

/** Midnight UTC of the day after the last. */
export function afterLastDay({ from, days }: ClickDays): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

function day(value: unknown): number {
  const bound = parseTimeBound(value);
  if (!bound?.wholeDay) throw new BadRequestException(Messages.badTimeRange);
  return bound.at.getTime();
}
