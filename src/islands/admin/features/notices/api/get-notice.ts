import { api } from '../../../../../lib/api-client.ts';
import { noticeDetail } from '../../../../../lib/schemas/notice.ts';
import type { NoticeDetail } from '../../../../../lib/schemas/notice.ts';

/** GET /api/notice/{wrId}: a notice with its body and attachments. */
export const noticeDetailSchema = noticeDetail;
export type { NoticeDetail };

export const getNotice = (wrId: number) => api.get<NoticeDetail>(`/api/notice/${wrId}`);
