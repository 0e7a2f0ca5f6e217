import { describe, expect, it } from 'vitest';
import { currencyExponent, currencyLabel, formatMoney } from './money';

/** Intl's Russian output with its no-break spaces made plain, so the expectations read as the screen does. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money as the cabinet shows it', () => {
  it('shows Stars as whole stars with Russian digit grouping and a no-break space after the star', () => {
    expect(formatMoney(1234, 'XTR')).toBe('⭐\u00a01\u00a0234');
    expect([0, 5, 250, 1_500, 1_234_567].map((amount) => plain(formatMoney(amount, 'XTR')))).toEqual([
      '⭐ 0',
      '⭐ 5',
      '⭐ 250',
      '⭐ 1 500',
      '⭐ 1 234 567',
    ]);
  });

  it('reads an amount in smallest units by the currency exponent: kopecks, cents, yen, fils', () => {
    expect(plain(formatMoney(99_000, 'RUB'))).toBe('990,00 ₽');
    expect(plain(formatMoney(123_456_789, 'RUB'))).toBe('1 234 567,89 ₽');
    expect(plain(formatMoney(1, 'RUB'))).toBe('0,01 ₽');
    expect(plain(formatMoney(4_999, 'USD'))).toBe('49,99 $');
    expect(plain(formatMoney(1_234, 'JPY'))).toBe('1 234 ¥');
    expect(plain(formatMoney(1_234, 'KWD'))).toBe('1,234 KWD');
  });

  it('takes the exponent from ISO 4217; Stars and unknown codes as Stars 0 and hundredths', () => {
    expect(['XTR', 'RUB', 'USD', 'EUR', 'JPY', 'KWD', 'ZZZ'].map(currencyExponent)).toEqual([0, 2, 2, 2, 0, 3, 2]);
    expect(plain(formatMoney(12_345, 'ZZZ'))).toBe('123,45 ZZZ');
  });

  it('keeps the decimals of an average per contact: two for Stars and yen, the exponent for kopecks', () => {
    expect(plain(formatMoney(4.17, 'XTR', { average: true }))).toBe('⭐ 4,17');
    expect(plain(formatMoney(750, 'XTR', { average: true }))).toBe('⭐ 750');
    expect(plain(formatMoney(4_166.67, 'RUB', { average: true }))).toBe('41,67 ₽');
    expect(plain(formatMoney(0, 'RUB', { average: true }))).toBe('0,00 ₽');
    expect(plain(formatMoney(4.17, 'JPY', { average: true }))).toBe('4,17 ¥');
  });

  it('names Stars on a currency switch and other currencies by code', () => {
    expect([currencyLabel('XTR'), currencyLabel('RUB')]).toEqual(['⭐ Stars', 'RUB']);
  });
});
