// FNV-1a: tiny, stable across platforms, good enough to shuffle a handful of ids.
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Draw of lots: orders ids by a seeded hash, so every build of the pages draws the same order. */
export function drawLots<T extends number | string>(
  ids: readonly T[],
  seed: number | string = '',
): T[] {
  const keyed = ids.map((id) => ({ id, key: hash(`${seed}:${id}`) }));
  keyed.sort((a, b) => a.key - b.key || String(a.id).localeCompare(String(b.id)));
  return keyed.map((entry) => entry.id);
}
