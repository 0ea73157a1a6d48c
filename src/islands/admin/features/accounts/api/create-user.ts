import { api } from '../../../../../lib/api-client.ts';
import { userInput } from '../../../../../lib/schemas/user.ts';
import type { User } from '../../../../../lib/schemas/user.ts';
import type * as z from 'zod';

/** POST /api/users: a new account with the fields the console asks for (409 when the e-mail is taken). */
export const createUserSchema = userInput.pick({ email: true, username: true, password: true });
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const createUser = (input: CreateUserInput) => api.post<User>('/api/users', input);
