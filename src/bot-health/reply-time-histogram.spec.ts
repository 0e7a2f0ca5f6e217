import { ReplyTimeHistogram } from './reply-time-histogram';

/** percentile_cont as PostgreSQL computes it (orderedsetaggs.c), over every value. */
function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = fraction * (sorted.length - 1);
  const low = sorted[Math.floor(h)];
  const high = sorted[Math.ceil(h)];
  return low + (high - low) * (h - Math.floor(h));
}

const histogramOf = (values: number[]) => {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const buckets = [...counts.keys()].sort((a, b) => a - b);
  return ReplyTimeHistogram.parse(buckets.map((b) => `${b} ${counts.get(b)}`).join(' '));
};

describe('ReplyTimeHistogram', () => {
  const fractions = [0.5, 0.9, 0.99];

  it('gives percentile_cont over the values it counts, interpolating between neighbouring ranks', () => {
    const h = histogramOf([1000, 8000, 10_000, 600_000]);
    expect(h.replies).toBe(4);
    expect(h.percentiles(fractions).map((p) => Math.round(p!))).toEqual([9000, 423_000, 582_300]);
    expect(h.percentiles(fractions)).toEqual(fractions.map((f) => percentileCont([1000, 8000, 10_000, 600_000], f)));
    expect(histogramOf([1240]).percentiles(fractions)).toEqual([1240, 1240, 1240]);
  });

  it('reads buckets in any order and adds up days with buckets of their own and shared', () => {
    const h = ReplyTimeHistogram.parse('1240 2 300 1 86400000 1');
    expect(h.replies).toBe(4);
    expect(h.atMost(1239)).toBe(1);
    expect(h.atMost(1240)).toBe(3);
    const sum = ReplyTimeHistogram.sum([h, ReplyTimeHistogram.parse('1 1 1240 1'), ReplyTimeHistogram.parse('')]);
    expect(sum.replies).toBe(6);
    expect(sum.percentiles([0, 0.5, 1])).toEqual([1, 1240, 86_400_000]);
  });

  it('answers nulls without replies', () => {
    expect(ReplyTimeHistogram.sum([]).percentiles(fractions)).toEqual([null, null, null]);
    expect(ReplyTimeHistogram.sum([]).replies).toBe(0);
  });

  it('equals percentile_cont for many values with repeats, one day or several added up', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (const size of [1, 2, 3, 10, 101, 1000, 5000]) {
      const days = [0, 1, 2].map(() => Array.from({ length: size }, () => Math.floor(random() * random() * 50) * 10));
      const all = days.flat();
      const sum = ReplyTimeHistogram.sum(days.map(histogramOf));
      expect(sum.replies).toBe(all.length);
      expect(sum.percentiles(fractions)).toEqual(fractions.map((f) => percentileCont(all, f)));
      expect(histogramOf(days[0]).percentiles(fractions)).toEqual(fractions.map((f) => percentileCont(days[0], f)));
      expect(sum.atMost(200)).toBe(all.filter((v) => v <= 200).length);
    }
  });
});
