import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { Db, Tx } from '../db/database.ts';

/** What the audit of one request saw: entries written, and updates skipped as changing nothing. */
export interface AuditTally {
  written: number;
  unchanged: number;
}

/** The tally of the request running now (set per write request by the app). */
export const auditTally = new AsyncLocalStorage<AuditTally>();

// a save stamps these even when it changes nothing else
const STAMPS = new Set(['updated_at', 'updatedAt']);
const withoutStamps = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([k]) => !STAMPS.has(k)))
    : v;

/** Whether the request changed nothing: it only saved values as they were (decision 049, addendum). */
export function changedNothing(tally: AuditTally | undefined): boolean {
  return tally !== undefined && tally.unchanged > 0 && tally.written === 0;
}

export interface AuditEntry {
  userId: number | null;
  action: 'create' | 'update' | 'delete' | 'import' | 'login' | 'logout' | string;
  entity: string;
  entityId?: number | string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records who changed what; call it inside the write transaction it describes. An update whose
 * before and after are the same (but for the time stamp) changed nothing and leaves no entry.
 */
export async function audit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  const tally = auditTally.getStore();
  if (
    entry.action === 'update' &&
    entry.before !== undefined &&
    isDeepStrictEqual(withoutStamps(entry.before), withoutStamps(entry.after))
  ) {
    if (tally) tally.unchanged++;
    return;
  }
  if (tally) tally.written++;
  await tx
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
