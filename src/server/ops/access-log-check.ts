import type { DatabaseSync } from 'node:sqlite';
import { GENESIS_HASH, rowHash } from '../auth/access-chain.ts';
import type { ChainedRow } from '../auth/access-chain.ts';

/** What `npm run check-access-log` found: rows checked, and the first break of the chain if any. */
export interface AccessChainReport {
  checked: number;
  /** the first row found wrong: edited (its hash does not match) or missing (deleted) */
  broken: { id: number; problem: 'edited' | 'deleted'; message: string } | null;
}

/**
 * Walks the access record of personal data from its anchor (the last pruned row, or the start)
 * in id order and checks each row against the one before it (auth/access-chain.ts). Reads one row
 * at a time, so a year of rows needs no more memory than one.
 */
export function checkAccessChain(sqlite: DatabaseSync): AccessChainReport {
  const anchor = sqlite
    .prepare('SELECT last_id, hash FROM personal_access_anchor WHERE id = 1')
    .get() as { last_id: number; hash: string } | undefined;
  let expectedId = (anchor?.last_id ?? 0) + 1;
  let previous = anchor?.hash ?? GENESIS_HASH;
  let checked = 0;
  const rows = sqlite
    .prepare('SELECT * FROM personal_access_log WHERE id > ? ORDER BY id')
    .iterate(anchor?.last_id ?? 0) as Iterable<ChainedRow & { hash: string }>;
  for (const row of rows) {
    if (row.id !== expectedId) return { checked, broken: deleted(expectedId, row.id - 1) };
    if (row.prev_hash !== previous)
      return {
        checked,
        broken: {
          id: row.id,
          problem: 'edited',
          message: `${row.id}번 행의 앞 행 해시가 맞지 않습니다: ${row.id - 1}번 행이 고쳐졌거나 바뀌었습니다.`,
        },
      };
    if (rowHash(row) !== row.hash)
      return {
        checked,
        broken: {
          id: row.id,
          problem: 'edited',
          message: `${row.id}번 행의 해시가 내용과 맞지 않습니다: 이 행이 고쳐졌습니다.`,
        },
      };
    previous = row.hash;
    expectedId++;
    checked++;
  }
  // the last rows deleted: AUTOINCREMENT's counter remembers the highest id ever written
  const counter = sqlite
    .prepare("SELECT seq FROM sqlite_sequence WHERE name = 'personal_access_log'")
    .get() as { seq: number } | undefined;
  const highest = Number(counter?.seq ?? 0);
  if (highest >= expectedId) return { checked, broken: deleted(expectedId, highest) };
  return { checked, broken: null };
}

function deleted(from: number, to: number): NonNullable<AccessChainReport['broken']> {
  const which = from === to ? `${from}번 행이` : `${from}–${to}번 행이`;
  return { id: from, problem: 'deleted', message: `${which} 없습니다: 지워졌습니다.` };
}
