import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { LoginResponse } from '../../../../../lib/auth-store.ts';
import { label } from '../../../../../lib/validation/index.ts';

/** POST /api/auth/login: email and password. */
export const loginInput = z.object({
  email: label(z.email().max(200), '이메일'),
  password: label(z.string().min(1).max(200), '비밀번호'),
  /** asked for only when the server says the account uses a second factor (decision 147) */
  otp: label(z.string().trim().max(40), '일회용 코드').optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const login = ({ otp, ...input }: LoginInput) =>
  api.post<LoginResponse>('/api/auth/login', otp ? { ...input, otp } : input);
