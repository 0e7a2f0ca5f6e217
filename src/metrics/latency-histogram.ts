import type { Metric, MetricValueWithName } from 'prom-client';

interface Series {
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A histogram by one label for the mirror's hot path: an observation is a few additions on plain numbers
 * (prom-client's own costs ~600 ns), and the scrape builds the cumulative buckets. Registered with the
 * registry like any metric (it reads `get()`).
 */
export class LatencyHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(labelValue: string, value: number): void {
    let series = this.series.get(labelValue);
    if (!series) {
      series = { counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(labelValue, series);
    }
    let bucket = 0;
    while (bucket < this.buckets.length && value > this.buckets[bucket]) bucket++;
    series.counts[bucket]++;
    series.sum += value;
    series.count++;
  }

  get(): {
    name: string;
    help: string;
    type: 'histogram';
    aggregator: 'sum';
    values: Array<MetricValueWithName<string>>;
  } {
    const values: Array<MetricValueWithName<string>> = [];
    for (const [labelValue, series] of this.series) {
      let cumulative = 0;
      series.counts.forEach((count, bucket) => {
        cumulative += count;
        const le = bucket < this.buckets.length ? this.buckets[bucket] : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { le, [this.label]: labelValue }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_sum`, labels: { [this.label]: labelValue }, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: { [this.label]: labelValue }, value: series.count });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }

  reset(): void {
    this.series.clear();
  }

  /** For Registry.registerMetric, which takes prom-client's own metric classes. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
