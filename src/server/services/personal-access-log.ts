import type { Db } from '../db/database.ts';
import { accessActionLabels } from '../auth/access-chain.ts';
import type { AccessAction } from '../auth/access-chain.ts';
import { badRequest } from '../http/api-error.ts';
import type { AccessLogItem } from '../../lib/schemas/access-log.ts';

export interface AccessLogFilter {
  account?: string;
  /** `player:12` and the like */
  subject?: string;
  action?: AccessAction;
  /** Asia/Seoul days, both included */
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/** The instant a day (YYYY-MM-DD) starts in Asia/Seoul (UTC+9, no daylight saving). */
export function seoulDayStart(day: string): string {
  return new Date(`${day}T00:00:00+09:00`).toISOString();
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

function filtered(db: Db, f: Omit<AccessLogFilter, 'offset' | 'limit'>) {
  if (f.from && f.to && f.from > f.to)
    throw badRequest('시작일은 종료일보다 늦을 수 없습니다.', {
      from: '시작일은 종료일보다 늦을 수 없습니다.',
    });
  let q = db.selectFrom('personal_access_log');
  if (f.account) q = q.where('account', '=', f.account.trim().toLowerCase());
  if (f.action) q = q.where('action', '=', f.action);
  // subjects is a JSON list of strings: a whole element matches, never a prefix (player:1 ≠ player:12)
  if (f.subject) q = q.where('subjects', 'like', `%${JSON.stringify(f.subject)}%`);
  if (f.from) q = q.where('at', '>=', seoulDayStart(f.from));
  if (f.to) q = q.where('at', '<', seoulDayStart(nextDay(f.to)));
  return q;
}

type Row = {
  id: number;
  at: string;
  account: string;
  address: string;
  action: AccessAction;
  subjects: string;
  reason: string | null;
  method: string;
  route: string;
};

const toItem = (r: Row): AccessLogItem => ({
  id: r.id,
  at: r.at,
  account: r.account,
  address: r.address,
  action: r.action,
  actionLabel: accessActionLabels[r.action],
  subjects: JSON.parse(r.subjects) as string[],
  reason: r.reason,
  method: r.method,
  route: r.route,
});

const columns = [
  'id',
  'at',
  'account',
  'address',
  'action',
  'subjects',
  'reason',
  'method',
  'route',
] as const;

/** A page of the access record, newest first. */
export async function listAccessLog(db: Db, filter: AccessLogFilter) {
  const base = filtered(db, filter);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select(columns).orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
  ]);
  return {
    items: rows.map(toItem),
    total: Number(total.n),
    offset: filter.offset,
    limit: filter.limit,
  };
}

/** Every row the filter picks, newest first, for the CSV. */
export async function allAccessLog(
  db: Db,
  filter: Omit<AccessLogFilter, 'offset' | 'limit'>,
): Promise<AccessLogItem[]> {
  const rows = await filtered(db, filter).select(columns).orderBy('id', 'desc').execute();
  return rows.map(toItem);
}
