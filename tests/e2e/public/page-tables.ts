import type { Page } from 'playwright-core';

/** A table of the page, found by its caption, as rows of cell texts (header row first, footer rows last). */
export async function tableByCaption(page: Page, caption: string): Promise<string[][]> {
  const table = page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .first();
  await table.waitFor();
  return table.evaluate((t) =>
    [...t.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim()),
    ),
  );
}

/** Rows of a table as objects keyed by the header labels. */
export function rowsByHeader(rows: string[][]): Record<string, string>[] {
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((label, i) => [label, cells[i]])));
}

/** The first link of each body row of a table found by its caption. */
export async function rowLinks(page: Page, caption: string): Promise<(string | null)[]> {
  const table = page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .first();
  return table.evaluate((t) =>
    [...t.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelector('a')?.getAttribute('href') ?? null,
    ),
  );
}
