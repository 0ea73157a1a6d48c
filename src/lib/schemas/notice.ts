import * as z from 'zod';
import { label, multilineText, text } from '../validation/index.ts';

/** Limits of a notice (공지사항), shared by the admin form and the API. */
export const noticeLimits = {
  titleMax: 200,
  bodyMax: 50_000,
  attachmentsMax: 5,
  attachmentBytesMax: 10 * 1024 * 1024,
} as const;

/** What the admin writes: title, Markdown body and whether it stays on top of the list. */
export const noticeInput = z.object({
  title: label(text().min(1).max(noticeLimits.titleMax), '제목'),
  body: label(multilineText().max(noticeLimits.bodyMax), '내용').default(''),
  pinned: label(z.boolean(), '상단 고정').default(false),
});

/** A new notice: published at once unless kept as a draft (임시 저장) to publish later. */
export const noticeCreateInput = noticeInput.extend({
  draft: label(z.boolean(), '임시 저장')
    .default(false)
    .meta({ description: 'true면 임시 저장: 게시할 때까지 공개되지 않음' }),
});

export type NoticeInput = z.input<typeof noticeInput>;
export type NoticeCreateInput = z.input<typeof noticeCreateInput>;
export type NoticeValues = z.output<typeof noticeInput>;

/** A file attached to a notice. */
export const noticeAttachment = z.object({
  uploadId: z.number().int(),
  url: z.string().meta({ description: '파일 주소 (/uploads/…)' }),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

/** A notice as it appears in the list (no body). */
export const noticeSummary = z.object({
  wrId: z.number().int(),
  mainId: z.number().int(),
  title: z.string(),
  authorName: z.string(),
  pinned: z.boolean(),
  published: z
    .boolean()
    .meta({ description: 'false면 임시 저장한 글 (공지사항을 쓸 수 있는 사용자에게만 보임)' }),
  views: z.number().int(),
  attachmentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A notice with its body and attachments, for the reading page and the edit form. */
export const noticeDetail = noticeSummary.extend({
  body: z.string().meta({ description: 'Markdown 본문' }),
  authorId: z.number().int().nullable(),
  attachments: z.array(noticeAttachment),
});

export const noticePage = z.object({
  items: z.array(noticeSummary),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

export type NoticeAttachment = z.infer<typeof noticeAttachment>;
export type NoticeSummary = z.infer<typeof noticeSummary>;
export type NoticeDetail = z.infer<typeof noticeDetail>;
export type NoticePage = z.infer<typeof noticePage>;
