import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('reads smallest units in the currency’s own fraction digits; Stars and unknown codes as the number and the code', () => {
    expect(plain(formatMoney(450000, 'RUB'))).toBe('4 500,00 ₽');
    expect(plain(formatMoney(1500, 'JPY'))).toBe('1 500 ¥');
    expect(plain(formatMoney(4500, 'XTR'))).toBe('4 500 XTR');
    expect(plain(formatMoney(12, 'NOT A CODE'))).toBe('12 NOT A CODE');
  });
});
