import { isoTime, utcDay } from './iso-time';

describe('utcDay', () => {
  it('is the UTC day of each time, whichever day was asked for before', () => {
    const times = [
      '2026-11-29T23:59:59.999Z',
      '2026-11-30T00:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
      '2026-11-29T12:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2026-11-30T00:00:00.001Z',
    ];
    expect(times.map((t) => utcDay(new Date(t)))).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-11-29',
      '2026-11-29',
      '1969-12-31',
      '2026-11-30',
    ]);
  });

  it('refuses an invalid date as toISOString does', () => {
    utcDay(new Date('2026-11-29T10:00:00Z'));
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isoTime', () => {
  it('is toISOString of each time, whichever time was asked for before', () => {
    const times = [1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_001, 1_800_000_000_000, -1].map(
      (ms) => new Date(ms),
    );
    expect(times.map(isoTime)).toEqual(times.map((at) => at.toISOString()));
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
