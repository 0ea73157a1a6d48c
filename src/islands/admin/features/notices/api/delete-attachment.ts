import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { NoticeAttachment } from '../../../../../lib/schemas/notice.ts';

/** DELETE /api/notice/{wrId}/attachments/{uploadId} */
export const deleteAttachmentSchema = z.object({
  wrId: z.number().int().positive(),
  uploadId: z.number().int().positive(),
});
export type DeleteAttachmentInput = z.infer<typeof deleteAttachmentSchema>;

export const deleteAttachment = ({ wrId, uploadId }: DeleteAttachmentInput) =>
  api.del<NoticeAttachment>(`/api/notice/${wrId}/attachments/${uploadId}`);
