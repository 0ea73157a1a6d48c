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
    counter.add(1, 'a');
    counter.add(1, 'b');
    counter.add(2, 'a');
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
    counter.add(1, 'a');
    sqlite.exec('BEGIN');
    counter.flush();
    sqlite.exec('ROLLBACK');
    expect([views(1), counter.pending(1)]).toEqual([0, 1]);
    counter.flush();
    expect([views(1), counter.pending(1)]).toEqual([1, 0]);
  });

  it('counts a reader once per notice and Seoul day, and again the next day', () => {
    const counter = new NoticeViews(sqlite);
    const morning = new Date('2026-05-01T00:30:00Z'); // 09:30 in Seoul
    for (let i = 0; i < 50; i++) counter.add(1, '203.0.113.7\nphone', morning);
    expect(counter.pending(1)).toBe(1);
    counter.add(1, '203.0.113.7\nlaptop', morning); // another browser on the same address
    counter.add(1, '198.51.100.2\nphone', morning);
    counter.add(2, '203.0.113.7\nphone', morning); // another notice
    expect([counter.pending(1), counter.pending(2)]).toEqual([3, 1]);
    // 23:59 in Seoul is the same day; 00:00 the next
    counter.add(1, '203.0.113.7\nphone', new Date('2026-05-01T14:59:00Z'));
    expect(counter.pending(1)).toBe(3);
    counter.add(1, '203.0.113.7\nphone', new Date('2026-05-01T15:00:00Z'));
    expect(counter.pending(1)).toBe(4);
  });
});
