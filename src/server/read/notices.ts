import type { Db } from '../db/database.ts';
import { memoByDb } from './memo.ts';
import { tracked } from './read-deps.ts';

/** A notice as the list shows it. */
export interface NoticeSummary {
  wrId: number;
  title: string;
  authorName: string;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A notice with its Markdown body and its attachments, offered as downloads. */
export interface Notice extends NoticeSummary {
  body: string;
  attachments: { name: string; size: number; url: string }[];
}

/** Notices per list page. */
export const NOTICES_PER_PAGE = 15;

/** Every published notice of the association (drafts are not public): pinned first, then newest first. */
export const readNotices = memoByDb(
  async (db: Db, mainId: number): Promise<NoticeSummary[]> => {
    const rows = await db
      .selectFrom('notices')
      .select(['wr_id', 'title', 'author_name', 'pinned', 'created_at', 'updated_at'])
      .where('main_id', '=', mainId)
      .where('draft', '=', 0)
      .orderBy('pinned', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('wr_id', 'desc')
      .execute();
    return rows.map((n) => ({
      wrId: n.wr_id,
      title: n.title,
      authorName: n.author_name,
      pinned: n.pinned === 1,
      createdAt: n.created_at,
      updatedAt: n.updated_at,
    }));
  },
  () => ['notices'],
);

/** One notice with its body. */
export const readNotice = tracked(
  async (db: Db, wrId: number): Promise<Notice> => {
    const n = await db
      .selectFrom('notices')
      .selectAll()
      .where('wr_id', '=', wrId)
      .executeTakeFirstOrThrow();
    const attachments = await db
      .selectFrom('notice_attachments as a')
      .innerJoin('uploads as u', 'u.id', 'a.upload_id')
      .select(['u.original_name', 'u.size', 'u.path'])
      .where('a.wr_id', '=', wrId)
      .orderBy('a.id')
      .execute();
    return {
      wrId: n.wr_id,
      title: n.title,
      authorName: n.author_name,
      pinned: n.pinned === 1,
      createdAt: n.created_at,
      updatedAt: n.updated_at,
      body: n.body,
      attachments: attachments.map((a) => ({
        name: a.original_name,
        size: a.size,
        url: `/uploads/${a.path}`,
      })),
    };
  },
  ([wrId]) => [`notice:${wrId}`],
);

/** Page count of the notice list (at least one, so the list page always exists). */
export function noticePageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NOTICES_PER_PAGE));
}
