/** Outs from scorebook innings ('6.2' → 20, '7' → 21); null for '6.3' or anything malformed. */
export function parseInnings(text: string): number | null {
  const match = /^\s*(\d+)(?:\.([012]))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 3 + Number(match[2] ?? 0);
}

/** Innings as a number (outs / 3), for rate formulas. */
export function outsToInnings(outs: number): number {
  return outs / 3;
}
