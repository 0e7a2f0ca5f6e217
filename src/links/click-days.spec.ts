import { BadRequestException } from '@nestjs/common';
import { afterLastDay, clickDays, dayNames } from './click-days';

const NOW = Date.parse('2026-11-28T17:30:00Z');

describe('clickDays: the UTC days of a link timeline', () => {
  it('is the 30 days ending today by default', () => {
    const window = clickDays(undefined, undefined, NOW);
    expect(window).toEqual({ from: new Date('2026-10-30T00:00:00Z'), days: 30 });
    const names = dayNames(window);
    expect([names[0], names[29], names.length]).toEqual(['2026-10-30', '2026-11-28', 30]);
    expect(afterLastDay(window)).toEqual(new Date('2026-11-29T00:00:00Z'));
  });

  it('takes both days as given, both included', () => {
    expect(clickDays('2026-11-01', '2026-11-03', NOW)).toEqual({ from: new Date('2026-11-01T00:00:00Z'), days: 3 });
    expect(dayNames(clickDays('2024-02-28', '2024-03-01', NOW))).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('ends today without to, and spans 30 days back from to without from', () => {
    expect(clickDays('2026-11-27', undefined, NOW)).toEqual({ from: new Date('2026-11-27T00:00:00Z'), days: 2 });
    expect(clickDays(undefined, '2026-01-30', NOW)).toEqual({ from: new Date('2026-01-01T00:00:00Z'), days: 30 });
  });

  it('takes one day and 366 days', () => {
    expect(clickDays('2026-11-28', '2026-11-28', NOW).days).toBe(1);
    expect(clickDays('2024-01-01', '2024-12-31', NOW).days).toBe(366);
  });

  it.each([
    ['from after to', '2026-11-03', '2026-11-02'],
    ['367 days', '2024-01-01', '2025-01-01'],
    ['a timestamp', '2026-11-01T00:00:00Z', undefined],
    ['an impossible date', '2026-02-30', undefined],
    ['a word', 'yesterday', undefined],
    ['an empty from', '', undefined],
    ['a key given twice', ['2026-11-01', '2026-11-02'], undefined],
    ['a bad to', undefined, '2026-13-01'],
    ['from after today without to', '2026-11-29', undefined],
  ])('refuses %s with 400 "неверный from/to"', (_case, from, to) => {
    expect(() => clickDays(from, to, NOW)).toThrow(new BadRequestException('неверный from/to'));
  });
});
