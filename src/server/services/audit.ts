import type { Db, Tx } from '../db/database.ts';

export interface AuditEntry {
  userId: number | null;
  action: 'create' | 'update' | 'delete' | 'import' | 'login' | 'logout' | string;
  entity: string;
  entityId?: number | string | null;
  before?: unknown;
  after?: unknown;
}

/** Records who changed what; call it inside the write transaction it describes. */
export async function audit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
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
