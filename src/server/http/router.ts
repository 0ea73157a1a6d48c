import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.ts';
import { toFieldErrors } from '../../lib/validation/index.ts';

/** A sub-app whose zod validation failures become the Korean 400 envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const { message, errors } = toFieldErrors(result.error);
        return c.json({ ok: false as const, message, errors }, 400);
      }
    },
  });
}
