import { OpenAPIHono } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import type { AppDeps, AppEnv } from './app-env.ts';
import { authenticate } from './auth/authenticate.ts';
import { recordReads } from './auth/access-record.ts';
import { writeGate, writeMethods } from './auth/write-gate.ts';
import { onError } from './http/on-error.ts';
import { bodyLimits } from './http/body-limits.ts';
import { apiRouters } from './routes/index.ts';
import { openApiConfig, referencePage } from './http/openapi-doc.ts';
import { finishOpenApi } from './http/finish-openapi.ts';
import type { OpenApiDocument } from './http/finish-openapi.ts';
import { installKoreanErrors } from '../lib/validation/index.ts';
import { serveUploads } from './routes/uploads/serve-uploads.ts';
import { csvDownloads } from './site/csv-downloads.ts';
import { ReadCache, readCache } from './http/read-cache.ts';
import { NoticeViews } from './services/notice-views.ts';
import { routeLabel } from './http/route-label.ts';
import { DEFAULT_ASSOCIATION } from './db/default-association.ts';
import { compressJson } from './http/compress-json.ts';
import { setApiHeaders } from './http/api-headers.ts';
import { apiMethods } from './http/api-methods.ts';

export interface AppOptions {
  /** Serves everything outside /api (the static site); absent in API-only tests. */
  site?: Handler<AppEnv>;
}

/** Builds the whole HTTP app: the JSON API under /api and, when given, the static site. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  installKoreanErrors();
  const app = new OpenAPIHono<AppEnv>();
  app.onError(onError);
  app.use('*', routeLabel);

  const cache = deps.readCache ?? new ReadCache(deps.sqlite, { postgres: deps.db });
  const resolved: AppDeps = {
    ...deps,
    readCache: cache,
    noticeViews:
      deps.noticeViews ?? new NoticeViews(deps.sqlite ?? deps.db, (write) => cache.absorb(write)),
  };
  const api = new OpenAPIHono<AppEnv>();
  api.use('*', async (c, next) => {
    c.set('deps', resolved);
    await next();
    setApiHeaders(c.res.headers);
    // what a write committed is in the change record: the publisher reads it now (a write that
    // changed nothing left no row there, and starts no build)
    if (writeMethods.has(c.req.method)) resolved.publishing?.committed();
  });
  // before the body is read and before the sign-in check: a wrong address or method says so
  api.use(
    '*',
    apiMethods('/api', () => api.routes),
  );
  api.use('*', bodyLimits());
  api.use('*', compressJson);
  api.use('*', readCache(cache));
  api.use('*', authenticate);
  api.use('*', recordReads);
  api.use('*', writeGate);
  for (const [prefix, router] of apiRouters()) api.route(prefix, router);
  // made once, on first request: every route is registered by then
  let document: OpenApiDocument | undefined;
  const openApi = () => (document ??= finishOpenApi(api.getOpenAPI31Document(openApiConfig)));
  api.get('/openapi.json', (c) => c.json(openApi()));
  api.get('/reference', (c) => c.html(referencePage(openApi())));
  api.onError(onError);

  app.route('/api', api);
  // SPEC.md §4/§6 send users to /login and /league/{id}; both live elsewhere here.
  app.get('/login', (c) => c.redirect('/admin/login', 302));
  app.get('/league/:id{[1-9][0-9]*}', async (c) => {
    const main = await deps.db
      .selectFrom('league_main')
      .select('path')
      .where('id', '=', Number(c.req.param('id')))
      .executeTakeFirst();
    return c.redirect(`/${main?.path ?? DEFAULT_ASSOCIATION.path}`, 302);
  });
  app.get('/uploads/*', serveUploads(deps.config.sharedDir, deps.db, deps.config.jwtSecret));
  // kept per live build; with no build, until the data changes
  app.get(
    '/sbsa/csv/*',
    csvDownloads(deps.db, () => deps.publisher?.site?.id ?? cache.version()),
  );
  if (options.site) app.all('*', options.site);
  // unknown paths under /api never get here: apiMethods answers them
  app.notFound((c) => c.text('페이지를 찾을 수 없습니다.', 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
