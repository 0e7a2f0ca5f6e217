import { formatNumber, locale } from '../i18n';

/**
 * An amount in the currency's smallest units (as the API gives revenue) in the reader's format:
 * `4 500,00 ₽`; Telegram Stars (`XTR`, no fractions) as `4 500 XTR`; an unknown code as the number and the code.
 */
export function formatMoney(minorUnits: number, currency: string): string {
  if (currency === 'XTR') return `${formatNumber(minorUnits)} XTR`;
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minorUnits / 10 ** digits);
  } catch {
    return `${formatNumber(minorUnits)} ${currency}`;
  }
}
