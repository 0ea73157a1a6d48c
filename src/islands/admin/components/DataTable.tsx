import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { hangulMatch } from '../../../lib/hangul-match.ts';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** the value sorted by; columns without it cannot be sorted */
  sortValue?: (row: T) => string | number | null;
  className?: string;
}

interface Props<T> {
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** texts the search box looks in (Korean initial-consonant search included) */
  searchText?: (row: T) => Array<string | null | undefined>;
  pageSize?: number;
  initialSort?: { key: string; dir: 'asc' | 'desc' };
  empty?: string;
}

const collator = new Intl.Collator('ko', { numeric: true });

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A list with search (ㅎㄱㄷ finds 홍길동), sortable columns and pages. */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  searchText,
  pageSize = 20,
  initialSort,
  empty = '항목이 없습니다.',
}: Props<T>) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState(initialSort ?? null);
  const [page, setPage] = useState(0);
  const searchId = useId();

  const filtered = useMemo(() => {
    const q = query.trim();
    const found =
      q && searchText
        ? rows.filter((row) => searchText(row).some((text) => text && hangulMatch(text, q)))
        : [...rows];
    const column = sort && columns.find((c) => c.key === sort.key);
    if (column?.sortValue) {
      const value = column.sortValue;
      found.sort((a, b) => compare(value(a), value(b)) * (sort!.dir === 'asc' ? 1 : -1));
    }
    return found;
  }, [rows, query, sort, columns, searchText]);

  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = filtered.slice(current * pageSize, current * pageSize + pageSize);

  const toggleSort = (key: string) => {
    setSort((s) =>
      s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' },
    );
    setPage(0);
  };

  return (
    <div className="data-table">
      {searchText ? (
        <div className="table-search" role="search">
          <label htmlFor={searchId}>검색</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="이름 또는 초성 (예: ㅎㄱㄷ)"
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
          />
          <span className="result-count" role="status" aria-live="polite">
            {filtered.length}건
          </span>
        </div>
      ) : null}
      <div className="table-scroll">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const dir = sort?.key === c.key ? sort.dir : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.className}
                    aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortValue ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => toggleSort(c.key)}
                      >
                        {c.label}
                        <span aria-hidden="true">
                          {dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ' ↕'}
                        </span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {empty}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.key} className={c.className}>
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="pager" aria-label={`${caption} 페이지`}>
          <button type="button" onClick={() => setPage(current - 1)} disabled={current === 0}>
            이전
          </button>
          <span aria-current="page">
            {current + 1} / {pages} 페이지
          </span>
          <button
            type="button"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages - 1}
          >
            다음
          </button>
        </nav>
      ) : null}
    </div>
  );
}
