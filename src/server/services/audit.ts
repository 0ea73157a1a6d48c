import { isDeepStrictEqual } from 'node:util';
import type { Db, Tx } from '../db/database.ts';

// a save stamps these even when it changes nothing else
const STAMPS = new Set(['updated_at', 'updatedAt']);
const withoutStamps = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter(([k]) => !STAMPS.has(k)))
    : v;

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
  if (
    entry.action === 'update' &&
    entry.before !== undefined &&
    isDeepStrictEqual(withoutStamps(entry.before), withoutStamps(entry.after))
  )
    return;
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
