import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { noticeLimits } from '../../../../../lib/schemas/notice.ts';
import type { NoticeAttachment } from '../../../../../lib/schemas/notice.ts';

/** POST /api/notice/{wrId}/attachments: multipart `file`, 10MB at most, 5 per notice. */
export const addAttachmentSchema = z.object({
  file: z
    .instanceof(File, { error: '첨부할 파일을 선택해 주세요.' })
    .refine((f) => f.size <= noticeLimits.attachmentBytesMax, {
      error: `파일은 ${noticeLimits.attachmentBytesMax / 1024 / 1024}MB 이하여야 합니다.`,
    }),
});
export type AddAttachmentInput = z.infer<typeof addAttachmentSchema>;

export function addAttachment(
  wrId: number,
  { file }: AddAttachmentInput,
): Promise<NoticeAttachment> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.call<NoticeAttachment>(`/api/notice/${wrId}/attachments`, { method: 'POST', body });
}
