import { requireSignedIn } from '../../auth/permissions.ts';
import { forbidden } from '../../http/api-error.ts';
import { ok } from '../../http/envelope.ts';
import { createRouter } from '../../http/router.ts';
import { isAssociationAdmin, listAuditLog } from '../../services/audit-log.ts';
import * as routes from './audit.routes.ts';

/** /api/audit: the change log, for site admins and 협회 관리자. */
export function auditRouter() {
  const router = createRouter(['AuditEntries', routes]);

  router.openapi(routes.list, async (c) => {
    const query = c.req.valid('query');
    const user = requireSignedIn(c);
    const { db } = c.var.deps;
    if (!user.isAdmin && !(await isAssociationAdmin(db, user.id)))
      throw forbidden('변경 기록을 볼 권한이 없습니다.');
    return ok(c, await listAuditLog(db, query));
  });

  return router;
}
