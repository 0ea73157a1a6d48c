import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { createRouter } from '../../http/router.ts';
import { pendingMigrationsIn } from '../../ops/schema-version.ts';
import { registry } from '../../metrics.ts';
import * as routes from './health.routes.ts';

// equal-length digests, so the comparison takes the same time whatever was sent
const digest = (s: string) => createHash('sha256').update(s).digest();

/** /api/health (liveness), /api/ready (readiness) and /api/metrics (Prometheus) for monitors and deploy scripts. */
export function healthRouter() {
  const router = createRouter(routes);

  router.openapi(routes.health, async (c) => {
    const { rows } = await sql<{ up: number }>`SELECT 1 AS up`.execute(c.var.deps.db);
    const status = rows[0]?.up === 1 ? ('ok' as const) : ('degraded' as const);
    return c.json({ ok: true as const, data: { status, time: new Date().toISOString() } }, 200);
  });

  router.openapi(routes.ready, async (c) => {
    const { publisher, served } = c.var.deps;
    const notReady = (message: string) => {
      c.header('Retry-After', '5');
      return c.json({ ok: false as const, message }, 503);
    };
    if ((await pendingMigrationsIn(c.var.deps)).length > 0)
      return notReady('데이터베이스 마이그레이션이 아직 끝나지 않았습니다.');
    // any live build will do, whoever published it: a node that does not hold the publisher lease
    // serves the one another node switched live (decision 153)
    const build = served ? served.build() : (publisher?.site ?? null);
    const publishes = served ? served.publishes() : publisher !== undefined;
    // a server without a publisher makes no site and is ready once its database is
    if (publisher && !build)
      return notReady('첫 공개 사이트 빌드가 아직 끝나지 않았습니다. 잠시 후 다시 확인해 주세요.');
    const data = build
      ? { status: 'ready' as const, site: 'live' as const, build: build.id, publishes }
      : { status: 'ready' as const, site: 'off' as const, build: null, publishes: false };
    return c.json({ ok: true as const, data }, 200);
  });

  router.openapi(routes.metrics, async (c) => {
    const token = c.var.deps.config.METRICS_TOKEN;
    if (!token)
      return c.json({ ok: false as const, message: '요청한 API를 찾을 수 없습니다.' }, 404);
    const sent = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(sent), digest(token))) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(
        { ok: false as const, message: '지표를 보려면 올바른 토큰이 필요합니다.' },
        401,
      );
    }
    return c.text(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });

  return router;
}
