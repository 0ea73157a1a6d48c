import * as z from 'zod';

// Kept on the definition rather than in a z.registry: every derived schema copies the definition,
// including `.openapi()` of @hono/zod-openapi, which drops the parent link registries rely on.
// A symbol key also keeps it out of the JSON Schema and OpenAPI output.
const LABEL = Symbol.for('sbsa.validation.label');

type Def = z.core.$ZodTypeDef & { [LABEL]?: string } & Record<string, unknown>;

// Wrappers whose inner schema is what actually raises the issues a user sees.
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'catch',
  'readonly',
]);

/**
 * A copy of `schema` carrying the Korean `text`, used by the Korean error map for the field's
 * messages and by forms for the field's caption. Copies, so a schema shared by two fields keeps
 * one label per field; schemas derived afterwards (`label(z.string(), '이름').min(2)`) keep it.
 */
export function label<T extends z.core.$ZodType>(schema: T, text: string): T {
  const def = schema._zod.def as Def;
  const patch: Record<string | symbol, unknown> = { [LABEL]: text };
  if (WRAPPERS.has(def.type) && def.innerType) {
    patch.innerType = label(def.innerType as z.core.$ZodType, text);
  } else if (def.type === 'pipe') {
    patch.in = label(def.in as z.core.$ZodType, text);
    patch.out = label(def.out as z.core.$ZodType, text);
  }
  return z.core.util.clone(schema, z.core.util.mergeDefs(def, patch), { parent: true });
}

/** The label given to `schema`, to a schema it was derived from, or to the schema it wraps (`.optional()` …). */
export function labelOf(schema: z.core.$ZodType | undefined): string | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as Def;
  if (def[LABEL]) return def[LABEL];
  if (WRAPPERS.has(def.type)) return labelOf(def.innerType as z.core.$ZodType | undefined);
  if (def.type === 'pipe') return labelOf(def.in as z.core.$ZodType | undefined);
  return undefined;
}
