import type { Tx } from '../database.ts';
import { advanceIdentities } from '../identity-sequences.ts';
import { SEED_TABLES } from './demo-rows.ts';
import type { DemoRows } from './demo-rows.ts';

// SQLite allows 32,766 bound parameters per statement; stay well below it.
const MAX_PARAMETERS = 30_000;

/** Inserts every table's rows in foreign-key order, many rows per statement. */
export async function insertRows(tx: Tx, rows: DemoRows): Promise<void> {
  for (const table of SEED_TABLES) {
    const list = rows[table] as Record<string, unknown>[];
    if (list.length === 0) continue;
    const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(list[0]).length));
    for (let i = 0; i < list.length; i += size) {
      // The table is chosen at run time from SEED_TABLES, so Kysely cannot check each row's type here; DemoRows did.
      await tx
        .insertInto(table)
        .values(list.slice(i, i + size) as never)
        .execute();
    }
  }
  // the rows carry their own ids: the next id given by the database comes after them
  await advanceIdentities(tx);
}
