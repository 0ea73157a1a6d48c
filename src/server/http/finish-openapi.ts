import { openWrites, writeMethods } from '../auth/write-gate.ts';
import { openApiExamples } from './openapi-examples.ts';
import { securitySchemes, signedInSecurity } from './openapi-doc.ts';

type Json = Record<string, unknown>;
type MediaType = { schema?: Json; example?: unknown };
type Body = { content?: Record<string, MediaType> };
type Operation = Json & {
  operationId?: string;
  security?: unknown[];
  requestBody?: Body;
  responses?: Record<string, Body>;
};
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, Json>; securitySchemes?: Json };
  [key: string]: unknown;
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const hoistable = (schema: Json) =>
  !('$ref' in schema) &&
  (schema.type === 'object' || schema.type === 'array' || 'anyOf' in schema || 'oneOf' in schema);

/**
 * Completes the generated document as client generators and `redocly lint` expect:
 * - the bearer security schemes, and `security` on every write the write gate guards (its own
 *   rule, so the two cannot drift apart; reads that need a user declare it on their route);
 * - every request and response body a named schema under `components.schemas`
 *   (`LoginRequest`, `GetLeagueResponse`, one `ErrorResponse`), the same shape named once;
 * - examples of the main calls (openapi-examples.ts).
 */
export function finishOpenApi(generated: object): OpenApiDocument {
  const doc = structuredClone(generated) as OpenApiDocument;
  const schemas: Record<string, Json> = { ...doc.components?.schemas };
  const named = new Map<string, string>(); // a schema as JSON → its name
  const nameFor = (schema: Json, wanted: string): string => {
    const key = JSON.stringify(schema);
    const known = named.get(key);
    if (known) return known;
    let name = wanted;
    for (let n = 2; name in schemas; n++) name = `${wanted}${n}`;
    schemas[name] = schema;
    named.set(key, name);
    return name;
  };
  const hoist = (body: Body | undefined, wanted: string) => {
    for (const media of Object.values(body?.content ?? {})) {
      if (media.schema && hoistable(media.schema))
        media.schema = { $ref: `#/components/schemas/${nameFor(media.schema, wanted)}` };
    }
  };

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const open = openWrites.some((re) => re.test(`/api${path}`));
      if (writeMethods.has(method.toUpperCase()) && !open && !op.security)
        op.security = signedInSecurity;
      // what remains is public: anyone may call it without a token
      op.security ??= [];
      const id = pascal(op.operationId ?? `${method}${path.replace(/\W+/g, '_')}`);
      hoist(op.requestBody, `${id}Request`);
      for (const [status, response] of Object.entries(op.responses ?? {}))
        hoist(response, status.startsWith('2') ? `${id}Response` : 'ErrorResponse');

      const example = op.operationId ? openApiExamples[op.operationId] : undefined;
      if (example) {
        const request = op.requestBody?.content?.['application/json'];
        if (request && example.request !== undefined) request.example = example.request;
        const ok = Object.entries(op.responses ?? {}).find(([s]) => s.startsWith('2'))?.[1];
        const response = ok?.content?.['application/json'];
        if (response) response.example = example.response;
      }
    }
  }
  return {
    ...doc,
    components: { ...doc.components, schemas, securitySchemes: { ...securitySchemes } },
  };
}
