import sharp from 'sharp';

/**
 * The widest an uploaded image is shown: the content column of the public pages (`--max: 72rem`
 * in global.css, 1152 CSS px). A phone's 3× screen at 375 px needs 1125 pixels, so this one size
 * serves both.
 */
export const PAGE_IMAGE_WIDTH = 1152;

export interface PreparedImage {
  body: Buffer;
  width: number;
  height: number;
  /** the same picture as WebP, stored beside it; null for GIF (kept as sent, for animation) */
  webp: Buffer | null;
}

/**
 * An uploaded photo as the pages show it: turned upright as its EXIF orientation says, its
 * metadata (EXIF with the GPS position, camera serials, XMP) dropped — sharp writes none unless
 * asked —, and no wider than the page shows it. GIFs are kept as sent (they carry no EXIF, and
 * re-encoding would lose their animation).
 */
export async function prepareImage(bytes: Uint8Array, mime: string): Promise<PreparedImage> {
  if (mime === 'image/gif') {
    const meta = await sharp(bytes).metadata();
    return {
      body: Buffer.from(bytes),
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      webp: null,
    };
  }
  const upright = sharp(bytes)
    .rotate()
    .resize({ width: PAGE_IMAGE_WIDTH, withoutEnlargement: true });
  const encoded =
    mime === 'image/png'
      ? upright.png({ compressionLevel: 9 })
      : mime === 'image/webp'
        ? upright.webp({ quality: 82 })
        : upright.jpeg({ quality: 82, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const webp = mime === 'image/webp' ? null : await sharp(data).webp({ quality: 80 }).toBuffer();
  return { body: data, width: info.width, height: info.height, webp };
}
