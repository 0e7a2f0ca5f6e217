const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days ending with today's, as the timeline's `from` and `to` (`YYYY-MM-DD`, both included). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}
