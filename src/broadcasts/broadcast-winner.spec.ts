import type { BroadcastOutcomesDto } from './broadcast.dto';
import { noOutcomes } from './broadcast-outcomes.queries';
import { pickWinner } from './broadcast-winner';

const variant = (fields: Partial<BroadcastOutcomesDto>): BroadcastOutcomesDto => ({ ...noOutcomes(), ...fields });

describe('the winner of an A/B test', () => {
  it('is the best by the metric per delivered recipient', () => {
    const a = variant({ delivered: 10, clicked: 3, replied: 1 });
    const b = variant({ delivered: 5, clicked: 2, replied: 1 });
    expect(pickWinner('clicked', [a, b])).toBe(1);
    expect(pickWinner('replied', [a, b])).toBe(1);
  });

  it('ties go to the first; a variant nobody received never wins', () => {
    expect(pickWinner('clicked', [variant({ delivered: 4 }), variant({ delivered: 4 })])).toBe(0);
    expect(pickWinner('clicked', [variant({ delivered: 2, clicked: 1 }), variant({ delivered: 4, clicked: 2 })])).toBe(
      0,
    );
    expect(pickWinner('replied', [variant({ delivered: 0 }), variant({ delivered: 3, replied: 1 })])).toBe(1);
    expect(pickWinner('replied', [variant({ delivered: 3 }), variant({ delivered: 0 })])).toBe(0);
  });

  it('compares revenue in the currency with the most payers, never adding currencies', () => {
    const a = variant({ delivered: 5, revenue: [{ currency: 'RUB', net: 100_000, payers: 1 }] });
    const b = variant({ delivered: 5, revenue: [{ currency: 'XTR', net: 50, payers: 2 }] });
    const c = variant({ delivered: 5, revenue: [{ currency: 'XTR', net: 80, payers: 1 }] });
    expect(pickWinner('revenue', [a, b, c])).toBe(2);
  });
});
