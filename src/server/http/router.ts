import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.ts';
import { toFieldErrors } from '../../lib/validation/index.ts';

type RouteModule = Record<string, unknown>;
/** a route module whose bare-verb exports (`list`, `get`) take a noun: `listTeam`, `getTeam` */
type NamedModule = [noun: string, module: RouteModule];

const isRoute = (v: unknown): v is { method: string; path: string; operationId?: string } =>
  typeof v === 'object' &&
  v !== null &&
  'method' in v &&
  'path' in v &&
  'responses' in v &&
  typeof (v as { method: unknown }).method === 'string';

/**
 * A sub-app whose zod validation failures become the Korean 400 envelope. Each route of the
 * given route modules gets its export name as OpenAPI `operationId` (`listLeagues`; `list` of a
 * module given with the noun `Team` becomes `listTeam`), so client generators name their
 * functions after the routes; a route may set its own.
 */
export function createRouter(...routeModules: Array<RouteModule | NamedModule>) {
  for (const entry of routeModules) {
    const [noun, module] = Array.isArray(entry) ? entry : ['', entry];
    for (const [name, value] of Object.entries(module))
      if (isRoute(value)) value.operationId ??= /^[a-z]+$/.test(name) ? `${name}${noun}` : name;
  }
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const { message, errors } = toFieldErrors(result.error);
        return c.json({ ok: false as const, message, errors }, 400);
      }
    },
  });
}
