/**
 * Parsing of report query parameters. Query values arrive as strings (or arrays when a key repeats);
 * these helpers accept only the plain forms the API documents, so `1e3`, `1.0`, ` 5` or a repeated key
 * are refused instead of being coerced into something the caller did not write.
 */

/** A plain decimal integer ("12", "-3", "007"), else NaN. */
export function strictInteger(value: unknown): number {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
}

/** A point in time given as `from`/`to`: a whole UTC day (`2024-05-01`) or an instant. */
export interface TimeBound {
  /** The instant, or midnight UTC at the start of the day. */
  at: Date;
  /** True for a plain `YYYY-MM-DD` date. */
  wholeDay: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * An ISO 8601 date or timestamp, else null. A timestamp without an offset is UTC (the API speaks UTC
 * everywhere). Impossible calendar values (`2024-02-30`, `25:00`) are refused, which `Date.parse` would roll over.
 */
export function parseTimeBound(value: unknown): TimeBound | null {
  if (typeof value !== 'string') return null;
  const date = DATE.exec(value);
  if (date) {
    const at = utcInstant(Number(date[1]), Number(date[2]), Number(date[3]), 0, 0, 0);
    return at ? { at, wholeDay: true } : null;
  }
  const stamp = TIMESTAMP.exec(value);
  if (!stamp) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = stamp;
  const wallClock = utcInstant(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second));
  const offsetMinutes = zoneOffsetMinutes(zone);
  if (!wallClock || offsetMinutes === null) return null;
  const millis = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  return { at: new Date(wallClock.getTime() + millis - offsetMinutes * 60_000), wholeDay: false };
}

function utcInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): Date | null {
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const exact =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second;
  return exact ? at : null;
}

function zoneOffsetMinutes(zone: string): number | null {
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
