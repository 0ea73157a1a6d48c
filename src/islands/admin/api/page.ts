/** The `{ items, total, offset, limit }` of the admin list calls. */
export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/** Lists fetch up to this many rows and search, sort and page them in the browser. */
export const LIST_LIMIT = 500;
