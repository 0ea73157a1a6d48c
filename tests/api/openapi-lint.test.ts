import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const root = join(import.meta.dirname, '../..');
const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

let t: TestApp;
let dir: string;
let problems: Problem[];
let doc: {
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  // the demo association: the probes below address real rows, so 404 never hides a 401
  t = await createTestApp({ seed: seedDemo });
  doc = (await t.api('GET', '/api/openapi.json')).body;
  dir = mkdtempSync(join(tmpdir(), 'sbsa-openapi-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  // redocly exits 1 when it finds errors; its JSON report is on stdout either way
  const run = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format=json'],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  problems = JSON.parse(run.stdout).problems;
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('redocly lint /api/openapi.json (recommended rules)', () => {
  it('reports no errors', () => {
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('warns only about SPEC paths that differ by a literal segment (Hono tells them apart)', () => {
    const warnings = problems.filter((p) => p.severity === 'warn');
    expect(
      warnings.every(
        (p) =>
          p.ruleId === 'no-ambiguous-paths' ||
          (p.ruleId === 'operation-4xx-response' &&
            /^#\/paths\/~1(health|ready)\//.test(p.location[0].pointer)),
      ),
      JSON.stringify(warnings, null, 1),
    ).toBe(true);
  });

  it('names every operation, once, and every body schema', () => {
    const ids: string[] = [];
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) ids.push(op.operationId ?? '');
    expect(ids.length).toBeGreaterThan(130);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'LoginRequest',
        'LoginResponse',
        'GetLeagueResponse',
        'ErrorResponse',
      ]),
    );
  });
});

describe('security in the document matches the server', () => {
  it('declares the bearer token exactly on the calls that refuse an anonymous caller', async () => {
    const mismatches: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const url = `/api${path.replace(/\{path\}/g, 'sbsa').replace(/\{[^}]+\}/g, '1')}`;
        const res = await t.api(method.toUpperCase(), url, method === 'get' ? {} : { body: {} });
        const declared = (op.security ?? []).length > 0;
        // /metrics is off (404) without METRICS_TOKEN; with it, it answers 401 (observability.test.ts)
        const refused = res.status === 401 || (path === '/metrics' && res.status === 404);
        if (declared !== refused)
          mismatches.push(
            `${method.toUpperCase()} ${path}: declared ${declared}, answered ${res.status}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
