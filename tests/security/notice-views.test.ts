import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { startTarget } from './helpers/target.ts';

let target: Target;
let wrId: number;

beforeAll(async () => {
  target = await startTarget();
  wrId = target.query<{ wr_id: number }>('SELECT wr_id FROM notices ORDER BY wr_id LIMIT 1')[0]
    .wr_id;
});
afterAll(() => target?.stop());

/** Size and modification time of the database file and its write-ahead log: any commit moves one. */
function files() {
  return ['sbsa.sqlite', 'sbsa.sqlite-wal'].map((name) => {
    try {
      const s = statSync(join(target.dataDir, name));
      return `${name} ${s.size} ${s.mtimeMs}`;
    } catch {
      return `${name} absent`;
    }
  });
}

const stored = () =>
  target.query<{ views: number }>('SELECT views FROM notices WHERE wr_id = ?', wrId)[0].views;

describe('reading a notice writes nothing and counts a reader once a day', () => {
  it('a burst of 60 readings by one client adds one view and leaves the database files untouched; 5 other browsers add 5', async () => {
    const before = files();
    const storedBefore = stored();
    // a kept public answer, to see that the counting does not drop it
    await fetch(`${target.url}/api/teams/1`);
    const seen: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${target.url}/api/notice/${wrId}`);
      expect(res.status).toBe(200);
      seen.push((await res.json()).data.views);
    }
    expect(seen).toEqual(Array.from({ length: 60 }, () => storedBefore + 1));
    for (let i = 0; i < 5; i++) {
      const headers = { 'user-agent': `browser ${i}` };
      for (let j = 0; j < 3; j++) {
        const res = await fetch(`${target.url}/api/notice/${wrId}`, { headers });
        expect((await res.json()).data.views).toBe(storedBefore + 2 + i);
      }
    }
    // another reader, on another connection, sees the count too
    const list = await (await fetch(`${target.url}/api/league/main/1/notice?limit=100`)).json();
    expect(list.data.items.find((n: { wrId: number }) => n.wrId === wrId).views).toBe(
      storedBefore + 6,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(files()).toEqual(before);
    expect(stored()).toBe(storedBefore);
    expect((await fetch(`${target.url}/api/notice/999999`)).status).toBe(404);
  });

  it('the counted readings are stored when the server stops', async () => {
    const storedBefore = stored();
    await target.server.stop();
    expect(stored()).toBe(storedBefore + 6);
  });
});
