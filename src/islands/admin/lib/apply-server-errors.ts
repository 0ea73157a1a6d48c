import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiCallError } from '../../../lib/api-client.ts';
import { errorMessage } from './use-api-data.ts';

/** The key under which a form shows an error that belongs to no single field (SPEC.md §8). */
export const API_ERROR_KEY = 'apiError';

/**
 * Puts the server's 400 field messages (`{ errors: { 'a.b': msg } }`) on the matching fields;
 * what matches no field, and any other failure, is shown under `apiError`.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): void {
  const known = (path: string) =>
    fieldNames.some((name) => path === name || path.startsWith(`${name}.`));
  let unmatched = false;
  let matched = false;
  if (error instanceof ApiCallError) {
    for (const [path, message] of Object.entries(error.errors)) {
      if (known(path)) {
        setError(path as Path<T>, { type: 'server', message });
        matched = true;
      } else {
        unmatched = true;
      }
    }
  }
  if (!matched || unmatched)
    setError(API_ERROR_KEY as Path<T>, { type: 'server', message: errorMessage(error) });
}
