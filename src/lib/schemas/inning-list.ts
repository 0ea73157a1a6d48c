/**
 * Innings of a box-score event as stored ('3,5') and as the API and the record grid hold them
 * ([3, 5]); the grid also reads what a scorer types ('3 5', '3회, 5회').
 */

/** The stored text of a list of innings: '3,5'; '' for none. */
export function inningsToText(innings: readonly number[]): string {
  return innings.join(',');
}

/** The innings of a stored or typed list; null when something in it is not an inning number. */
export function inningsFromText(text: string): number[] | null {
  const parts = text
    .split(/[\s,·/]+/)
    .map((p) => p.replace(/회$/, ''))
    .filter((p) => p !== '');
  if (parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  return parts.map(Number);
}
