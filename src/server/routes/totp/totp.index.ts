import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireGrade, requireSignedIn } from '../../auth/permissions.ts';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  resetTotp,
  setTotpRequirement,
  startTotpSetup,
  totpState,
} from '../../auth/second-factor.ts';
import { notFound } from '../../http/api-error.ts';
import * as routes from './totp.routes.ts';

/** /api/auth/totp: the signed-in user's second factor, its reset and associations' rule. */
export function totpRouter() {
  const router = createRouter(['Totp', routes]);

  router.openapi(routes.status, async (c) => {
    const user = requireSignedIn(c);
    return ok(c, await totpState(c.var.deps.db, user.id));
  });

  router.openapi(routes.setup, async (c) => {
    const user = requireSignedIn(c);
    return ok(c, await startTotpSetup(c.var.deps.db, user));
  });

  router.openapi(routes.enable, async (c) => {
    const user = requireSignedIn(c);
    const { code } = c.req.valid('json');
    return ok(c, { recoveryCodes: await enableTotp(c.var.deps.db, user.id, code) });
  });

  router.openapi(routes.disable, async (c) => {
    const user = requireSignedIn(c);
    await disableTotp(c.var.deps.db, user.id, c.req.valid('json'));
    return ok(c, { enabled: false as const });
  });

  router.openapi(routes.renewRecoveryCodes, async (c) => {
    const user = requireSignedIn(c);
    const codes = await regenerateRecoveryCodes(c.var.deps.db, user.id, c.req.valid('json'));
    return ok(c, { recoveryCodes: codes });
  });

  router.openapi(routes.reset, async (c) => {
    const actor = requireSignedIn(c);
    const { userId } = c.req.valid('param');
    return ok(c, { wasEnabled: await resetTotp(c.var.deps.db, actor, userId) });
  });

  router.openapi(routes.getRequirement, async (c) => {
    const { mainId } = c.req.valid('param');
    await requireGrade(c, mainId, grades.association);
    const main = await c.var.deps.db
      .selectFrom('league_main')
      .select('require_totp')
      .where('id', '=', mainId)
      .executeTakeFirst();
    if (!main) throw notFound('협회');
    return ok(c, { required: main.require_totp === 1 });
  });

  router.openapi(routes.setRequirement, async (c) => {
    const { mainId } = c.req.valid('param');
    const actor = await requireGrade(c, mainId, grades.association);
    const { required } = c.req.valid('json');
    await setTotpRequirement(c.var.deps.db, actor, mainId, required);
    return ok(c, { required });
  });

  return router;
}
