// Times as the ingest writes them to PostgreSQL. A batch's messages mostly share one day, and Telegram's share their
// second (its dates are whole seconds): toISOString was ~1% of the mirror's CPU, so the last answer is kept.

const DAY_MS = 86_400_000;
let lastDayNumber = NaN;
let lastDay = '';
let lastTimeMs = NaN;
let lastTime = '';

/** The UTC day of `at` as 'YYYY-MM-DD'; throws RangeError for an invalid date, as toISOString does. */
export function utcDay(at: Date): string {
  const dayNumber = Math.floor(at.getTime() / DAY_MS);
  if (dayNumber !== lastDayNumber) {
    lastDay = at.toISOString().slice(0, 10);
    lastDayNumber = dayNumber;
  }
  return lastDay;
}

/** `at.toISOString()`: throws RangeError for an invalid date. */
export function isoTime(at: Date): string {
  const ms = at.getTime();
  if (ms !== lastTimeMs) {
    lastTime = at.toISOString();
    lastTimeMs = ms;
  }
  return lastTime;
}
