import { describe, expect, it } from 'vitest';
import { lastDays } from './period';

describe('lastDays', () => {
  it("ends with today's UTC day and counts it among the days", () => {
    expect(lastDays(7, new Date('2026-11-28T23:59:59Z'))).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(lastDays(1, new Date('2026-11-28T00:00:00Z'))).toEqual({ from: '2026-11-28', to: '2026-11-28' });
  });

  it('crosses months and leap days', () => {
    expect(lastDays(30, new Date('2028-03-01T10:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-03-01' });
  });
});
