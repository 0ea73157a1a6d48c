import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/notice/{wrId}: the notice and its attachments. */
export const deleteNoticeSchema = z.object({ wrId: z.number().int().positive() });
export type DeleteNoticeInput = z.infer<typeof deleteNoticeSchema>;

export const deleteNotice = ({ wrId }: DeleteNoticeInput) =>
  api.del<{ wrId: number }>(`/api/notice/${wrId}`);
