import { api } from '../../../lib/api-client.ts';

/** The `{ items, total, offset, limit }` of the admin list calls. */
export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/** Rows per request: the most the list calls give at once. */
export const LIST_LIMIT = 500;

/**
 * Every row of a paged list call, read page by page; the screens search (with initial consonants),
 * sort and page them in the browser, which keeps typing in the search box instant.
 */
export async function fetchAll<T>(
  url: string,
  query: Record<string, unknown> = {},
  pageSize = LIST_LIMIT,
): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await api.get<Page<T>>(url, { ...query, offset, limit: pageSize });
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}
