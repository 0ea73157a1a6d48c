import { api } from '../../../../../lib/api-client.ts';
import { noticeInput } from '../../../../../lib/schemas/notice.ts';
import type { NoticeDetail, NoticeInput } from '../../../../../lib/schemas/notice.ts';

/** POST /api/league/main/{mainId}/notice */
export const createNoticeSchema = noticeInput;
export type CreateNoticeInput = NoticeInput;

export const createNotice = (mainId: number, input: CreateNoticeInput) =>
  api.post<NoticeDetail>(`/api/league/main/${mainId}/notice`, input);
