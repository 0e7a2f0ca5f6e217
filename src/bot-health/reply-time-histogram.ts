/**
 * Reply-time percentiles from the rollup's histogram (`reply_time_counts`: replies per latency bucket). Each is
 * percentile_cont's over the bucketed latencies: the values at the rank below and the rank above `fraction × (n − 1)`,
 * interpolated linearly, with PostgreSQL's arithmetic (float8), so a histogram of exact values gives exactly what
 * percentile_cont over the replies gives.
 */
export class ReplyTimeHistogram {
  /** Bucket values, ascending, and the replies in each. */
  private constructor(
    private readonly buckets: number[],
    private readonly counts: number[],
    readonly replies: number,
  ) {}

  /** From `"bucket count bucket count …"`, buckets ascending (one day's rows of the rollup, string_agg'ed). */
  static parse(text: string): ReplyTimeHistogram {
    const parts = text.split(' ');
    const buckets = new Array<number>(parts.length / 2);
    const counts = new Array<number>(parts.length / 2);
    let replies = 0;
    for (let i = 0; i < buckets.length; i++) {
      buckets[i] = Number(parts[2 * i]);
      replies += counts[i] = Number(parts[2 * i + 1]);
    }
    return new ReplyTimeHistogram(buckets, counts, replies);
  }

  /** The histograms added up (the whole window from its days). */
  static sum(histograms: ReplyTimeHistogram[]): ReplyTimeHistogram {
    const byBucket = new Map<number, number>();
    for (const h of histograms)
      for (let i = 0; i < h.buckets.length; i++)
        byBucket.set(h.buckets[i], (byBucket.get(h.buckets[i]) ?? 0) + h.counts[i]);
    const buckets = [...byBucket.keys()].sort((a, b) => a - b);
    const counts = buckets.map((b) => byBucket.get(b)!);
    return new ReplyTimeHistogram(
      buckets,
      counts,
      histograms.reduce((n, h) => n + h.replies, 0),
    );
  }

  /** Replies of at most `ms` (a bucket end, e.g. a whole second: the buckets never straddle one). */
  atMost(ms: number): number {
    let n = 0;
    for (let i = 0; i < this.buckets.length && this.buckets[i] <= ms; i++) n += this.counts[i];
    return n;
  }

  /** percentile_cont(fraction) for each of `fractions`, or nulls without replies. */
  percentiles(fractions: number[]): Array<number | null> {
    if (!this.replies) return fractions.map(() => null);
    // The replies up to each bucket; the value at a rank (0-based) is the first bucket holding more.
    const upto = new Array<number>(this.counts.length);
    for (let i = 0, n = 0; i < upto.length; i++) upto[i] = n += this.counts[i];
    const at = (rank: number) => {
      let [low, high] = [0, upto.length - 1];
      while (low < high) {
        const middle = (low + high) >> 1;
        if (upto[middle] > rank) high = middle;
        else low = middle + 1;
      }
      return this.buckets[low];
    };
    const values = fractions.flatMap((f) => [
      at(Math.floor(f * (this.replies - 1))),
      at(Math.ceil(f * (this.replies - 1))),
    ]);
    return fractions.map((f, i) => {
      const h = f * (this.replies - 1);
      const [low, high] = [values[2 * i], values[2 * i + 1]];
      return low + (high - low) * (h - Math.floor(h));
    });
  }
}
