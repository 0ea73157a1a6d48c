import { requireSignedIn } from '../../auth/permissions.ts';
import { ok } from '../../http/envelope.ts';
import { createRouter } from '../../http/router.ts';
import { dashboard } from '../../services/dashboard.ts';
import { listBackups } from '../../ops/list-backups.ts';
import * as routes from './dashboard.routes.ts';

/** /api/admin/dashboard: the admin home at a glance. */
export function dashboardRouter() {
  const router = createRouter(['Dashboard', routes]);

  router.openapi(routes.get, async (c) => {
    const { mainId } = c.req.valid('query');
    const user = requireSignedIn(c);
    const lastBackup = () => {
      const newest = listBackups(c.var.deps.config.sharedDir)[0];
      return newest
        ? {
            file: newest.file,
            createdAt: newest.createdAt,
            bytes: newest.bytes,
            reason: newest.reason,
          }
        : null;
    };
    return ok(c, await dashboard(c.var.deps.db, user, mainId, { lastBackup }));
  });

  return router;
}
