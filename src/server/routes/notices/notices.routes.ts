import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { label, text } from '../../../lib/validation/index.ts';
import { idParam } from '../common/params.ts';
import {
  noticeAttachment,
  noticeCreateInput,
  noticeDetail,
  noticeInput,
  noticeLimits,
  noticePage,
} from '../../../lib/schemas/notice.ts';

const tags = ['공지사항'];

export const mainParams = z.object({
  mainId: idParam('협회').meta({ description: '협회(league_main) 번호', example: 1 }),
});
export const wrParams = z.object({
  wrId: idParam('글').meta({ description: '공지사항 글 번호(wr_id)', example: 1 }),
});
export const attachmentParams = wrParams.extend({
  uploadId: idParam('파일').meta({ description: '첨부 파일(upload) 번호', example: 1 }),
});

export const listQuery = z.object({
  offset: label(z.coerce.number().int().min(0), '시작 위치')
    .default(0)
    .meta({ description: '건너뛸 글 수 (기본 0)' }),
  limit: label(z.coerce.number().int().min(1).max(100), '개수')
    .default(20)
    .meta({ description: '한 번에 가져올 글 수 (1–100, 기본 20)' }),
  q: label(text().max(100), '검색어')
    .optional()
    .meta({ description: '제목과 본문에서 찾을 검색어' }),
});

const writers =
  '사이트 관리자, 협회 관리자(1), 리그 운영자(2), 또는 공지사항 게시판(board `notice`)에 쓰기/관리 권한이 있는 사용자';

export const list = createRoute({
  method: 'get',
  path: '/league/main/{mainId}/notice',
  tags,
  summary: '공지사항 목록',
  description:
    '협회의 공지사항을 상단 고정 글 먼저, 그다음 최신 글 순으로 돌려줍니다. `q`로 제목과 본문을 검색합니다. 누구나 볼 수 있습니다. ' +
    '임시 저장한 글(`published: false`)은 그 협회의 공지사항을 쓸 수 있는 사용자에게만 함께 나옵니다.',
  request: { params: mainParams, query: listQuery },
  responses: responses(noticePage),
});

export const read = createRoute({
  method: 'get',
  path: '/notice/{wrId}',
  tags,
  summary: '공지사항 읽기',
  description:
    '본문(Markdown)과 첨부 파일을 함께 돌려주고 조회수를 하나 올립니다. 누구나 볼 수 있습니다. ' +
    '임시 저장한 글은 공지사항을 쓸 수 있는 사용자만 읽을 수 있고, 다른 사람에게는 404입니다.',
  request: { params: wrParams },
  responses: responses(noticeDetail),
});

export const create = createRoute({
  method: 'post',
  path: '/league/main/{mainId}/notice',
  tags,
  summary: '공지사항 쓰기',
  description:
    `새 공지사항을 씁니다. 바로 게시되고, \`draft: true\`면 임시 저장되어 게시(\`POST /notice/{wrId}/publish\`)할 때까지 공개되지 않습니다. ` +
    `쓸 수 있는 사람: ${writers}.`,
  request: {
    params: mainParams,
    body: { content: { 'application/json': { schema: noticeCreateInput } }, required: true },
  },
  responses: responses(noticeDetail, '작성됨', 201),
});

export const update = createRoute({
  method: 'put',
  path: '/notice/{wrId}',
  tags,
  summary: '공지사항 고치기',
  description: `제목, 본문, 상단 고정 여부를 통째로 바꿉니다. 고칠 수 있는 사람: ${writers}.`,
  request: {
    params: wrParams,
    body: { content: { 'application/json': { schema: noticeInput } }, required: true },
  },
  responses: responses(noticeDetail),
});

export const publish = createRoute({
  method: 'post',
  path: '/notice/{wrId}/publish',
  tags,
  summary: '공지사항 게시',
  description:
    `임시 저장한 공지사항을 게시합니다: 제목, 본문과 첨부 파일이 누구에게나 공개되고, 게시한 때가 작성 시각이 됩니다. ` +
    `이미 게시된 글은 그대로 돌려줍니다. 할 수 있는 사람: ${writers}.`,
  request: { params: wrParams },
  responses: responses(noticeDetail),
});

export const unpublish = createRoute({
  method: 'post',
  path: '/notice/{wrId}/unpublish',
  tags,
  summary: '공지사항 게시 취소',
  description: `게시한 공지사항을 임시 저장 상태로 되돌려 공개 목록과 사이트에서 내립니다. 할 수 있는 사람: ${writers}.`,
  request: { params: wrParams },
  responses: responses(noticeDetail),
});

export const remove = createRoute({
  method: 'delete',
  path: '/notice/{wrId}',
  tags,
  summary: '공지사항 지우기',
  description: `공지사항과 그 첨부 파일을 지웁니다. 지울 수 있는 사람: ${writers}.`,
  request: { params: wrParams },
  responses: responses(z.object({ wrId: z.number().int() })),
});

export const uploadForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, { error: '파일을 선택해 주세요.' })
    .meta({ type: 'string', format: 'binary', description: '첨부할 파일 (하나)' }),
});

export const addAttachment = createRoute({
  method: 'post',
  path: '/notice/{wrId}/attachments',
  tags,
  // Anonymous callers are refused before the (up to 25 MB) body is read.
  middleware: [requireUser] as const,
  summary: '첨부 파일 올리기',
  description:
    `multipart/form-data의 \`file\` 하나를 올립니다. 이미지(PNG, JPEG, GIF, WEBP), PDF, 문서(docx, txt), ` +
    `스프레드시트(xlsx, csv)만, ${noticeLimits.attachmentBytesMax / 1024 / 1024}MB 이하, 글 하나에 ${noticeLimits.attachmentsMax}개까지. ` +
    `형식은 파일 이름이 아니라 내용으로 판단합니다(아니면 415, 너무 크면 413). 올릴 수 있는 사람: ${writers}.`,
  request: {
    params: wrParams,
    body: { content: { 'multipart/form-data': { schema: uploadForm } }, required: true },
  },
  responses: {
    ...responses(noticeAttachment, '올림', 201),
    413: { description: '파일이 너무 큼' },
    415: { description: '지원하지 않는 파일 형식' },
  },
});

export const removeAttachment = createRoute({
  method: 'delete',
  path: '/notice/{wrId}/attachments/{uploadId}',
  tags,
  summary: '첨부 파일 지우기',
  description: `공지사항에서 첨부 파일을 떼고, 다른 곳에서 쓰지 않으면 파일도 지웁니다. 지울 수 있는 사람: ${writers}.`,
  request: { params: attachmentParams },
  responses: responses(noticeAttachment),
});
