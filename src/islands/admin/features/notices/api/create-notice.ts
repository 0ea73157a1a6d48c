import { api } from '../../../../../lib/api-client.ts';
import { noticeCreateInput } from '../../../../../lib/schemas/notice.ts';
import type { NoticeCreateInput, NoticeDetail } from '../../../../../lib/schemas/notice.ts';

/** POST /api/league/main/{mainId}/notice: published at once, or a draft with `draft: true`. */
export const createNoticeSchema = noticeCreateInput;
export type CreateNoticeInput = NoticeCreateInput;

export const createNotice = (mainId: number, input: CreateNoticeInput) =>
  api.post<NoticeDetail>(`/api/league/main/${mainId}/notice`, input);
