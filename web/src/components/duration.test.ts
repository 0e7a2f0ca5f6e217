import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('formatDuration', () => {
  it('says nothing was measured with a dash', () => {
    expect([formatDuration(null), formatDuration(undefined), formatDuration(NaN)]).toEqual(['—', '—', '—']);
  });

  it('keeps milliseconds under a second, and tenths of a second under ten', () => {
    expect(formatDuration(0)).toBe('0 мс');
    expect(formatDuration(850)).toBe('850 мс');
    expect(formatDuration(999.4)).toBe('999 мс');
    expect(formatDuration(999.6)).toBe('1 с');
    expect(formatDuration(4200)).toBe('4,2 с');
    expect(formatDuration(9940)).toBe('9,9 с');
  });

  it('rounds to whole seconds under a minute, and never says «60 с»', () => {
    expect(formatDuration(9960)).toBe('10 с');
    expect(formatDuration(42 * S)).toBe('42 с');
    expect(formatDuration(59.6 * S)).toBe('1 мин');
  });

  it('names seconds beside minutes under ten minutes only', () => {
    expect(formatDuration(4 * MIN + 12 * S)).toBe('4 мин 12 с');
    expect(formatDuration(4 * MIN)).toBe('4 мин');
    expect(formatDuration(9 * MIN + 59.6 * S)).toBe('10 мин');
    expect(formatDuration(42 * MIN + 29 * S)).toBe('42 мин');
    expect(formatDuration(59 * MIN + 31 * S)).toBe('1 ч');
  });

  it('names minutes beside hours under ten hours, then whole hours, then days', () => {
    expect(formatDuration(3 * H + 5 * MIN)).toBe('3 ч 5 мин');
    expect(formatDuration(2 * H + 20 * S)).toBe('2 ч');
    expect(formatDuration(14 * H + 29 * MIN)).toBe('14 ч');
    expect(formatDuration(23 * H + 31 * MIN)).toBe('1 дн.');
    expect(formatDuration(51 * H)).toBe('2 дн. 3 ч');
  });

  it('reads a negative duration (clocks apart) as none', () => {
    expect(formatDuration(-20)).toBe('0 мс');
  });
});
