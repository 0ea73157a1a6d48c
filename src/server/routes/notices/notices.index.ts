import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { draftFileLink } from '../../http/draft-file-link.ts';
import { clientAddress } from '../../http/client-address.ts';
import { requireSignedIn } from '../../auth/permissions.ts';
import { writeTx } from '../../db/database.ts';
import { forbidden, notFound, unauthorized } from '../../http/api-error.ts';
import { expiredMessage } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { createRouter } from '../../http/router.ts';
import { audit } from '../../services/audit.ts';
import { removeUploadFiles, writeTxWithUploads } from '../../services/uploads.ts';
import {
  assertAttachmentRoom,
  assertMainExists,
  canWriteNotices,
  createNotice,
  deleteNotice,
  getNotice,
  linkAttachment,
  listNotices,
  mainIdOfNotice,
  setNoticePublished,
  unlinkAttachment,
  updateNotice,
} from '../../services/notices.ts';
import { noticeLimits } from '../../../lib/schemas/notice.ts';
import * as routes from './notices.routes.ts';

const noWriteRight = '공지사항을 쓸 권한이 없습니다.';

/** 401 for anonymous callers, 403 for users who may not write the association's notices. */
async function requireNoticeWriter(c: Context<AppEnv>, mainId: number): Promise<AuthUser> {
  const user = requireSignedIn(c);
  if (!(await canWriteNotices(c.var.deps.db, user, mainId))) throw forbidden(noWriteRight);
  return user;
}

/** The notice's association after checking the caller may write there (401, then 404, then 403). */
async function requireWriterOfNotice(c: Context<AppEnv>, wrId: number): Promise<AuthUser> {
  requireSignedIn(c);
  const mainId = await mainIdOfNotice(c.var.deps.db, wrId);
  return requireNoticeWriter(c, mainId);
}

/** Whether the caller, if signed in, may write (and so see the drafts of) the association's notices. */
async function mayWrite(c: Context<AppEnv>, mainId: number): Promise<boolean> {
  // A run-out sign-in is refused (the client refreshes it) rather than shown the public answer.
  if (c.var.authError === 'expired') throw unauthorized(expiredMessage);
  const user = c.var.user;
  return user !== null && (await canWriteNotices(c.var.deps.db, user, mainId));
}

/** Notices (공지사항) of an association: the public board and its admin writes, with attachments. */
export function noticesRouter() {
  const router = createRouter(['Notice', routes]);

  router.openapi(routes.list, async (c) => {
    const { mainId } = c.req.valid('param');
    const query = c.req.valid('query');
    const list = await listNotices(c.var.deps.db, mainId, query, await mayWrite(c, mainId));
    const views = c.var.deps.noticeViews!;
    return ok(c, {
      ...list,
      items: list.items.map((n) => ({ ...n, views: n.views + views.pending(n.wrId) })),
    });
  });

  router.openapi(routes.read, async (c) => {
    const { wrId } = c.req.valid('param');
    const { db, noticeViews } = c.var.deps;
    const notice = await getNotice(db, wrId);
    // A draft does not exist for readers who may not write it.
    if (!notice.published && !(await mayWrite(c, notice.mainId))) throw notFound('공지사항');
    // counted in memory, once per reader and day: a reading writes nothing (see NoticeViews)
    noticeViews!.add(wrId, `${clientAddress(c)}\n${c.req.header('user-agent') ?? ''}`);
    const secret = c.var.deps.config.jwtSecret;
    const attachments = notice.published
      ? notice.attachments
      : notice.attachments.map((a) => ({ ...a, url: draftFileLink(a.url, secret) }));
    return ok(c, { ...notice, attachments, views: notice.views + noticeViews!.pending(wrId) });
  });

  router.openapi(routes.create, async (c) => {
    const { mainId } = c.req.valid('param');
    const values = c.req.valid('json');
    const { db } = c.var.deps;
    requireSignedIn(c);
    await assertMainExists(db, mainId);
    const user = await requireNoticeWriter(c, mainId);
    const notice = await writeTx(db, async (tx) => {
      const wrId = await createNotice(tx, mainId, values, user.id);
      const created = await getNotice(tx, wrId);
      await audit(tx, {
        userId: user.id,
        action: 'create',
        entity: 'notice',
        entityId: wrId,
        after: values,
      });
      return created;
    });
    return ok(c, notice, 201);
  });

  router.openapi(routes.update, async (c) => {
    const { wrId } = c.req.valid('param');
    const values = c.req.valid('json');
    const { db } = c.var.deps;
    const user = await requireWriterOfNotice(c, wrId);
    const notice = await writeTx(db, async (tx) => {
      const before = await getNotice(tx, wrId);
      await updateNotice(tx, wrId, values);
      await audit(tx, {
        userId: user.id,
        action: 'update',
        entity: 'notice',
        entityId: wrId,
        before: { title: before.title, body: before.body, pinned: before.pinned },
        after: values,
      });
      return getNotice(tx, wrId);
    });
    return ok(c, notice);
  });

  for (const [route, published] of [
    [routes.publish, true],
    [routes.unpublish, false],
  ] as const) {
    router.openapi(route, async (c) => {
      const { wrId } = c.req.valid('param');
      const { db } = c.var.deps;
      const user = await requireWriterOfNotice(c, wrId);
      const notice = await writeTx(db, async (tx) => {
        const before = await getNotice(tx, wrId);
        if (before.published === published) return before;
        await setNoticePublished(tx, wrId, published);
        await audit(tx, {
          userId: user.id,
          action: 'update',
          entity: 'notice',
          entityId: wrId,
          before: { published: before.published },
          after: { published },
        });
        return getNotice(tx, wrId);
      });
      return ok(c, notice);
    });
  }

  router.openapi(routes.remove, async (c) => {
    const { wrId } = c.req.valid('param');
    const { db, config } = c.var.deps;
    const user = await requireWriterOfNotice(c, wrId);
    const removedFiles = await writeTx(db, async (tx) => {
      const before = await getNotice(tx, wrId);
      const removed = await deleteNotice(tx, wrId);
      await audit(tx, {
        userId: user.id,
        action: 'delete',
        entity: 'notice',
        entityId: wrId,
        before: {
          title: before.title,
          body: before.body,
          pinned: before.pinned,
          attachments: before.attachments,
        },
      });
      return removed;
    });
    removeUploadFiles(config.sharedDir, removedFiles);
    return ok(c, { wrId });
  });

  router.openapi(routes.addAttachment, async (c) => {
    const { wrId } = c.req.valid('param');
    const { file } = c.req.valid('form');
    const { db, config } = c.var.deps;
    const user = await requireWriterOfNotice(c, wrId);
    const attachment = await writeTxWithUploads(db, config.sharedDir, async (tx, save) => {
      await mainIdOfNotice(tx, wrId);
      await assertAttachmentRoom(tx, wrId);
      const saved = await save(file, {
        kinds: ['image', 'document', 'spreadsheet'],
        maxBytes: noticeLimits.attachmentBytesMax,
        userId: user.id,
      });
      const linked = await linkAttachment(tx, wrId, saved);
      await audit(tx, {
        userId: user.id,
        action: 'create',
        entity: 'notice_attachment',
        entityId: wrId,
        after: linked,
      });
      return linked;
    });
    if ((await getNotice(db, wrId)).published) return ok(c, attachment, 201);
    return ok(c, { ...attachment, url: draftFileLink(attachment.url, config.jwtSecret) }, 201);
  });

  router.openapi(routes.removeAttachment, async (c) => {
    const { wrId, uploadId } = c.req.valid('param');
    const { db, config } = c.var.deps;
    const user = await requireWriterOfNotice(c, wrId);
    const { attachment, removedPaths } = await writeTx(db, async (tx) => {
      const result = await unlinkAttachment(tx, wrId, uploadId);
      await audit(tx, {
        userId: user.id,
        action: 'delete',
        entity: 'notice_attachment',
        entityId: wrId,
        before: result.attachment,
      });
      return result;
    });
    removeUploadFiles(config.sharedDir, removedPaths);
    return ok(c, attachment);
  });

  return router;
}
