import type { Db } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { audit } from './audit.ts';
import { accessActions } from '../auth/access-chain.ts';
import type { AccessAction } from '../auth/access-chain.ts';
import type { AccountMonth, MonthReview } from '../../lib/schemas/access-log.ts';
import { seoulDayStart } from './personal-access-log.ts';

/**
 * The monthly review of the access record (기준 §8: checked at least once a month): what each
 * account did in a month, the accounts worth a closer look, and who reviewed the month.
 */

/** An account is unusual with at least this many rows in the month… */
export const UNUSUAL_MIN = 100;
/** …and at least this many times the median of the accounts of the month. */
export const UNUSUAL_TIMES_MEDIAN = 3;

const monthAfter = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Counts per account and action of one month (YYYY-MM, Asia/Seoul), most active account first. */
export async function monthReview(db: Db, month: string): Promise<MonthReview> {
  const [rows, review] = await Promise.all([
    db
      .selectFrom('personal_access_log')
      .select(['account', 'action', (eb) => eb.fn.countAll<number>().as('n')])
      .where('at', '>=', seoulDayStart(`${month}-01`))
      .where('at', '<', seoulDayStart(`${monthAfter(month)}-01`))
      .groupBy(['account', 'action'])
      .execute(),
    db
      .selectFrom('personal_access_reviews')
      .select(['account', 'reviewed_at'])
      .where('month', '=', month)
      .executeTakeFirst(),
  ]);
  const byAccount = new Map<string, AccountMonth>();
  for (const r of rows) {
    let a = byAccount.get(r.account);
    if (!a) {
      a = {
        account: r.account,
        counts: Object.fromEntries(accessActions.map((k) => [k, 0])) as Record<
          AccessAction,
          number
        >,
        total: 0,
        flags: [],
      };
      byAccount.set(r.account, a);
    }
    a.counts[r.action] += Number(r.n);
    a.total += Number(r.n);
  }
  const accounts = [...byAccount.values()].sort(
    (x, y) => y.total - x.total || x.account.localeCompare(y.account),
  );
  const typical = accounts.length ? median(accounts.map((a) => a.total)) : 0;
  for (const a of accounts) {
    if (a.total >= UNUSUAL_MIN && a.total >= UNUSUAL_TIMES_MEDIAN * typical) a.flags.push('volume');
    if (a.counts.download > 0) a.flags.push('download');
  }
  return {
    month,
    accounts,
    reviewed: review ? { account: review.account, reviewedAt: review.reviewed_at } : null,
  };
}

/** Records that `account` reviewed the month now; a second review replaces the first. */
export async function markMonthReviewed(
  db: Db,
  month: string,
  user: { id: number; email: string },
): Promise<MonthReview> {
  const reviewedAt = new Date().toISOString();
  await writeTx(db, async (tx) => {
    const before = await tx
      .selectFrom('personal_access_reviews')
      .select(['account', 'reviewed_at'])
      .where('month', '=', month)
      .executeTakeFirst();
    await tx
      .insertInto('personal_access_reviews')
      .values({ month, user_id: user.id, account: user.email, reviewed_at: reviewedAt, note: null })
      .onConflict((oc) =>
        oc
          .column('month')
          .doUpdateSet({ user_id: user.id, account: user.email, reviewed_at: reviewedAt }),
      )
      .execute();
    await audit(tx, {
      userId: user.id,
      action: 'review',
      entity: 'personal_access_review',
      entityId: month,
      before: before ?? null,
      after: { account: user.email, reviewed_at: reviewedAt },
    });
  });
  return monthReview(db, month);
}
