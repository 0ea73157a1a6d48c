import type { Sharp } from 'sharp';

type SharpOf = typeof import('sharp').default;
let sharpLoading: Promise<SharpOf> | undefined;
/**
 * sharp and its libvips load with the first picture, not at start: a server may go a season
 * without an upload, and nothing else needs them.
 */
const loadSharp = () => (sharpLoading ??= import('sharp').then((m) => m.default));

/**
 * The widths an uploaded picture is stored at. Pictures show in a notice's text column
 * (`.notice-body`, 48rem = 768 CSS px, and the full width of a 375 px phone): 768 pixels serve it
 * at 1× and a phone at 2×, 1536 a computer at 2× and a phone at 3×. The browser picks through
 * `srcset`.
 */
export const IMAGE_WIDTHS = [768, 1536] as const;
const PAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/**
 * Pictures larger than this are refused before they are decoded: a few hundred bytes of PNG can
 * claim gigapixels. 100 million pixels is well above any phone camera's photo.
 */
const MAX_INPUT_PIXELS = 100_000_000;

/** One stored file of a picture. */
export interface ImageFile {
  /** added to the upload's random name: '' for the main file, '-768' for a narrower copy */
  suffix: string;
  ext: string;
  mime: string;
  body: Buffer;
  width: number;
  height: number;
}

/** A picture as stored: the main file in the format it was sent in, and its other sizes and WebP. */
export interface PreparedImage {
  main: ImageFile;
  variants: ImageFile[];
}

const extOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The pipeline's output in a format, at sharp's settings for photos on the web. */
function encode(pipeline: Sharp, mime: string): Sharp {
  if (mime === 'image/png') return pipeline.png({ compressionLevel: 9 });
  if (mime === 'image/webp') return pipeline.webp({ quality: 80 });
  return pipeline.jpeg({ quality: 82, mozjpeg: true });
}

async function render(
  sharp: SharpOf,
  bytes: Uint8Array,
  width: number,
  mime: string,
  suffix: string,
) {
  const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    // applies the EXIF orientation, so the picture is upright without the tag
    .rotate()
    .resize({ width, withoutEnlargement: true });
  // sharp writes no metadata (EXIF with the GPS position, camera serials, XMP) unless asked
  const { data, info } = await encode(pipeline, mime).toBuffer({ resolveWithObject: true });
  return { suffix, ext: extOf[mime], mime, body: data, width: info.width, height: info.height };
}

/**
 * An uploaded picture as the pages show it: upright, without metadata, no wider than the page,
 * with a narrower copy when it is wider than that, and each size in WebP beside the format it was
 * sent in when WebP is smaller. GIFs are kept as sent: they carry no EXIF, and re-encoding would lose their animation.
 */
export async function prepareImage(bytes: Uint8Array, mime: string): Promise<PreparedImage> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (mime === 'image/gif') {
    const height = meta.pageHeight ?? meta.height ?? 0;
    return {
      main: {
        suffix: '',
        ext: 'gif',
        mime,
        body: Buffer.from(bytes),
        width: meta.width ?? 0,
        height,
      },
      variants: [],
    };
  }
  const main = await render(sharp, bytes, PAGE_WIDTH, mime, '');
  const variants: ImageFile[] = [];
  // WebP is there to save bytes: a copy that does not (a tiny logo) is left out
  const withWebp = async (file: ImageFile) => {
    if (mime === 'image/webp') return;
    const webp = await render(sharp, bytes, file.width, 'image/webp', file.suffix);
    if (webp.body.length < file.body.length) variants.push(webp);
  };
  await withWebp(main);
  for (const width of IMAGE_WIDTHS) {
    if (width >= main.width) continue;
    const narrower = await render(sharp, bytes, width, mime, `-${width}`);
    variants.push(narrower);
    await withWebp(narrower);
  }
  return { main, variants };
}
