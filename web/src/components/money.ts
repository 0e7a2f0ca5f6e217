import { locale } from '../i18n';

/** Telegram Stars: whole stars, not an ISO 4217 currency, so shown with their own sign. */
export const STARS = 'XTR';

const NBSP = '\u00a0';
const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const groupedFraction = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, fraction: 'exact' | 'average'): Intl.NumberFormat | null {
  const key = `${currency}:${fraction}`;
  let format = formats.get(key);
  if (!format) {
    try {
      const exponent = currencyExponent(currency);
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: exponent,
        // An average per contact keeps two more places where the currency has none (¥ 4,17 rather than ¥ 4).
        maximumFractionDigits: fraction === 'average' ? Math.max(exponent, 2) : exponent,
      });
    } catch {
      return null;
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Digits after the point of the currency's smallest unit (ISO 4217 as the browser knows it: RUB 2, JPY 0,
 * KWD 3); Stars have none. A code the browser cannot read counts in hundredths, as most currencies do.
 */
export function currencyExponent(currency: string): number {
  if (currency === STARS) return 0;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * An amount the API gives in the currency's smallest units (an integer: kopecks, cents, Stars), for people:
 * `⭐ 1 234` for Stars, `990,00 ₽` for roubles. `average` is for a per-contact figure, which has decimals of
 * the smallest unit (LTV cohorts): it keeps up to two of them more where the currency shows none.
 */
export function formatMoney(amount: number, currency: string, options: { average?: boolean } = {}): string {
  const major = amount / 10 ** currencyExponent(currency);
  if (currency === STARS) return `⭐${NBSP}${(options.average ? groupedFraction : grouped).format(major)}`;
  const format = currencyFormat(currency, options.average ? 'average' : 'exact');
  return format ? format.format(major) : `${groupedFraction.format(major)}${NBSP}${currency}`;
}

/** A currency's name on a switch: Stars by name, the others by their code. */
export function currencyLabel(currency: string): string {
  return currency === STARS ? '⭐ Stars' : currency;
}
