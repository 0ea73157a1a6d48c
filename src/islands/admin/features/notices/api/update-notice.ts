import { api } from '../../../../../lib/api-client.ts';
import { noticeInput } from '../../../../../lib/schemas/notice.ts';
import type { NoticeDetail, NoticeInput } from '../../../../../lib/schemas/notice.ts';

/** PUT /api/notice/{wrId}: title, body and pinning replaced as a whole. */
export const updateNoticeSchema = noticeInput;
export type UpdateNoticeInput = NoticeInput;

export const updateNotice = (wrId: number, input: UpdateNoticeInput) =>
  api.put<NoticeDetail>(`/api/notice/${wrId}`, input);
