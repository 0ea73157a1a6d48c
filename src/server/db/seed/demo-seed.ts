import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { writeTx } from '../database.ts';
import type { Db, Tx } from '../database.ts';
import { ASSOCIATION, DEMO_PASSWORD } from './catalog.ts';
import { buildDemoData } from './demo-data.ts';
import { SEED_TABLES } from './demo-rows.ts';
import { DEMO_USERS } from './demo-users.ts';
import { insertRows } from './insert-rows.ts';

const ID_COLUMN: Partial<Record<(typeof SEED_TABLES)[number], string | null>> = {
  notices: 'wr_id',
  game_innings: null,
};

async function highestIds(tx: Tx): Promise<Record<string, number>> {
  const start: Record<string, number> = {};
  for (const table of SEED_TABLES) {
    const column = ID_COLUMN[table] === undefined ? 'id' : ID_COLUMN[table];
    if (column === null) continue;
    const { rows } = await sql<{
      m: number | null;
    }>`select max(${sql.ref(column)}) as m from ${sql.table(table)}`.execute(tx);
    start[table] = rows[0]?.m ?? 0;
  }
  return start;
}

/**
 * Seeds the demo association (sbsa): three seasons of leagues with full box scores, rosters, staff,
 * notices and demo accounts, all in one transaction. The data is the same on every run; it does
 * nothing if the association already exists. Demo accounts whose email is taken are left out.
 */
export async function seedDemo(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('league_main')
    .select('id')
    .where('path', '=', ASSOCIATION.path)
    .executeTakeFirst();
  if (existing) return;
  // argon2 is slow on purpose: hash once, every demo account shares the hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await writeTx(db, async (tx) => {
    const taken = await tx
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        DEMO_USERS.map((u) => u.email),
      )
      .execute();
    const rows = buildDemoData({
      passwordHash,
      idStart: await highestIds(tx),
      skipEmails: taken.map((u) => u.email.toLowerCase()),
    });
    await insertRows(tx, rows);
  });
}
