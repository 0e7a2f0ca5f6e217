/**
 * Reading a platform payload that may not be what its documentation says: a field of the wrong type
 * is treated as absent rather than trusted, so an odd update is stored as far as it can be instead of
 * throwing (or failing its transaction) further down.
 */

export type Json = Record<string, unknown>;

/** Latest moment a timestamp may name: the end of year 9999, the last one PostgreSQL and ISO 8601 share plainly. */
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function objectOrNull(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

export function safeIntegerOrNull(value: unknown): number | null {
  return Number.isSafeInteger(value) ? (value as number) : null;
}

/** A platform user id (a positive integer, or its decimal string) as the contact key, else null. */
export function userIdOrNull(value: unknown): string | null {
  const text =
    typeof value === 'number'
      ? Number.isSafeInteger(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  return /^[1-9]\d{0,19}$/.test(text) ? text : null;
}

/** A platform time (`unitMs` per unit: Telegram seconds 1000, MAX milliseconds 1) from 1970 to 9999, else `fallback`. */
export function platformTime<F extends Date | null>(value: unknown, unitMs: number, fallback: F): Date | F {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const ms = value * unitMs;
  return ms >= 0 && ms <= LAST_MS ? new Date(ms) : fallback;
}
