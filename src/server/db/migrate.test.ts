import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrations } from './migrate.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const migrateModule = new URL('./migrate.ts', import.meta.url).href;

/**
 * Another process on the same file: it migrates inside one write transaction, says so, and commits
 * `holdMs` later, as a second node starting at the same moment would.
 */
function otherNode(file: string, holdMs: number) {
  const code = `
    import { DatabaseSync } from 'node:sqlite';
    import { migrations } from ${JSON.stringify(migrateModule)};
    const db = new DatabaseSync(${JSON.stringify(file)}, { timeout: 5000 });
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('BEGIN IMMEDIATE');
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    for (const m of migrations) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(m.name, 'x');
    }
    process.stdout.write('holding\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${holdMs});
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const holding = new Promise<void>((resolve) =>
    child.stdout.on('data', (d: Buffer) => d.toString().includes('holding') && resolve()),
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { holding, exited };
}

describe('migrate', () => {
  it('skips a migration another process applied after this one read the list, instead of failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-migrate-'));
    dirs.push(dir);
    const file = join(dir, 'shared.sqlite');
    const sqlite = new DatabaseSync(file, { timeout: 5000 });
    sqlite.exec('PRAGMA journal_mode = WAL');
    // as after a first start that stopped before its first migration
    sqlite.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    const other = otherNode(file, 800);
    await other.holding;
    // the list read here is empty (the other's work is not committed); each migration's write
    // transaction then waits for the other's commit
    expect(migrate(sqlite)).toEqual([]);
    expect(await other.exited).toBe(0);
    const applied = sqlite.prepare('SELECT name FROM schema_migrations ORDER BY name').all();
    expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    sqlite.close();
  });
});
