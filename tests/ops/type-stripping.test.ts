import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeBin, root, startServer } from './helpers/child-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-strip-'));
const probeDir = mkdtempSync(join(tmpdir(), 'sbsa-probe-'));
const probe = fileURLToPath(new URL('./helpers/module-probe.mjs', import.meta.url));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(probeDir, { recursive: true, force: true });
});

/** What each process the server ran said about itself (module-probe.mjs). */
function probed(): { script: string; typeStripper: boolean }[] {
  return readdirSync(probeDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(probeDir, f), 'utf8')));
}

describe("the server's TypeScript is stripped ahead (strip-types.mjs)", () => {
  it('neither the server nor its renderers load node’s type stripper, and the site goes live', async () => {
    const server = await startServer(
      dataDir,
      { BUILD_SITE: '1', MODULE_PROBE_DIR: probeDir },
      120_000,
      ['--import', probe],
    );
    try {
      const liveBy = Date.now() + 240_000;
      while ((await fetch(`${server.url}/sbsa`)).status !== 200) {
        expect(Date.now(), 'the first build went live').toBeLessThan(liveBy);
        await new Promise((r) => setTimeout(r, 250));
      }
      const api = await fetch(`${server.url}/api/league/main/1/season`);
      expect(api.status).toBe(200);
      // the probe writes every 200 ms
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await server.stop();
    }
    const processes = probed();
    const servers = processes.filter((p) => p.script.endsWith('src/server/start.mjs'));
    const renderers = processes.filter((p) =>
      p.script.endsWith('src/server/publish/render-worker.ts'),
    );
    expect(servers).toHaveLength(1);
    expect(renderers.length).toBeGreaterThan(0);
    for (const p of [...servers, ...renderers])
      expect(p, p.script).toEqual({ ...p, typeStripper: false });
    // the probe can tell: a module of the server run the usual way loads the stripper
    const control = mkdtempSync(join(tmpdir(), 'sbsa-probe-'));
    try {
      execFileSync(nodeBin, ['--import', probe, 'src/lib/seoul-date.ts'], {
        cwd: root,
        env: { ...process.env, MODULE_PROBE_DIR: control },
      });
      const [plain] = readdirSync(control).map((f) =>
        JSON.parse(readFileSync(join(control, f), 'utf8')),
      );
      expect(plain).toMatchObject({ typeStripper: true });
    } finally {
      rmSync(control, { recursive: true, force: true });
    }
  }, 300_000);
});
