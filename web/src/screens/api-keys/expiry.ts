/** `YYYY-MM-DD` of a date input → the end of that day in the viewer's own time zone, as ISO 8601. */
export function endOfDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59).toISOString();
}

/** Tomorrow as `YYYY-MM-DD` in the viewer's time zone: the earliest day a key may expire (it must be in the future). */
export function tomorrow(now = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}
