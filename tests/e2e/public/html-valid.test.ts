import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openSite } from './site.ts';
import { pageTypes } from './page-types.ts';

const site = await openSite();
const dir = mkdtempSync(join(tmpdir(), 'sbsa-vnu-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await site.close();
});

// the W3C Nu HTML checker, from the vnu-jar package; it runs on Java (Debian: default-jre-headless)
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

describe('W3C Nu HTML checker', () => {
  it('finds no error on any page type (the admin shell included)', async () => {
    const pages = { ...pageTypes(site.index), admin: '/admin' };
    for (const [name, path] of Object.entries(pages)) {
      const res = await fetch(site.origin + path);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      writeFileSync(join(dir, `${name}.html`), await res.text());
    }
    const files = Object.keys(pages).map((name) => join(dir, `${name}.html`));
    // exit code 1 when it reports errors; the JSON report is on stderr either way
    const run = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((err: { stderr?: string; code?: unknown }) => {
      if (err.code === 'ENOENT')
        throw new Error('java is missing: apt-get install default-jre-headless (.ci/run does)');
      return { stderr: err.stderr ?? '' };
    });
    const messages = (JSON.parse(run.stderr) as { messages: NuMessage[] }).messages;
    const errors = messages.map(
      (m) => `${m.url.split('/').pop()}: ${m.message} ${m.extract ? `— ${m.extract.trim()}` : ''}`,
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
