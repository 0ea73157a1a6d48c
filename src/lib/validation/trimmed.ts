import * as z from 'zod';

// Zod only has `.trim()`, which silently rewrites the value; this check rejects it instead.
const NO_OUTER_SPACE = /^(?:\S(?:[\s\S]*\S)?)?$/;

/** A string check failing on leading or trailing whitespace: `z.string().check(trimmed())`. */
export function trimmed(
  params?: string | { error?: string | z.core.$ZodErrorMap<z.core.$ZodIssueInvalidStringFormat> },
) {
  return new z.core.$ZodCheckStringFormat({
    check: 'string_format',
    format: 'trimmed',
    pattern: NO_OUTER_SPACE,
    ...z.core.util.normalizeParams(params),
  });
}
