import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.ts';

const buckets = [0.001, 0.005, 0.01, 0.25, 1];
const name = 'http_request_duration_seconds';
const help = 'Time to answer';

// on the bounds, between them, above the last, for several routes, methods and statuses
const observations: [string, string, number, number][] = [
  ['GET', 'site', 200, 0.0004],
  ['GET', 'site', 200, 0.001],
  ['GET', 'site', 200, 0.003],
  ['GET', 'site', 304, 0.0002],
  ['GET', '/api/leagues/:id', 200, 0.25],
  ['GET', '/api/leagues/:id', 200, 0.7],
  ['POST', '/api/auth/login', 401, 3.5],
  ['GET', 'site', 200, 0.02],
];

describe('RequestDurations', () => {
  it('prints the lines prom-client prints for the same observations', async () => {
    const ours = new Registry();
    const durations = new RequestDurations({ name, help, buckets, registry: ours });
    const theirs = new Registry();
    const histogram = new Histogram({
      name,
      help,
      buckets,
      labelNames: ['method', 'route', 'status'] as const,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="site",status="200"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/auth/login",status="401"} 1',
    );
  });

  it('starts again from nothing when the registry resets its metrics', async () => {
    const registry = new Registry();
    const durations = new RequestDurations({ name, help, buckets, registry });
    durations.observe('GET', 'site', 200, 0.002);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
