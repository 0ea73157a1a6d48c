import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { leagueLimits } from '../../lib/schemas/league.ts';
import { noticeLimits } from '../../lib/schemas/notice.ts';
import { SHEET_FILE_MAX_BYTES } from '../sheets/sheet-rules.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { ApiError } from './api-error.ts';

const KB = 1024;
const MB = 1024 * KB;
// A multipart body carries its boundaries and part headers besides the file itself.
const multipartSlack = 64 * KB;

/**
 * The most bytes a request body may have, per class of route. Anonymous callers reach only the
 * first two classes (every other write needs a role), so they can never make the server read more
 * than a few KB.
 */
export const bodyLimitClasses: { name: string; path: RegExp; maxBytes: number }[] = [
  { name: 'auth', path: /^\/api\/auth\//, maxBytes: 8 * KB },
  { name: 'webhook', path: /^\/api\/publish\/webhook$/, maxBytes: 8 * KB },
  {
    name: 'schedule file',
    path: /^\/api\/league\/league\/[^/]+\/schedule\/upload_file$/,
    maxBytes: SHEET_FILE_MAX_BYTES + multipartSlack,
  },
  {
    name: 'player file',
    path: /^\/api\/players\/import_file$/,
    maxBytes: SHEET_FILE_MAX_BYTES + multipartSlack,
  },
  {
    name: 'league logo',
    path: /^\/api\/league\/main\/[^/]+\/season\/[^/]+\/league\/[^/]+\/logo$/,
    maxBytes: leagueLimits.logoBytesMax + multipartSlack,
  },
  {
    name: 'notice attachment',
    path: /^\/api\/notice\/[^/]+\/attachments$/,
    maxBytes: noticeLimits.attachmentBytesMax + multipartSlack,
  },
  // the documented limit of an import through the API (larger files use `npm run import`)
  { name: 'import', path: /^\/api\/admin\/import$/, maxBytes: 25 * MB },
  // everything else: a season's box score or a 50,000-character notice fits many times over
  { name: 'default', path: /^/, maxBytes: 1 * MB },
];

/** Deeper JSON than this is refused before it is parsed; the API's deepest body has 4 levels. */
export const jsonDepthMax = 20;

/** The limit that applies to a path under /api. */
export function bodyLimitFor(path: string): number {
  // the last class matches every path
  return (bodyLimitClasses.find((c) => c.path.test(path)) ?? bodyLimitClasses.at(-1)!).maxBytes;
}

/**
 * Limits each request body to its route class while it streams in (a declared Content-Length
 * over the limit is refused before a byte is read, a chunked body as soon as it passes the
 * limit), then refuses JSON nested deeper than `jsonDepthMax` before anything parses it.
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const limiters = new Map(
    bodyLimitClasses.map((c) => [
      c.maxBytes,
      bodyLimit({
        maxSize: c.maxBytes,
        onError: (ctx) => {
          return ctx.json(
            {
              ok: false,
              message: `요청이 너무 큽니다. 이 요청은 ${formatBytes(c.maxBytes)}까지 보낼 수 있습니다.`,
            },
            413,
          );
        },
      }),
    ]),
  );
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.req.raw.body) return next();
    const limiter = limiters.get(bodyLimitFor(c.req.path))!;
    return limiter(c, async () => {
      const type = c.req.header('content-type') ?? '';
      if (/^application\/(.+\+)?json\b/i.test(type)) {
        const text = await c.req.text();
        if (jsonDepth(text) > jsonDepthMax)
          throw new ApiError(
            400,
            '요청 본문이 너무 깊게 중첩되어 있습니다. 보낸 형식을 확인해 주세요.',
          );
        // the body stays readable for whatever reads the raw request later
        c.req.raw = new Request(c.req.raw, { body: text });
      }
      await next();
    });
  });
}

/** How deep arrays and objects nest in a JSON text, in one pass without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > deepest) deepest = depth;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return deepest;
}
