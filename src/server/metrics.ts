import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestDurations } from './request-durations.ts';

/**
 * The process's Prometheus metrics, served by GET /api/metrics (routes/metrics). One registry for
 * the process: Node's and the process's defaults, HTTP durations by route and status, site builds
 * and failures, failed logins, the bounded caches' sizes.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpDuration = new RequestDurations({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route and status',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registry,
});

const buildDuration = new Histogram({
  name: 'site_build_duration_seconds',
  help: 'Time from the start of a site build until it went live',
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300],
  registers: [registry],
});

const buildPages = new Gauge({
  name: 'site_build_pages',
  help: 'HTML pages of the live site build',
  registers: [registry],
});

const publishFailures = new Counter({
  name: 'site_publish_failures_total',
  help: 'Site builds that failed (the live site stayed as it was)',
  registers: [registry],
});

const unnamedChanges = new Gauge({
  name: 'site_unnamed_changes',
  help: 'Pages the last midnight rebuild changed that neither the date nor a named change had changed: a dependency a read failed to name (0 is right)',
  registers: [registry],
});

const loginFailures = new Counter({
  name: 'login_failures_total',
  help: 'Sign-ins refused for a wrong e-mail address or password',
  registers: [registry],
});

const csvMade = new Counter({
  name: 'csv_downloads_made_total',
  help: 'CSV downloads computed from the database (the rest came from the per-build cache)',
  registers: [registry],
});

const csvKept = new Counter({
  name: 'csv_downloads_cached_total',
  help: 'CSV downloads answered from the per-build cache',
  registers: [registry],
});

/** A bounded in-memory cache, as the metrics see it. */
export interface SizedCache {
  readonly bytes: number;
  readonly maxBytes: number;
}

/** The caches watched, read when the metrics are collected: one gauge pair each. */
const caches = new Map<string, SizedCache>();

new Gauge({
  name: 'memory_cache_bytes',
  help: 'Bytes kept by a bounded in-memory cache: site files (SITE_CACHE_MB), API answers (API_CACHE_MB), CSV downloads',
  labelNames: ['cache'] as const,
  registers: [registry],
  collect() {
    for (const [cache, sized] of caches) this.set({ cache }, sized.bytes);
  },
});

new Gauge({
  name: 'memory_cache_max_bytes',
  help: 'The bound of a bounded in-memory cache; a cache that stays at it may be given more',
  labelNames: ['cache'] as const,
  registers: [registry],
  collect() {
    for (const [cache, sized] of caches) this.set({ cache }, sized.maxBytes);
  },
});

export const metrics = {
  request(method: string, route: string, status: number, seconds: number): void {
    httpDuration.observe(method, route, status, seconds);
  },
  buildPublished(seconds: number, pages: number): void {
    buildDuration.observe(seconds);
    buildPages.set(pages);
  },
  publishFailed(): void {
    publishFailures.inc();
  },
  unnamedChanges(pages: number): void {
    unnamedChanges.set(pages);
  },
  loginFailed(): void {
    loginFailures.inc();
  },
  csvDownload(cached: boolean): void {
    (cached ? csvKept : csvMade).inc();
  },
  /** Reports the cache's size under `name` from now on (a later cache of the name replaces it). */
  watchCache(name: 'site' | 'api' | 'csv', cache: SizedCache): void {
    caches.set(name, cache);
  },
};
