import { msUntilSeoulMidnight } from '../../lib/seoul-date.ts';
import type { Db } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { logger } from '../logger.ts';

/** The access record of personal data is kept two years (the 기준 asks for at least one). */
export const ACCESS_LOG_YEARS = 2;

/** The instant before which rows are pruned: `years` before `now`. */
export function accessLogCutoff(now = new Date(), years = ACCESS_LOG_YEARS): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

/**
 * Deletes the rows older than two years from the front of the chain and moves the anchor to the
 * last of them, so the check starts there and the rows kept still form an unbroken chain. Only a
 * prefix in id order is pruned: a row older than the cutoff behind a newer one waits for it.
 */
export async function pruneAccessLog(db: Db, now = new Date()): Promise<number> {
  const cutoff = accessLogCutoff(now);
  return writeTx(db, async (tx) => {
    const firstKept = await tx
      .selectFrom('personal_access_log')
      .select('id')
      .where('at', '>=', cutoff)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    let q = tx.selectFrom('personal_access_log').select(['id', 'hash']).orderBy('id', 'desc');
    if (firstKept) q = q.where('id', '<', firstKept.id);
    const last = await q.limit(1).executeTakeFirst();
    if (!last) return 0;
    const gone = await tx
      .deleteFrom('personal_access_log')
      .where('id', '<=', last.id)
      .executeTakeFirst();
    await tx
      .insertInto('personal_access_anchor')
      .values({ id: 1, last_id: last.id, hash: last.hash, pruned_at: now.toISOString() })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ last_id: last.id, hash: last.hash, pruned_at: now.toISOString() }),
      )
      .execute();
    return Number(gone.numDeletedRows);
  });
}

/** Prunes the access record after each midnight in Asia/Seoul, beside the midnight site rebuild. */
export function startAccessLogRetention(db: Db): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  const plan = () => {
    timer = setTimeout(run, msUntilSeoulMidnight() + 5000);
    timer.unref();
  };
  const run = async () => {
    try {
      const pruned = await pruneAccessLog(db);
      if (pruned > 0) logger.info('personal access log pruned', { rows: pruned });
    } catch (err) {
      logger.error('personal access log pruning failed', { error: (err as Error).message });
    }
    plan();
  };
  plan();
  return {
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
