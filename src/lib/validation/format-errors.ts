import type * as z from 'zod';

export interface FieldErrors {
  /** The first issue's message, for a toast or the envelope's `message`. */
  message: string;
  /** One message per dotted path ('lines.0.ab'); issues about the whole value sit under 'root', as in react-hook-form. */
  errors: Record<string, string>;
}

/** Fallback for an error without issues, which zod never produces but a caller might pass. */
const GENERIC_MESSAGE = '입력값이 올바르지 않습니다.';

/** Flattens a zod error into the `{ message, errors }` of the API's 400 envelope. */
export function toFieldErrors(error: {
  readonly issues: readonly z.core.$ZodIssue[];
}): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'root';
    errors[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? GENERIC_MESSAGE, errors };
}
