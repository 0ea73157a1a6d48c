import { api } from '../../../../../lib/api-client.ts';
import type { NoticeDetail } from '../../../../../lib/schemas/notice.ts';

/** POST /api/notice/{wrId}/publish: a draft becomes public (게시). */
export const publishNotice = (wrId: number) =>
  api.post<NoticeDetail>(`/api/notice/${wrId}/publish`, {});

/** POST /api/notice/{wrId}/unpublish: back to a draft, off the public site (게시 취소). */
export const unpublishNotice = (wrId: number) =>
  api.post<NoticeDetail>(`/api/notice/${wrId}/unpublish`, {});
