import { describe, expect, it } from 'vitest';
import { usagePercent } from './usage';

describe('usage against the free cap', () => {
  it('is a whole percent, rounded down, so 100 means the cap is really reached', () => {
    expect(usagePercent(0, 1000)).toBe(0);
    expect(usagePercent(999, 1000)).toBe(99);
    expect(usagePercent(1000, 1000)).toBe(100);
  });
  it('never passes 100, and is absent on a plan without a cap', () => {
    expect(usagePercent(1500, 1000)).toBe(100);
    expect(usagePercent(1500, null)).toBeNull();
  });
});
