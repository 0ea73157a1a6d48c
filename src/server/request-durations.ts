import type { Metric, Registry } from 'prom-client';

interface Tally {
  labels: { method: string; route: string; status: string };
  /** answers per bucket, not cumulative (the export sums them) */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram of answer times by method, route and status, counted for every request.
 * prom-client's `Histogram.observe` checks the labels, joins them into a key and finds the bucket
 * by its bound as a property name on each call: 3 % of the server's time for a static answer
 * (decision 127). Here the tallies sit in maps by the labels' values as they come, and the
 * histogram's lines are made when the metrics are read. The registry prints them as its own
 * histograms.
 */
export class RequestDurations {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #buckets: readonly number[];
  readonly #tallies = new Map<string, Map<string, Map<number, Tally>>>();

  constructor(options: {
    name: string;
    help: string;
    buckets: readonly number[];
    registry: Registry;
  }) {
    this.name = options.name;
    this.help = options.help;
    this.#buckets = options.buckets;
    options.registry.registerMetric(this as unknown as Metric);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.#tallies.get(method);
    if (!byRoute) {
      byRoute = new Map();
      this.#tallies.set(method, byRoute);
    }
    let byStatus = byRoute.get(route);
    if (!byStatus) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let tally = byStatus.get(status);
    if (!tally) {
      tally = {
        labels: { method, route, status: String(status) },
        counts: this.#buckets.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, tally);
    }
    const buckets = this.#buckets;
    let i = 0;
    while (i < buckets.length && seconds > buckets[i]) i++;
    if (i < buckets.length) tally.counts[i]++;
    tally.sum += seconds;
    tally.count++;
  }

  /** The histogram as prom-client's registry reads a metric: `_bucket`, `_sum` and `_count` lines. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] =
      [];
    for (const byRoute of this.#tallies.values())
      for (const byStatus of byRoute.values())
        for (const { labels, counts, sum, count } of byStatus.values()) {
          let below = 0;
          this.#buckets.forEach((le, i) => {
            below += counts[i];
            values.push({
              labels: { le, ...labels },
              value: below,
              metricName: `${this.name}_bucket`,
            });
          });
          values.push({
            labels: { le: '+Inf', ...labels },
            value: count,
            metricName: `${this.name}_bucket`,
          });
          values.push({ labels, value: sum, metricName: `${this.name}_sum` });
          values.push({ labels, value: count, metricName: `${this.name}_count` });
        }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }

  reset(): void {
    this.#tallies.clear();
  }
}
