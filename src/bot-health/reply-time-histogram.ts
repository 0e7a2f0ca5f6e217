/**
 * Reply-time percentiles from the rollup's histogram (`reply_time_counts`: replies per latency bucket). Each is
 * percentile_cont's over the bucketed latencies: the values at the rank below and the rank above `fraction × (n − 1)`,
 * interpolated linearly, with PostgreSQL's arithmetic (float8), so a histogram of exact values gives exactly what
 * percentile_cont over the replies gives.
 */
export class ReplyTimeHistogram {
  private constructor(
    /** Bucket values, ascending. */
    private readonly buckets: number[],
    /** Replies in each bucket. */
    private readonly counts: number[],
    readonly replies: number,
  ) {}

  /**
   * From `"bucket count bucket count …"` (one day's rows of the rollup, string_agg'ed; '' for none): some 3,400
   * buckets a day on the reports bench's bot, read digit by digit rather than split into strings.
   */
  static parse(text: string): ReplyTimeHistogram {
    const numbers: number[] = [];
    let n = -1;
    for (let i = 0; i < text.length; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit >= 0 && digit <= 9) n = (n < 0 ? 0 : n * 10) + digit;
      else if (n >= 0) {
        numbers.push(n);
        n = -1;
      }
    }
    if (n >= 0) numbers.push(n);
    const pairs = numbers.length >> 1;
    let buckets = new Array<number>(pairs);
    let counts = new Array<number>(pairs);
    let replies = 0;
    let ascending = true;
    for (let i = 0; i < pairs; i++) {
      buckets[i] = numbers[2 * i];
      replies += counts[i] = numbers[2 * i + 1];
      if (i && buckets[i] <= buckets[i - 1]) ascending = false;
    }
    // The rows come in the key's order; should a plan ever hand them otherwise, they are put in order here.
    if (!ascending) {
      const order = buckets.map((_, i) => i).sort((a, b) => buckets[a] - buckets[b]);
      [buckets, counts] = [order.map((i) => buckets[i]), order.map((i) => counts[i])];
    }
    return new ReplyTimeHistogram(buckets, counts, replies);
  }

  /** The histograms added up (the whole window from its days): their buckets merged in order. */
  static sum(histograms: ReplyTimeHistogram[]): ReplyTimeHistogram {
    let sum = new ReplyTimeHistogram([], [], 0);
    for (const h of histograms) sum = sum.plus(h);
    return sum;
  }

  private plus(other: ReplyTimeHistogram): ReplyTimeHistogram {
    const buckets: number[] = [];
    const counts: number[] = [];
    let [i, j] = [0, 0];
    while (i < this.buckets.length || j < other.buckets.length) {
      const a = i < this.buckets.length ? this.buckets[i] : Infinity;
      const b = j < other.buckets.length ? other.buckets[j] : Infinity;
      buckets.push(Math.min(a, b));
      counts.push((a <= b ? this.counts[i++] : 0) + (b <= a ? other.counts[j++] : 0));
    }
    return new ReplyTimeHistogram(buckets, counts, this.replies + other.replies);
  }

  /** Replies of at most `ms`: exact when `ms` is a bucket end, as every whole second up to a day is. */
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
    return fractions.map((f) => {
      const h = f * (this.replies - 1);
      const [low, high] = [at(Math.floor(h)), at(Math.ceil(h))];
      return low + (high - low) * (h - Math.floor(h));
    });
  }
}
