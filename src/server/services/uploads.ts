import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { prepareImage } from './upload-images.ts';
import { dataPaths } from '../ops/data-paths.ts';

export type UploadKind = 'image' | 'spreadsheet' | 'document';

interface Detected {
  mime: string;
  ext: string;
  kind: UploadKind;
}

const startsWith = (b: Uint8Array, sig: number[], offset = 0) =>
  sig.every((v, i) => b[offset + i] === v);

/** Decides a file's type from its first bytes, never from its name or the client's claim. */
export function detectType(bytes: Uint8Array, originalName: string): Detected | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]))
    return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { mime: 'application/pdf', ext: 'pdf', kind: 'document' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // xlsx is a zip whose entries include xl/; other zips (docx, plain archives) are not spreadsheets.
    const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).toString(
      'latin1',
    );
    if (
      head.includes('xl/') ||
      (head.includes('[Content_Types].xml') && /\.xlsx$/i.test(originalName))
    ) {
      return {
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ext: 'xlsx',
        kind: 'spreadsheet',
      };
    }
    if (head.includes('word/'))
      return {
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: 'docx',
        kind: 'document',
      };
    return null;
  }
  if (/\.(csv|txt)$/i.test(originalName) && isUtf8Text(bytes)) {
    return /\.csv$/i.test(originalName)
      ? { mime: 'text/csv', ext: 'csv', kind: 'spreadsheet' }
      : { mime: 'text/plain', ext: 'txt', kind: 'document' };
  }
  return null;
}

function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !/[\u0000-\u0008\u000e-\u001f]/.test(text);
  } catch {
    return false;
  }
}

const kindNames: Record<UploadKind, string> = {
  image: '이미지(PNG, JPEG, GIF, WEBP)',
  spreadsheet: '엑셀(xlsx) 또는 CSV',
  document: 'PDF, 문서',
};

export interface SavedUpload {
  id: number;
  path: string;
  url: string;
  originalName: string;
  mime: string;
  size: number;
  /** every file written for it: the upload and, for a picture, its other sizes and WebP */
  files: string[];
}

interface StoredFile {
  path: string;
  originalName: string;
  mime: string;
  body: Uint8Array;
  width?: number;
  height?: number;
}

export interface UploadRules {
  kinds: UploadKind[];
  maxBytes: number;
  userId: number | null;
}

/**
 * Checks a multipart file on its content and size, writes it under a server-chosen name in the
 * data folder and records it. Call inside the write transaction that links it.
 */
export async function saveUpload(
  tx: Tx | Db,
  sharedDir: string,
  file: unknown,
  rules: UploadRules,
): Promise<SavedUpload> {
  if (!(file instanceof File))
    throw badRequest('파일을 선택해 주세요.', { file: '파일을 선택해 주세요.' });
  if (file.size === 0)
    throw badRequest('빈 파일은 올릴 수 없습니다.', { file: '빈 파일은 올릴 수 없습니다.' });
  if (file.size > rules.maxBytes) {
    throw new ApiError(
      413,
      `파일이 너무 큽니다. ${Math.floor(rules.maxBytes / 1024 / 1024)}MB 이하만 올릴 수 있습니다.`,
      { file: '파일이 너무 큽니다.' },
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const originalName = (file.name || 'file').replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200);
  const detected = detectType(bytes, originalName);
  if (!detected || !rules.kinds.includes(detected.kind)) {
    const allowed = rules.kinds.map((k) => kindNames[k]).join(', ');
    throw new ApiError(415, `지원하지 않는 파일 형식입니다. ${allowed} 파일만 올릴 수 있습니다.`, {
      file: '지원하지 않는 파일 형식입니다.',
    });
  }
  // pictures are stored upright, without their metadata (GPS position) and at the pages' sizes
  const image =
    detected.kind === 'image'
      ? await prepareImage(bytes, detected.mime).catch(() => {
          throw badRequest(
            '이미지를 읽을 수 없습니다. 손상되지 않은 PNG, JPEG, GIF, WEBP 파일을 올려 주세요.',
            { file: '이미지를 읽을 수 없습니다.' },
          );
        })
      : null;
  const now = new Date();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const name = `${folder}/${randomBytes(12).toString('hex')}`;
  const baseName = originalName.replace(/\.[^.]*$/, '');
  mkdirSync(join(dataPaths(sharedDir).uploads, folder), { recursive: true });
  const written: string[] = [];
  const record = async (file: StoredFile, variantOf: number | null) => {
    writeFileSync(join(dataPaths(sharedDir).uploads, file.path), file.body, { flag: 'wx' });
    written.push(file.path);
    return tx
      .insertInto('uploads')
      .values({
        path: file.path,
        original_name: file.originalName,
        mime: file.mime,
        size: file.body.length,
        sha256: createHash('sha256').update(file.body).digest('hex'),
        created_by: rules.userId,
        width: file.width ?? null,
        height: file.height ?? null,
        variant_of: variantOf,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const main: StoredFile = image
    ? { ...image.main, path: `${name}.${detected.ext}`, originalName }
    : { path: `${name}.${detected.ext}`, originalName, mime: detected.mime, body: bytes };
  try {
    const row = await record(main, null);
    // each size and format its own row, so /uploads serves it with its type
    for (const variant of image?.variants ?? []) {
      const path = `${name}${variant.suffix}.${variant.ext}`;
      await record(
        { ...variant, path, originalName: `${baseName}${variant.suffix}.${variant.ext}` },
        row.id,
      );
    }
    return {
      id: row.id,
      path: main.path,
      url: uploadUrl(main.path),
      originalName,
      mime: detected.mime,
      size: main.body.length,
      files: written.slice(),
    };
  } catch (err) {
    removeUploadFiles(sharedDir, written);
    throw err;
  }
}

/**
 * A write transaction that stores uploads with `save`. The files are written before the commit, so
 * when the transaction fails and rolls back, the files it saved are removed again.
 */
export async function writeTxWithUploads<T>(
  db: Db,
  sharedDir: string,
  fn: (tx: Tx, save: (file: unknown, rules: UploadRules) => Promise<SavedUpload>) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  try {
    return await writeTx(db, (tx) =>
      fn(tx, async (file, rules) => {
        const upload = await saveUpload(tx, sharedDir, file, rules);
        saved.push(...upload.files);
        return upload;
      }),
    );
  } catch (err) {
    removeUploadFiles(sharedDir, saved);
    throw err;
  }
}

/** Removes files of deleted uploads; after the commit, and never failing the request. */
export function removeUploadFiles(sharedDir: string, paths: string[]): void {
  for (const path of paths) {
    try {
      rmSync(join(dataPaths(sharedDir).uploads, path), { force: true });
    } catch {
      // a file left behind is harmless: nothing links to it any more
    }
  }
}

/** Public URL of an uploaded file. */
export const uploadUrl = (path: string) => `/uploads/${path}`;
