import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireGrade } from '../../auth/permissions.ts';
import { downloadReason, recordAccess } from '../../auth/access-record.ts';
import { allAccessLog, listAccessLog } from '../../services/personal-access-log.ts';
import { markMonthReviewed, monthReview } from '../../services/personal-access-review.ts';
import { toCsv } from '../../../components/utils/csv.ts';
import { seoulToday } from '../../../lib/seoul-date.ts';
import * as routes from './access-log.routes.ts';

const seoulTime = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** /api/league/main/{mainId}/personal-access-log: the access record of personal data (decision 146). */
export function accessLogRouter() {
  const router = createRouter(['PersonalAccessLog', routes]);

  router.openapi(routes.list, async (c) => {
    await requireGrade(c, c.req.valid('param').mainId, grades.association);
    return ok(c, await listAccessLog(c.var.deps.db, c.req.valid('query')));
  });

  router.openapi(routes.csv, async (c) => {
    await requireGrade(c, c.req.valid('param').mainId, grades.association);
    const { reason: given, ...filter } = c.req.valid('query');
    const reason = downloadReason(given);
    const items = await allAccessLog(c.var.deps.db, filter);
    // the file names the accounts (e-mail addresses) that handled personal data
    const accounts = [...new Set(items.map((i) => i.account))];
    await recordAccess(
      c,
      'download',
      [],
      `${reason} (접속기록 ${items.length}건, 계정 ${accounts.length}개)`,
    );
    const body = toCsv(
      ['시각(KST)', '계정', '접속지', '처리', '정보주체', '사유', '요청'],
      items.map((i) => [
        seoulTime(i.at),
        i.account,
        i.address,
        i.actionLabel,
        i.subjects.join(' ') || '전체',
        i.reason,
        `${i.method} ${i.route}`,
      ]),
    );
    const name = `개인정보_접속기록_${seoulToday()}.csv`;
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="personal-access-log.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  });

  router.openapi(routes.review, async (c) => {
    await requireGrade(c, c.req.valid('param').mainId, grades.association);
    const month = c.req.valid('query').month ?? seoulToday().slice(0, 7);
    return ok(c, await monthReview(c.var.deps.db, month));
  });

  router.openapi(routes.markReviewed, async (c) => {
    const user = await requireGrade(c, c.req.valid('param').mainId, grades.association);
    return ok(c, await markMonthReviewed(c.var.deps.db, c.req.valid('json').month, user));
  });

  return router;
}
