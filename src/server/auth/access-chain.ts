import { createHash } from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { highestAppended, lockForAppend, rememberAppended } from '../db/append-counter.ts';
import type { AccessAction } from '../../lib/schemas/access-log.ts';

/**
 * The hash chain of the access record of personal data (decision 146). Each row's `hash` is the
 * SHA-256 of the previous row's hash and of this row's canonical content, its id included: editing
 * a row changes its hash, deleting one leaves a gap in the ids and a row whose `prev_hash` names a
 * row that is not there. The writer (`appendAccess`) and the check (ops/check-access-log.ts) share
 * these functions, so they cannot disagree on what is hashed.
 */

export type { AccessAction } from '../../lib/schemas/access-log.ts';
export { accessActionLabels, accessActions } from '../../lib/schemas/access-log.ts';

export type SubjectKind = 'player' | 'coach' | 'user';
/** A person whose data was handled, written `player:12`. */
export type Subject = `${SubjectKind}:${number}`;

export const subjectOf = (kind: SubjectKind, id: number): Subject => `${kind}:${id}`;

/** The hash before the first row ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** One handling of personal data, as it is written. */
export interface AccessEntry {
  userId: number | null;
  /** the account's e-mail as it was at the time */
  account: string;
  address: string;
  action: AccessAction;
  subjects: readonly Subject[];
  reason?: string | null;
  method: string;
  route: string;
}

/** A stored row without its own hash: what the hash covers. */
export interface ChainedRow {
  id: number;
  at: string;
  user_id: number | null;
  account: string;
  address: string;
  action: string;
  subjects: string;
  reason: string | null;
  method: string;
  route: string;
  prev_hash: string;
}

/** SHA-256 of the previous hash and the row's columns in a fixed order (JSON, so no separator can be forged). */
export function rowHash(row: ChainedRow): string {
  const content = JSON.stringify([
    row.id,
    row.at,
    row.user_id,
    row.account,
    row.address,
    row.action,
    row.subjects,
    row.reason,
    row.method,
    row.route,
  ]);
  return createHash('sha256').update(row.prev_hash).update('\n').update(content).digest('hex');
}

/**
 * Appends one row. Call it inside a write transaction (BEGIN IMMEDIATE, `writeTx`): the last hash
 * is read and the row written under the write lock, so two requests never chain to the same row.
 * The id is the next of AUTOINCREMENT's counter, which a deleted last row does not lower.
 */
export async function appendAccess(tx: Tx, entry: AccessEntry, at = new Date()): Promise<void> {
  await lockForAppend(tx, 'personal_access_log');
  const [last, anchor, counter] = await Promise.all([
    tx
      .selectFrom('personal_access_log')
      .select(['id', 'hash'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    tx
      .selectFrom('personal_access_anchor')
      .select(['last_id', 'hash'])
      .where('id', '=', 1)
      .executeTakeFirst(),
    highestAppended(tx, 'personal_access_log'),
  ]);
  const row: ChainedRow = {
    id: Math.max(counter, last?.id ?? 0, anchor?.last_id ?? 0) + 1,
    at: at.toISOString(),
    user_id: entry.userId,
    account: entry.account,
    address: entry.address,
    action: entry.action,
    subjects: JSON.stringify([...new Set(entry.subjects)]),
    reason: entry.reason ?? null,
    method: entry.method,
    route: entry.route,
    prev_hash: last?.hash ?? anchor?.hash ?? GENESIS_HASH,
  };
  await tx
    .insertInto('personal_access_log')
    .values({ ...row, action: entry.action, hash: rowHash(row) })
    .execute();
  await rememberAppended(tx, 'personal_access_log', row.id);
}
