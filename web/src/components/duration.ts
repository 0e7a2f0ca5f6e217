import { locale } from '../i18n';

const tenths = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

/** `big unit` and `small unit` when the small one is not zero: «4 мин 12 с», «2 ч». */
const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
  small ? `${big} ${bigUnit} ${small} ${smallUnit}` : `${big} ${bigUnit}`;

/**
 * A duration as a person says it, with at most two units and the smaller one dropped once the larger reaches ten
 * (seconds matter in «4 мин 12 с», not in «42 мин»): «850 мс», «4,2 с», «42 с», «4 мин 12 с», «42 мин», «3 ч 5 мин»,
 * «14 ч», «2 дн. 3 ч». Each step rounds to its own smallest unit, so 59.6 s is «1 мин», never «60 с». Null is «—».
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const value = Math.max(0, ms);
  if (Math.round(value) < 1000) return `${Math.round(value)} мс`;
  if (Math.round(value / 100) < 100) return `${tenths.format(Math.round(value / 100) / 10)} с`;
  const seconds = Math.round(value / 1000);
  if (seconds < 60) return `${seconds} с`;
  if (seconds < 600) return pair(Math.floor(seconds / 60), 'мин', seconds % 60, 'с');
  const minutes = Math.round(value / 60_000);
  if (minutes < 60) return `${minutes} мин`;
  if (minutes < 600) return pair(Math.floor(minutes / 60), 'ч', minutes % 60, 'мин');
  const hours = Math.round(value / 3_600_000);
  if (hours < 24) return `${hours} ч`;
  return pair(Math.floor(hours / 24), 'дн.', hours % 24, 'ч');
}
