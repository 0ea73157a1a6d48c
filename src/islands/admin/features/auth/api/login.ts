import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { LoginResponse } from '../../../../../lib/auth-store.ts';
import { label } from '../../../../../lib/validation/index.ts';

/** POST /api/auth/login: email and password. */
export const loginInput = z.object({
  email: label(z.email().max(200), '이메일'),
  password: label(z.string().min(1).max(200), '비밀번호'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const login = (input: LoginInput) => api.post<LoginResponse>('/api/auth/login', input);
