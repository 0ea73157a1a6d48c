import * as z from 'zod';
import { koErrorMap } from './ko-error-map.ts';

/** Makes every zod schema in this process (server) or page (admin) speak Korean; safe to call more than once. */
export function installKoreanErrors(): void {
  if (z.config().customError === koErrorMap) return;
  z.config({ customError: koErrorMap });
}
