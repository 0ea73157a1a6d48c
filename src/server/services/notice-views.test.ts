import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadCache } from '../http/read-cache.ts';
import { NoticeViews } from './notice-views.ts';

let dir: string;
let sqlite: DatabaseSync;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-views-'));
  sqlite = new DatabaseSync(join(dir, 'db.sqlite'));
  sqlite.exec(
    'CREATE TABLE notices (wr_id INTEGER PRIMARY KEY, views INTEGER NOT NULL DEFAULT 0); INSERT INTO notices (wr_id) VALUES (1), (2);',
  );
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const views = (id: number) =>
  (sqlite.prepare('SELECT views FROM notices WHERE wr_id = ?').get(id) as { views: number }).views;

describe('NoticeViews', () => {
  it('stores the counted readings on its timer without moving the read cache version', async () => {
    const cache = new ReadCache(sqlite);
    const counter = new NoticeViews(sqlite, (write) => cache.absorb(write));
    const version = cache.version();
    counter.add(1);
    counter.add(1);
    counter.add(2);
    expect(counter.pending(1)).toBe(2);
    expect(views(1)).toBe(0);
    counter.start(20);
    await new Promise((r) => setTimeout(r, 80));
    counter.stop();
    expect([views(1), views(2), counter.pending(1)]).toEqual([2, 1, 0]);
    expect(cache.version()).toBe(version);
    // a real write still moves it
    sqlite.exec('UPDATE notices SET views = 0 WHERE wr_id = 2');
    expect(cache.version()).not.toBe(version);
  });

  it('waits while another transaction is open on the connection', () => {
    const counter = new NoticeViews(sqlite);
    counter.add(1);
    sqlite.exec('BEGIN');
    counter.flush();
    sqlite.exec('ROLLBACK');
    expect([views(1), counter.pending(1)]).toEqual([0, 1]);
    counter.flush();
    expect([views(1), counter.pending(1)]).toEqual([1, 0]);
  });
});
