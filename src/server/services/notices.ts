import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { likeIgnoringCase } from '../db/like.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { managerGrade } from '../auth/permissions.ts';
import { conflict, notFound } from '../http/api-error.ts';
import { uploadUrl } from './uploads.ts';
import type { SavedUpload } from './uploads.ts';
import { noticeLimits } from '../../lib/schemas/notice.ts';
import type {
  NoticeAttachment,
  NoticeDetail,
  NoticePage,
  NoticeSummary,
  NoticeValues,
} from '../../lib/schemas/notice.ts';

/** The board key of notices in `board_roles`. */
export const noticeBoard = 'notice';

/**
 * Who may write notices of an association: site admins, 협회 관리자 (1) and 리그 운영자 (2), and
 * users given the 'write' or 'admin' role on the association's notice board.
 */
export async function canWriteNotices(db: Db, user: AuthUser, mainId: number): Promise<boolean> {
  if (user.isAdmin) return true;
  const grade = await managerGrade(db, user.id, mainId);
  if (grade === 1 || grade === 2) return true;
  const role = await db
    .selectFrom('board_roles')
    .select('role')
    .where('main_id', '=', mainId)
    .where('board', '=', noticeBoard)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return role?.role === 'write' || role?.role === 'admin';
}

export async function assertMainExists(db: Db | Tx, mainId: number): Promise<void> {
  const row = await db
    .selectFrom('league_main')
    .select('id')
    .where('id', '=', mainId)
    .executeTakeFirst();
  if (!row) throw notFound('협회');
}

/** The association a notice belongs to; 404 when the notice does not exist. */
export async function mainIdOfNotice(db: Db | Tx, wrId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select('main_id')
    .where('wr_id', '=', wrId)
    .executeTakeFirst();
  if (!row) throw notFound('공지사항');
  return row.main_id;
}

/** `%` and `_` typed by the user are searched for literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const attachmentCount = sql<number>`(SELECT count(*) FROM notice_attachments a WHERE a.wr_id = notices.wr_id)`;

type SummaryRow = {
  wr_id: number;
  main_id: number;
  title: string;
  author_name: string;
  pinned: 0 | 1;
  draft: 0 | 1;
  views: number;
  attachment_count: number;
  created_at: string;
  updated_at: string;
};

function toSummary(row: SummaryRow): NoticeSummary {
  return {
    wrId: row.wr_id,
    mainId: row.main_id,
    title: row.title,
    authorName: row.author_name,
    pinned: row.pinned === 1,
    published: row.draft === 0,
    views: row.views,
    attachmentCount: Number(row.attachment_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * One page of an association's notices: pinned first, then newest; `q` searches title and body.
 * Drafts are listed only for those who may write the association's notices (`withDrafts`).
 */
export async function listNotices(
  db: Db,
  mainId: number,
  query: { offset: number; limit: number; q?: string },
  withDrafts = false,
): Promise<NoticePage> {
  await assertMainExists(db, mainId);
  const q = query.q?.trim();
  let base = db.selectFrom('notices').where('main_id', '=', mainId);
  if (!withDrafts) base = base.where('draft', '=', 0);
  if (q) {
    const pattern = likePattern(q);
    base = base.where((eb) =>
      eb.or([
        likeIgnoringCase('notices.title', pattern),
        likeIgnoringCase('notices.body', pattern),
      ]),
    );
  }
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'wr_id',
      'main_id',
      'title',
      'author_name',
      'pinned',
      'draft',
      'views',
      'created_at',
      'updated_at',
    ])
    .select(attachmentCount.as('attachment_count'))
    .orderBy('pinned', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('wr_id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return {
    items: rows.map(toSummary),
    total: Number(total.n),
    offset: query.offset,
    limit: query.limit,
  };
}

async function attachmentsOf(db: Db | Tx, wrId: number): Promise<NoticeAttachment[]> {
  const rows = await db
    .selectFrom('notice_attachments')
    .innerJoin('uploads', 'uploads.id', 'notice_attachments.upload_id')
    .select(['uploads.id', 'uploads.path', 'uploads.original_name', 'uploads.mime', 'uploads.size'])
    .where('notice_attachments.wr_id', '=', wrId)
    .orderBy('notice_attachments.id')
    .execute();
  return rows.map((r) => ({
    uploadId: r.id,
    url: uploadUrl(r.path),
    originalName: r.original_name,
    mime: r.mime,
    size: r.size,
  }));
}

/** A notice with its body and attachments; 404 when it does not exist. */
export async function getNotice(db: Db | Tx, wrId: number): Promise<NoticeDetail> {
  const row = await db
    .selectFrom('notices')
    .select([
      'wr_id',
      'main_id',
      'title',
      'body',
      'author_id',
      'author_name',
      'pinned',
      'draft',
      'views',
      'created_at',
      'updated_at',
    ])
    .select(attachmentCount.as('attachment_count'))
    .where('wr_id', '=', wrId)
    .executeTakeFirst();
  if (!row) throw notFound('공지사항');
  return {
    ...toSummary(row),
    body: row.body,
    authorId: row.author_id,
    attachments: await attachmentsOf(db, wrId),
  };
}

async function authorName(tx: Tx, userId: number): Promise<string> {
  const row = await tx
    .selectFrom('users')
    .select(['nickname', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.nickname || row.username : '';
}

const nowIso = () => new Date().toISOString();

/** A new notice, published at once unless `draft` (임시 저장). */
export async function createNotice(
  tx: Tx,
  mainId: number,
  values: NoticeValues & { draft?: boolean },
  userId: number,
): Promise<number> {
  await assertMainExists(tx, mainId);
  const row = await tx
    .insertInto('notices')
    .values({
      main_id: mainId,
      title: values.title,
      body: values.body,
      pinned: values.pinned ? 1 : 0,
      draft: values.draft ? 1 : 0,
      author_id: userId,
      author_name: await authorName(tx, userId),
    })
    .returning('wr_id')
    .executeTakeFirstOrThrow();
  return row.wr_id;
}

export async function updateNotice(tx: Tx, wrId: number, values: NoticeValues): Promise<void> {
  await tx
    .updateTable('notices')
    .set({
      title: values.title,
      body: values.body,
      pinned: values.pinned ? 1 : 0,
      updated_at: nowIso(),
    })
    .where('wr_id', '=', wrId)
    .execute();
}

/**
 * Publishes a draft (게시) or takes a notice back to draft. A draft published shows as written
 * when it was published, so it comes first among the new notices rather than under older ones.
 */
export async function setNoticePublished(tx: Tx, wrId: number, published: boolean): Promise<void> {
  const now = nowIso();
  await tx
    .updateTable('notices')
    .set(published ? { draft: 0, created_at: now, updated_at: now } : { draft: 1, updated_at: now })
    .where('wr_id', '=', wrId)
    .execute();
}

/**
 * Deletes the notice and the uploads only it used; returns their paths, to be removed from disk
 * once the transaction has committed.
 */
export async function deleteNotice(tx: Tx, wrId: number): Promise<string[]> {
  const uploads = await tx
    .selectFrom('notice_attachments')
    .innerJoin('uploads', 'uploads.id', 'notice_attachments.upload_id')
    .select(['uploads.id', 'uploads.path'])
    .where('notice_attachments.wr_id', '=', wrId)
    .execute();
  await tx.deleteFrom('notice_attachments').where('wr_id', '=', wrId).execute();
  await tx.deleteFrom('notices').where('wr_id', '=', wrId).execute();
  const removed: string[] = [];
  for (const upload of uploads) {
    removed.push(...(await dropUploadIfUnused(tx, upload.id)));
  }
  return removed;
}

/** Refuses a sixth attachment. Call inside the write transaction, before the file is saved. */
export async function assertAttachmentRoom(tx: Tx, wrId: number): Promise<void> {
  const row = await tx
    .selectFrom('notice_attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('wr_id', '=', wrId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= noticeLimits.attachmentsMax) {
    throw conflict(
      `첨부 파일은 공지사항 하나에 ${noticeLimits.attachmentsMax}개까지 올릴 수 있습니다.`,
    );
  }
}

export async function linkAttachment(
  tx: Tx,
  wrId: number,
  upload: SavedUpload,
): Promise<NoticeAttachment> {
  await tx.insertInto('notice_attachments').values({ wr_id: wrId, upload_id: upload.id }).execute();
  await tx.updateTable('notices').set({ updated_at: nowIso() }).where('wr_id', '=', wrId).execute();
  return {
    uploadId: upload.id,
    url: upload.url,
    originalName: upload.originalName,
    mime: upload.mime,
    size: upload.size,
  };
}

/**
 * Unlinks an attachment from the notice (404 when it is not attached to it) and deletes the upload
 * when nothing else uses it; returns what was removed and the path to delete after commit.
 */
export async function unlinkAttachment(
  tx: Tx,
  wrId: number,
  uploadId: number,
): Promise<{ attachment: NoticeAttachment; removedPaths: string[] }> {
  const row = await tx
    .selectFrom('notice_attachments')
    .innerJoin('uploads', 'uploads.id', 'notice_attachments.upload_id')
    .select([
      'notice_attachments.id as linkId',
      'uploads.id',
      'uploads.path',
      'uploads.original_name',
      'uploads.mime',
      'uploads.size',
    ])
    .where('notice_attachments.wr_id', '=', wrId)
    .where('notice_attachments.upload_id', '=', uploadId)
    .executeTakeFirst();
  if (!row) throw notFound('첨부 파일');
  await tx.deleteFrom('notice_attachments').where('id', '=', row.linkId).execute();
  await tx.updateTable('notices').set({ updated_at: nowIso() }).where('wr_id', '=', wrId).execute();
  const removedPaths = await dropUploadIfUnused(tx, row.id);
  return {
    attachment: {
      uploadId: row.id,
      url: uploadUrl(row.path),
      originalName: row.original_name,
      mime: row.mime,
      size: row.size,
    },
    removedPaths,
  };
}

/**
 * Deletes an uploads row no notice, league or person refers to any more, with the rows of its
 * other sizes; returns the paths of the files to remove after the commit.
 */
async function dropUploadIfUnused(tx: Tx, uploadId: number): Promise<string[]> {
  const linked = await tx
    .selectFrom('notice_attachments')
    .select('id')
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  if (linked) return [];
  const league = await tx
    .selectFrom('leagues')
    .select('id')
    .where('schedule_upload_id', '=', uploadId)
    .executeTakeFirst();
  if (league) return [];
  const files = await tx
    .selectFrom('uploads')
    .select('path')
    .where((eb) => eb.or([eb('id', '=', uploadId), eb('variant_of', '=', uploadId)]))
    .execute();
  // its other sizes go with it (ON DELETE CASCADE)
  await tx.deleteFrom('uploads').where('id', '=', uploadId).execute();
  return files.map((f) => f.path);
}
