import { useEffect, useState } from 'react';

/**
 * A number kept in the address's query (?league=3) so a reload or a shared link shows the same
 * choice; changing it rewrites the address in place, keeping the view (and its kept state).
 */
export function useQueryNumber(
  name: string,
  search: string,
): [number | null, (value: number | null) => void] {
  const [value, setValue] = useState<number | null>(() => readNumber(search, name));
  useEffect(() => {
    const fromAddress = readNumber(search, name);
    if (fromAddress !== null) setValue(fromAddress);
  }, [search, name]);
  const update = (next: number | null) => {
    setValue(next);
    const url = new URL(window.location.href);
    if (next === null) url.searchParams.delete(name);
    else url.searchParams.set(name, String(next));
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  };
  return [value, update];
}

/** The number a query parameter holds, or null when it holds none. */
function readNumber(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}
