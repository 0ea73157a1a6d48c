import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { dataPaths } from './ops/data-paths.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SHARED_DIR', () => {
  it('defaults to the data folder: every path stays where it was', () => {
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    expect(config.sharedDir).toBe(config.dataDir);
    const paths = dataPaths(config.dataDir, config.sharedDir);
    expect(paths.dbFile).toBe(join(dir, 'data', 'sbsa.sqlite'));
    expect(paths.uploads).toBe(join(dir, 'data', 'uploads'));
    expect(paths.builds).toBe(join(dir, 'data', 'builds'));
    expect(paths.backups).toBe(join(dir, 'data', 'backups'));
    expect(paths.lockFile).toBe(join(dir, 'data', 'server.pid'));
    expect(existsSync(join(dir, 'data', 'jwt-secret'))).toBe(true);
  });

  it('holds what the nodes share; the node keeps its lock in its own folder', () => {
    const a = loadConfig({ DATA_DIR: join(dir, 'a'), SHARED_DIR: join(dir, 'shared') });
    const b = loadConfig({ DATA_DIR: join(dir, 'b'), SHARED_DIR: join(dir, 'shared') });
    const paths = dataPaths(a.dataDir, a.sharedDir);
    expect(paths.dbFile).toBe(join(dir, 'shared', 'sbsa.sqlite'));
    expect(paths.uploads).toBe(join(dir, 'shared', 'uploads'));
    expect(paths.builds).toBe(join(dir, 'shared', 'builds'));
    expect(paths.backups).toBe(join(dir, 'shared', 'backups'));
    expect(paths.lockFile).toBe(join(dir, 'a', 'server.pid'));
    expect(dataPaths(b.dataDir, b.sharedDir).lockFile).toBe(join(dir, 'b', 'server.pid'));
    // one generated secret, so each node takes the tokens the other signed
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(readFileSync(join(dir, 'shared', 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
    expect(existsSync(join(dir, 'a', 'jwt-secret'))).toBe(false);
  });

  it('takes the lease lifetime in seconds and refuses a nonsense one with the variable named', () => {
    expect(loadConfig({ DATA_DIR: join(dir, 'data') }).PUBLISH_LEASE_SECONDS).toBe(6);
    expect(() => loadConfig({ DATA_DIR: join(dir, 'data'), PUBLISH_LEASE_SECONDS: '0' })).toThrow(
      /PUBLISH_LEASE_SECONDS/,
    );
  });
});
