import { periodStarts } from './retention.queries';

describe('periodStarts', () => {
  it('ISO weeks start on Monday, UTC: the last second of Sunday is still the week before', () => {
    expect(periodStarts('week', 2, new Date('2026-03-22T23:59:59Z'))).toEqual(['2026-03-09', '2026-03-16']);
    expect(periodStarts('week', 2, new Date('2026-03-23T00:00:00Z'))).toEqual(['2026-03-16', '2026-03-23']);
  });

  it('days are UTC dates, oldest first, today last, across a month end', () => {
    expect(periodStarts('day', 3, new Date('2026-03-01T00:30:00Z'))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
