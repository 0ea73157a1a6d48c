import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { accounts, apiAs, baseUrl, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
let page: Page;
let errors: string[];
let api: Awaited<ReturnType<typeof apiAs>>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser));
  await logIn(page, accounts.admin);
  api = await apiAs(accounts.admin);
});
afterAll(async () => browser?.close());

describe('team logo', () => {
  it('is uploaded as an image file from the team form, with a preview, and served as a PNG', async () => {
    const png = await sharp({
      create: { width: 48, height: 32, channels: 3, background: '#1d4ed8' },
    })
      .png()
      .toBuffer();
    const teams = (await api.call('GET', '/api/teams?limit=500')).body.data.items as Array<{
      id: number;
      name: string;
      logo: string | null;
    }>;
    const team = teams[teams.length - 1];
    await page.goto('/admin/teams');
    await page.getByRole('searchbox', { name: '검색' }).fill(team.name);
    await page.getByRole('button', { name: `${team.name} 수정` }).click();
    const form = page.locator('form.entity-form');
    // No address to type: a file field.
    expect(await form.getByLabel('로고 주소').count()).toBe(0);

    // A file that is not an image is refused in Korean before anything is sent.
    await form.getByLabel('로고 이미지').setInputFiles({
      name: 'logo.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await form.getByRole('button', { name: '저장' }).click();
    await form.getByText('로고는 PNG, JPEG, GIF, WEBP 이미지로 2MB 이하여야 합니다.').waitFor();

    await form.getByLabel('로고 이미지').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const preview = form.getByRole('img', { name: '새 로고 미리보기' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByRole('status').filter({ hasText: '수정했습니다.' }).waitFor();

    const saved = (await api.call('GET', `/api/teams/${team.id}`)).body.data as {
      logo: string | null;
    };
    expect(saved.logo).toMatch(/^\/uploads\/.+\.png$/);
    expect(saved.logo).not.toBe(team.logo);
    const file = await fetch(`${baseUrl()}${saved.logo}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 48, height: 32 });

    // Opening the form again shows the saved logo.
    await page.getByRole('button', { name: `${team.name} 수정` }).click();
    const current = page.locator('form.entity-form').getByRole('img', { name: '지금 로고' });
    await current.waitFor();
    expect(await current.getAttribute('src')).toBe(saved.logo);
    expect(errors).toEqual([]);
  });
});
