import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/components/utils/markdown.ts';
import { readPictures } from '../../src/server/read/pictures.ts';
import { IMAGE_WIDTHS } from '../../src/server/services/upload-images.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Made by Pillow (tests/fixtures/images/make-fixtures.py): 2400 × 1800 stored sideways with
// Orientation 6, camera make and model, and a GPS position; upright it is red above, blue below.
const photo = readFileSync(new URL('../fixtures/images/phone-photo-gps.jpg', import.meta.url));
const PAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

let t: TestApp;
let admin: string;
let wrId: number;

async function download(url: string) {
  const res = await t.app.request(url);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function attach(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new File([bytes as BlobPart], name, { type: 'image/jpeg' }));
  return t.api('POST', `/api/notice/${wrId}/attachments`, { token: admin, rawBody: form });
}

/** Mean colour of a horizontal band of the picture, as [r, g, b]. */
async function bandColour(bytes: Buffer, top: number, height: number) {
  const { width } = await sharp(bytes).metadata();
  const { data } = await sharp(bytes)
    .extract({ left: 0, top, width: width ?? 1, height })
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const res = await t.api('POST', `/api/league/main/${t.main.id}/notice`, {
    token: admin,
    body: { title: '개막식 사진', body: '', pinned: false },
  });
  wrId = res.body.data.wrId;
});

afterAll(async () => {
  await t?.close();
});

describe('an uploaded phone photo', () => {
  let url: string;
  let stored: Buffer;

  beforeAll(async () => {
    const meta = await sharp(photo).metadata();
    // the fixture really carries what the test expects to disappear
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.includes('Galaxy S24')).toBe(true);
    const res = await attach(photo, '개막식.jpg');
    expect(res.status).toBe(201);
    url = res.body.data.url;
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/jpeg');
    stored = file.bytes;
  });

  it('comes back without EXIF, GPS position or camera name', async () => {
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('Galaxy')).toBe(false);
    expect(stored.includes('Samsung')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
  });

  it('comes back upright and no wider than the page shows it', async () => {
    const meta = await sharp(stored).metadata();
    // 1800 × 2400 upright, scaled to the page's 1536: 1536 × 2048
    expect(meta.width).toBe(PAGE_WIDTH);
    expect(meta.height).toBe((2400 * PAGE_WIDTH) / 1800);
    const [topR, , topB] = await bandColour(stored, 0, 200);
    const [bottomR, , bottomB] = await bandColour(stored, (meta.height ?? 0) - 200, 200);
    expect(topR).toBeGreaterThan(180);
    expect(topB).toBeLessThan(80);
    expect(bottomB).toBeGreaterThan(160);
    expect(bottomR).toBeLessThan(80);
    expect(stored.length).toBeLessThan(photo.length * 2);
  });

  it('has a narrower copy and WebP beside it, each served with its type and without EXIF', async () => {
    const base = url.replace(/\.jpg$/, '');
    for (const [suffix, type, width] of [
      ['.webp', 'image/webp', 1536],
      ['-768.jpg', 'image/jpeg', 768],
      ['-768.webp', 'image/webp', 768],
    ] as const) {
      const file = await download(`${base}${suffix}`);
      expect(file.status, suffix).toBe(200);
      expect(file.type).toBe(type);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.width).toBe(width);
      expect(meta.height).toBe((2400 * width) / 1800);
      expect(meta.exif).toBeUndefined();
    }
    // the notice lists the upload once, not its copies
    const notice = await t.api('GET', `/api/notice/${wrId}`);
    expect(notice.body.data.attachments.map((a: { url: string }) => a.url)).toEqual([url]);
  });

  it('is offered to the notice page in its sizes with width and height', async () => {
    const body = `사진입니다.\n\n![개막식 단체 사진](${url})`;
    const pictures = await readPictures(t.db, body);
    const base = url.replace(/\.jpg$/, '');
    expect(pictures[url]).toEqual({
      width: 1536,
      height: 2048,
      srcset: `${base}-768.jpg 768w, ${url} 1536w`,
      webpSrcset: `${base}-768.webp 768w, ${base}.webp 1536w`,
    });
    const html = renderMarkdown(body, pictures);
    expect(html).toContain(
      `<picture><source type="image/webp" srcset="${base}-768.webp 768w, ${base}.webp 1536w"`,
    );
    expect(html).toMatch(
      /<img src="[^"]+\.jpg" srcset="[^"]+" sizes="[^"]+" width="1536" height="2048" alt="개막식 단체 사진"/,
    );
    // a picture not uploaded here stays a plain image
    expect(renderMarkdown('![x](/uploads/2026/01/unknown.png)', pictures)).not.toContain('srcset');
  });

  it('takes its copies with it when the attachment is deleted', async () => {
    const before = await t.db.selectFrom('uploads').select('path').execute();
    const main = await t.db
      .selectFrom('uploads')
      .select('id')
      .where('path', '=', url.replace('/uploads/', ''))
      .executeTakeFirstOrThrow();
    const res = await t.api('DELETE', `/api/notice/${wrId}/attachments/${main.id}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const after = await t.db.selectFrom('uploads').select('path').execute();
    expect(before.length - after.length).toBe(4);
    for (const suffix of ['.jpg', '.webp', '-768.jpg', '-768.webp'])
      expect((await download(url.replace(/\.jpg$/, suffix))).status).toBe(404);
  });
});

describe('a file that is not a picture inside', () => {
  it('is refused with a Korean message and leaves nothing behind', async () => {
    const before = await t.db.selectFrom('uploads').select('id').execute();
    // JPEG magic bytes, then nothing a decoder can read
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)]);
    const res = await attach(broken, '깨진.jpg');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('이미지를 읽을 수 없습니다');
    expect(await t.db.selectFrom('uploads').select('id').execute()).toHaveLength(before.length);
  });
});
