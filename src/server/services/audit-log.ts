import type { Db } from '../db/database.ts';

export interface AuditLogEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditLogFilter {
  offset: number;
  limit: number;
  entity?: string;
  entityId?: string;
  userId?: number;
  action?: string;
}

// Values under keys like these never leave the server, whatever a writer put into the log.
const SECRET_KEY = /pass(word)?|hash|token|secret/i;

/** Parses a stored JSON snapshot and blanks secrets in it. */
export function readSnapshot(json: string | null): unknown {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  return redact(value);
}

function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? '[숨김]' : redact(v, depth + 1),
    ]),
  );
}

/** Recent changes, newest first, optionally narrowed to one kind of record, one record, a user or an action. */
export async function listAuditLog(
  db: Db,
  filter: AuditLogFilter,
): Promise<{ items: AuditLogEntry[]; total: number; offset: number; limit: number }> {
  let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.user_id');
  if (filter.entity) base = base.where('audit_log.entity', '=', filter.entity);
  if (filter.entityId) base = base.where('audit_log.entity_id', '=', filter.entityId);
  if (filter.userId) base = base.where('audit_log.user_id', '=', filter.userId);
  if (filter.action) base = base.where('audit_log.action', '=', filter.action);
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'users.nickname',
      'users.username',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at,
      userId: r.user_id,
      userName: r.nickname || r.username || null,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: readSnapshot(r.before_json),
      after: readSnapshot(r.after_json),
    })),
    total: Number(total.n),
    offset: filter.offset,
    limit: filter.limit,
  };
}

/** Whether the user is 협회 관리자 (grade 1) of some association; the log is not split by association. */
export async function isAssociationAdmin(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('league_managers')
    .select('id')
    .where('user_id', '=', userId)
    .where('grade', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
