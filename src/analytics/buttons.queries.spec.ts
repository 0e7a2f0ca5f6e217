import { pressWindow } from './buttons.dto';
import { planWindow } from './buttons.queries';

const plan = (from?: string, to?: string) => planWindow(pressWindow({ from, to }));
const at = (iso: string) => new Date(iso);

describe('planWindow: whole days from the rollup, partial edge days from the presses', () => {
  it('reads an unbounded window, and date bounds, from the rollup alone', () => {
    expect(plan()).toEqual({ firstDay: null, lastDay: null, empty: false, low: null, high: null });
    expect(plan('2024-08-02', '2024-08-03')).toEqual({
      firstDay: '2024-08-02',
      lastDay: '2024-08-03',
      empty: false,
      low: null,
      high: null,
    });
  });

  it('reads the partial days at the edges from the presses', () => {
    expect(plan('2024-08-01T12:00:00Z', '2024-08-03T12:00:00Z')).toEqual({
      firstDay: '2024-08-02',
      lastDay: '2024-08-02',
      empty: false,
      low: { from: at('2024-08-01T12:00:00Z'), to: at('2024-08-02T00:00:00Z') },
      high: { from: at('2024-08-03T00:00:00Z') },
    });
    // An inclusive `to` at midnight still takes the presses of that very instant.
    expect(plan(undefined, '2024-08-03T00:00:00Z')).toEqual({
      firstDay: null,
      lastDay: '2024-08-02',
      empty: false,
      low: null,
      high: { from: at('2024-08-03T00:00:00Z') },
    });
  });

  it('reads a window without a whole day from the presses alone', () => {
    expect(plan('2024-08-01T23:00:00Z', '2024-08-02T01:00:00Z')).toMatchObject({
      empty: true,
      low: null,
      high: { from: at('2024-08-01T23:00:00Z') },
    });
    expect(plan('2024-08-02', '2024-08-02T10:00:01Z')).toMatchObject({ empty: true });
  });
});
