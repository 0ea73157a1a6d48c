import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../helpers/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** the server's database file (tests write what only the server's own jobs write) */
    dbFile: string;
  }
}

const ADMIN_PASSWORD = 'e2e-admin-password-1';
/** The first start seeds the demo data and builds the whole site, which takes a while on 2 cores. */
const READY_TIMEOUT_MS = 8 * 60_000;

/** Asks the server for another site build (another build in the same checkout can make one fail). */
async function requestRebuild(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@sbsa.kr', password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  await fetch(`${baseUrl}/api/publish/rebuild`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
}

async function waitUntilReady(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const started = Date.now();
  let failures = 0;
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/admin/login`);
      if (res.status === 200 && (await res.text()).includes('astro-island')) return;
      const seen = log().split('site build failed').length - 1;
      if (seen > failures) {
        failures = seen;
        if (failures > 3) throw new Error(`site build failed ${failures} times\n${log()}`);
        await requestRebuild(baseUrl);
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('site build failed')) throw error;
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`server not ready after ${READY_TIMEOUT_MS / 1000}s\n${log()}`);
}

/** Starts the real server (fresh data folder, demo seed, 5-second access tokens) and stops it afterwards. */
export default async function setup(project: TestProject) {
  // For working on the tests: point at a server already started the same way
  // (ADMIN_E2E_BASE_URL, and ADMIN_E2E_DB_FILE for its database file), and skip the start-up.
  const running = process.env.ADMIN_E2E_BASE_URL;
  if (running) {
    project.provide('baseUrl', running);
    project.provide('adminPassword', ADMIN_PASSWORD);
    project.provide('dbFile', process.env.ADMIN_E2E_DB_FILE ?? '');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-admin-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = resolve(import.meta.dirname, '../../..');
  let output = '';
  const child = spawn(join(root, 'node_modules/.bin/node'), ['src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      SEED_DEMO: '1',
      ACCESS_TOKEN_TTL_SECONDS: '5',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitUntilReady(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dbFile', join(dataDir, 'sbsa.sqlite'));
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // unref: a pending timer would keep vitest's own process alive for 15 s after the server exits
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
