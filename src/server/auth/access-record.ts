import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { sql } from 'kysely';
import type { AppEnv } from '../app-env.ts';
import { writeTx } from '../db/database.ts';
import type { Tx } from '../db/database.ts';
import { onPostgres } from '../db/dialect.ts';
import { badRequest } from '../http/api-error.ts';
import { clientAddress } from '../http/client-address.ts';
import { appendAccess, subjectOf } from './access-chain.ts';
import type { AccessAction, AccessEntry, Subject } from './access-chain.ts';

/**
 * The one place the access record of personal data is written from (decision 146):
 * - 조회: `personal-fields.ts` notes each person whose personal fields a read hands out
 *   (`noteRead`), the account reads note the accounts (`noteAccountReads`), and `recordReads`
 *   writes one row per request after the answer is made, naming them all; a read that handed out
 *   none writes nothing;
 * - 입력/변경/삭제: the routes that write people call `recordAccess` after their write;
 * - 다운로드: a download carrying personal data asks `downloadReason` first (no reason, no file)
 *   and records it with the reason.
 */

const reads = new WeakMap<Request, Set<Subject>>();

/** Notes that this request hands out the personal fields of `subject`. */
export function noteRead(request: Request, subject: Subject): void {
  const seen = reads.get(request);
  if (seen) seen.add(subject);
  else reads.set(request, new Set([subject]));
}

/**
 * Notes accounts whose e-mail, phone and birthday a read hands out (the accounts screen); the
 * caller's own account is his own data, not a handling of someone else's.
 */
export function noteAccountReads(c: Context<AppEnv>, userIds: readonly number[]): void {
  for (const id of userIds) if (id !== c.var.user?.id) noteRead(c.req.raw, subjectOf('user', id));
}

function entryOf(
  c: Context<AppEnv>,
  action: AccessAction,
  subjects: readonly Subject[],
  reason?: string,
): AccessEntry | null {
  const user = c.var.user;
  if (!user) return null;
  return {
    userId: user.id,
    account: user.email,
    address: clientAddress(c),
    action,
    subjects,
    reason: reason ?? null,
    method: c.req.method,
    route: routePath(c, -1),
  };
}

/** Records one handling of personal data by the request's caller, in its own short write transaction. */
export async function recordAccess(
  c: Context<AppEnv>,
  action: AccessAction,
  subjects: readonly Subject[],
  reason?: string,
): Promise<void> {
  const entry = entryOf(c, action, subjects, reason);
  if (!entry || (subjects.length === 0 && action !== 'download')) return;
  await writeTx(c.var.deps.db, (tx) => appendAccess(tx, entry));
}

/** Rows this SQLite connection has changed; the read cache counts them (on PostgreSQL it keeps nothing). */
const totalChanges = async (tx: Tx) =>
  onPostgres(tx)
    ? 0
    : Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(tx)).rows[0]?.n ?? 0);

/**
 * Writes the 조회 row of a read that handed out personal fields, once the answer is made. The row
 * changes nothing an anonymous answer shows, so the kept answers are not dropped for it.
 */
export const recordReads = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const seen = reads.get(c.req.raw);
  if (!seen || seen.size === 0 || c.res.status >= 400) return;
  const entry = entryOf(c, 'read', [...seen].sort(bySubject));
  if (!entry) return;
  const rows = await writeTx(c.var.deps.db, async (tx) => {
    const before = await totalChanges(tx);
    await appendAccess(tx, entry);
    return (await totalChanges(tx)) - before;
  });
  c.var.deps.readCache?.absorbed(rows);
});

const bySubject = (a: Subject, b: Subject) => {
  const [ka, ia] = a.split(':');
  const [kb, ib] = b.split(':');
  return ka === kb ? Number(ia) - Number(ib) : ka < kb ? -1 : 1;
};

/** The longest reason kept. */
export const REASON_MAX = 200;

/**
 * The reason a download of personal data must carry (query or body field `reason`). Asked before
 * anything is made: a download without one is refused with 400 and leaves no trace.
 */
export function downloadReason(given: string | undefined | null): string {
  const reason = given?.trim() ?? '';
  if (reason === '')
    throw badRequest('개인정보가 담긴 파일을 내려받으려면 사유를 입력해 주세요.', {
      reason: '내려받는 사유를 입력해 주세요.',
    });
  if (reason.length > REASON_MAX)
    throw badRequest(`사유는 ${REASON_MAX}자 이하로 입력해 주세요.`, {
      reason: `사유는 ${REASON_MAX}자 이하로 입력해 주세요.`,
    });
  return reason;
}
