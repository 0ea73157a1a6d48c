import type * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { userInput, userUpdate } from '../../../../../lib/schemas/user.ts';
import type { User, UserUpdate } from '../../../../../lib/schemas/user.ts';

/** PATCH /api/users/{id}: only the fields sent change; a new password ends the account's sign-ins. */
export const updateUserSchema = userUpdate;
export type UpdateUserInput = UserUpdate;

/** The console's edit form: e-mail and name, and a password only when a new one is typed (null keeps it). */
export const editUserSchema = userInput
  .pick({ email: true, username: true })
  .extend({ password: userInput.shape.password.nullable() });
export type EditUserValues = z.infer<typeof editUserSchema>;

export const updateUser = (id: number, input: UpdateUserInput) =>
  api.patch<User>(`/api/users/${id}`, input);
