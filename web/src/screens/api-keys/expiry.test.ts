import { describe, expect, it } from 'vitest';
import { endOfDay, tomorrow } from './expiry';

describe('key expiry from a date input', () => {
  it('is the end of that day in the viewer’s time zone', () => {
    const end = new Date(endOfDay('2030-03-09'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2030, 2, 9, 23, 59,
    ]);
  });
  it('can be tomorrow at the earliest, across month and year ends', () => {
    expect(tomorrow(new Date(2030, 11, 31, 15))).toBe('2031-01-01');
    expect(tomorrow(new Date(2030, 1, 28, 0, 5))).toBe('2030-03-01');
  });
});
