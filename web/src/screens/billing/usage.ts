/** How full the month is against the cap, 0–100 (whole percent, rounded down so 100 means really full). */
export function usagePercent(used: number, cap: number | null): number | null {
  if (cap === null) return null;
  if (cap <= 0) return 100;
  return Math.min(100, Math.floor((used / cap) * 100));
}
