import type { Db } from '../db/database.ts';

/** The stored sizes of an uploaded picture. */
export interface Picture {
  width: number;
  height: number;
  /** its sizes in the format it was uploaded in, as a `srcset` value */
  srcset: string;
  /** its sizes in WebP, or null when it has none */
  webpSrcset: string | null;
}

const UPLOAD_PATHS = /\/uploads\/([A-Za-z0-9/_.-]+)/g;

/**
 * The stored sizes of the uploaded pictures a text links to, by their `/uploads/…` address, so a
 * page can offer them in `srcset` with the picture's width and height.
 */
export async function readPictures(db: Db, text: string): Promise<Record<string, Picture>> {
  const paths = [...new Set([...text.matchAll(UPLOAD_PATHS)].map((m) => m[1]))];
  if (paths.length === 0) return {};
  const mains = await db
    .selectFrom('uploads')
    .select(['id', 'path', 'mime', 'width', 'height'])
    .where('path', 'in', paths)
    .where('variant_of', 'is', null)
    .where('width', 'is not', null)
    .execute();
  if (mains.length === 0) return {};
  const variants = await db
    .selectFrom('uploads')
    .select(['variant_of', 'path', 'mime', 'width'])
    .where(
      'variant_of',
      'in',
      mains.map((m) => m.id),
    )
    .orderBy('width')
    .execute();
  const pictures: Record<string, Picture> = {};
  for (const main of mains) {
    const files = [
      ...variants.filter((v) => v.variant_of === main.id),
      { path: main.path, mime: main.mime, width: main.width },
    ];
    const srcset = (mime: string) =>
      files
        .filter((f) => f.mime === mime && f.width)
        .sort((a, b) => (a.width ?? 0) - (b.width ?? 0))
        .map((f) => `/uploads/${f.path} ${f.width}w`)
        .join(', ');
    const webp = main.mime === 'image/webp' ? '' : srcset('image/webp');
    pictures[`/uploads/${main.path}`] = {
      width: main.width ?? 0,
      height: main.height ?? 0,
      srcset: srcset(main.mime),
      webpSrcset: webp || null,
    };
  }
  return pictures;
}
