import type { JsonAnswer } from '../../helpers/json-answer.ts';

export interface Answer<T = JsonAnswer> {
  status: number;
  body: T;
  ms: number;
}

/** One JSON call against a child server, timed; network failures reject. */
export async function call<T = JsonAnswer>(
  url: string,
  method: string,
  path: string,
  init: { token?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(url + path, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, ms: performance.now() - started };
}

export async function login(
  url: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const res = await call(url, 'POST', '/api/auth/login', { body: credentials });
  if (res.status !== 200)
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.access_token as string;
}

/** p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
