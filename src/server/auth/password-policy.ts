import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordShape } from '../../lib/schemas/user.ts';

/**
 * The ~49,000 most common passwords of the zxcvbn-ts project (lower case), as NIST SP 800-63B
 * asks a new password to be checked against (decision 047). Made into a set on first use.
 */
let common: Set<string> | undefined;

export const commonPasswordMessage =
  '너무 흔히 쓰이는 비밀번호입니다. 남이 짐작하기 어려운 다른 비밀번호를 정해 주세요.';

/** Whether the password is on the list, in any letter case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/**
 * A password being set (new account, new password, the first admin's): the shape every form
 * checks, and not a common one. Every place that sets a password validates with this.
 */
export const newPassword = passwordShape.refine((v) => !isCommonPassword(v), {
  message: commonPasswordMessage,
});
