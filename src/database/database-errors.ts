import { QueryFailedError } from 'typeorm';

/**
 * What kind of failure a PostgreSQL call met: the database could not be reached (the same call may
 * succeed later), the data was refused (it never will), or something else.
 */

/** Socket-level failures of node-postgres: the server went away or cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is shutting down, starting, or out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection that is gone or never came. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  const code = codeOf(error);
  if (code !== null && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
  if (LOST_CONNECTION.test(error.message)) return true;
  const cause =
    (error as { driverError?: unknown; cause?: unknown }).driverError ?? (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/**
 * PostgreSQL refused the data itself: class 22 (data exception: a NUL in text, a bad escape in jsonb, a
 * date out of range), 23 (integrity: the bot was deleted meanwhile) or 54 (a limit: a value too long for
 * its index, JSON nested too deep), or a value our own code could not turn into a statement (a
 * RangeError such as an invalid date). Sending it again will fail again.
 */
export function isDataError(error: unknown): boolean {
  if (error instanceof RangeError) return true;
  const code = codeOf(error);
  return code !== null && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

/** PostgreSQL ended the transaction to break a deadlock (or a serialization failure): running it again may succeed. */
export function isTransient(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40P01' || code === '40001';
}

/**
 * A statement PostgreSQL refused for a value it was given (class 22: a NUL in a text parameter, a number
 * out of range). On an API request the value came from the client: a 400, not a 500.
 */
export function isRefusedValue(error: unknown): boolean {
  const driverError = (error as { driverError?: unknown } | null)?.driverError;
  const code = codeOf(driverError ?? error);
  return code !== null && code.startsWith('22');
}

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** Thrown to callers of the ingest when their facts were not written because PostgreSQL could not be reached. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

const UNIQUE_VIOLATION = '23505';

/** A statement of the ORM's DataSource broke a unique index (a taken address, a bot token bound twice). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}
