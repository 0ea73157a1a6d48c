import type { FieldSpec } from '../../../components/EntityForm.tsx';
import { passwordLimits } from '../../../../../lib/schemas/user.ts';
import type { EditUserValues, UpdateUserInput } from '../api/update-user.ts';
import type { Account } from './account-rows.ts';

const passwordHint = `${passwordLimits.min}자 이상, 흔한 비밀번호는 쓸 수 없음`;

/** The new account form's fields. */
export const createFields: readonly FieldSpec[] = [
  { name: 'email', label: '이메일', kind: 'email', required: true },
  { name: 'username', label: '이름', kind: 'text', required: true },
  {
    name: 'password',
    label: '비밀번호',
    kind: 'password',
    required: true,
    hint: passwordHint,
    autoComplete: 'new-password',
  },
];

/** The edit form's fields: the password is set only when a new one is typed. */
export const editFields: readonly FieldSpec[] = [
  { name: 'email', label: '이메일', kind: 'email', required: true },
  { name: 'username', label: '이름', kind: 'text', required: true },
  {
    name: 'password',
    label: '새 비밀번호',
    kind: 'password',
    nullable: true,
    autoComplete: 'new-password',
    hint: `비워 두면 그대로입니다. 바꾸면(${passwordHint}) 그 회원은 모든 기기에서 로그아웃됩니다.`,
  },
];

export const emptyAccount = { email: '', username: '', password: '' };

export const accountValues = (a: Account): EditUserValues => ({
  email: a.email,
  username: a.username,
  password: null,
});

/** What the edit form changes: e-mail and name, and the password only when a new one was typed. */
export const accountUpdate = ({ email, username, password }: EditUserValues): UpdateUserInput => ({
  email,
  username,
  ...(password ? { password } : {}),
});
