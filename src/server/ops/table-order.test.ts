import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { parentsFirst, userTables } from './table-order.ts';

describe('parentsFirst', () => {
  it('puts every table after the tables it references', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db);
    const tables = userTables(db);
    const order = parentsFirst(db, tables);
    expect([...order].sort()).toEqual([...tables].sort());
    for (const t of tables) {
      const parents = db
        .prepare(`PRAGMA foreign_key_list("${t}")`)
        .all()
        .map((r) => String(r.table))
        .filter((p) => p !== t);
      for (const p of parents)
        expect(order.indexOf(p), `${p} before ${t}`).toBeLessThan(order.indexOf(t));
    }
    db.close();
  });
});
