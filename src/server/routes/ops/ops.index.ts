import { requireAdmin } from '../../auth/permissions.ts';
import { downloadReason, recordAccess } from '../../auth/access-record.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/api-error.ts';
import { createRouter } from '../../http/router.ts';
import { logger } from '../../logger.ts';
import { audit } from '../../services/audit.ts';
import type { BackupInfo } from '../../ops/backup-info.ts';
import { backupStamp } from '../../ops/backup-stamp.ts';
import { retention } from '../../ops/backup-retention.ts';
import { createBackup } from '../../ops/create-backup.ts';
import { exportStream } from '../../ops/export-stream.ts';
import { ImportError, importData } from '../../ops/import-data.ts';
import { listBackups } from '../../ops/list-backups.ts';
import { storageProblem } from '../../ops/storage-error.ts';
import * as routes from './ops.routes.ts';

const view = ({ path: _path, uploads, ...b }: BackupInfo) => ({
  ...b,
  uploads: uploads && { files: uploads.files, bytes: uploads.bytes },
});

const storageFailure = (err: unknown) => {
  const problem = storageProblem(err);
  if (problem !== 'disk-full' && problem !== 'read-only' && problem !== 'permission') return null;
  return problem === 'disk-full'
    ? '디스크 공간이 부족해 저장하지 못했습니다. 서버 관리자에게 공간 확보를 요청해 주세요.'
    : '데이터 폴더에 쓸 수 없어 저장하지 못했습니다. 서버 관리자에게 문의해 주세요.';
};

/** /api/admin: backups, whole-instance export and import (site admins only). */
export function opsRouter() {
  const router = createRouter(['Backups', routes]);

  router.openapi(routes.backup, async (c) => {
    const user = requireAdmin(c);
    const { config, db } = c.var.deps;
    try {
      const b = await createBackup({
        dataDir: config.sharedDir,
        databaseUrl: config.DATABASE_URL,
        reason: 'manual',
        by: user.email,
      });
      await audit(db, {
        userId: user.id,
        action: 'backup',
        entity: 'data',
        entityId: b.file,
        after: { file: b.file, bytes: b.bytes },
      });
      return ok(c, view(b), 201);
    } catch (err) {
      const message = storageFailure(err);
      if (!message) throw err;
      logger.error('backup failed', { error: (err as Error).message });
      return c.json({ ok: false as const, message }, 507) as never;
    }
  });

  router.openapi(routes.list, async (c) => {
    requireAdmin(c);
    const { config } = c.var.deps;
    const backups = listBackups(config.sharedDir).map(view);
    const latest = backups[0] ?? null;
    const intervalMs = config.BACKUP_INTERVAL_HOURS * 3600_000;
    const nextAt =
      intervalMs <= 0
        ? null
        : new Date(
            Math.max(
              Date.now(),
              latest ? new Date(latest.createdAt).getTime() + intervalMs : Date.now(),
            ),
          ).toISOString();
    return ok(c, {
      backups,
      latest,
      intervalHours: config.BACKUP_INTERVAL_HOURS,
      nextAt,
      retention,
    });
  });

  router.openapi(routes.exportAll, async (c) => {
    requireAdmin(c);
    const reason = downloadReason(c.req.valid('query').reason);
    // every account's and person's personal fields are in the file
    await recordAccess(c, 'download', [], reason);
    const { sharedDir, DATABASE_URL } = c.var.deps.config;
    const chunks = exportStream(sharedDir, DATABASE_URL);
    const encoder = new TextEncoder();
    // Pulled chunk by chunk; a client that goes away ends the generator, which closes its read transaction.
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let text = '';
        for (let next = await chunks.next(); ; next = await chunks.next()) {
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += next.value;
          if (text.length >= 64 * 1024) {
            controller.enqueue(encoder.encode(text));
            return;
          }
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return c.body(stream, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="sbsa-export-${backupStamp(new Date())}.json"`,
    }) as never;
  });

  router.openapi(routes.importAll, async (c) => {
    const user = requireAdmin(c);
    const { config, db } = c.var.deps;
    try {
      const result = await importData(
        { sqlite: c.var.deps.sqlite, db },
        config.sharedDir,
        c.req.valid('json'),
      );
      logger.info('data imported', { by: user.email, ...result });
      // The import replaced the accounts: the importing admin is named by the id their email has now, if any.
      const importer = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirst();
      await audit(db, {
        userId: importer?.id ?? null,
        action: 'import',
        entity: 'data',
        after: { by: user.email, ...result },
      });
      return ok(c, result);
    } catch (err) {
      if (err instanceof ImportError) throw new ApiError(err.status, err.message);
      const message = storageFailure(err);
      if (!message) throw err;
      return c.json({ ok: false as const, message }, 507) as never;
    }
  });

  return router;
}
