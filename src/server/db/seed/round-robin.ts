/** One game of a round-robin schedule; round is 1-based. */
export interface Pairing<T> {
  round: number;
  home: T;
  away: T;
}

/**
 * A double round robin by the circle method: every pair meets twice, once at each home ground.
 * With an odd number of teams one team rests (bye) each round.
 */
export function doubleRoundRobin<T>(teams: readonly T[]): Pairing<T>[] {
  const list: (T | null)[] = [...teams];
  if (list.length % 2 === 1) list.push(null);
  const n = list.length;
  const rounds = n - 1;
  const first: Pairing<T>[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < n / 2; i++) {
      const a = list[i];
      const b = list[n - 1 - i];
      if (a === null || b === null) continue;
      // The fixed team alternates by round, the others by slot, so home games are spread evenly.
      const aHome = i === 0 ? r % 2 === 0 : (r + i) % 2 === 1;
      first.push({ round: r + 1, home: aHome ? a : b, away: aHome ? b : a });
    }
    list.splice(1, 0, list.pop()!);
  }
  const second = first.map((p) => ({ round: p.round + rounds, home: p.away, away: p.home }));
  return [...first, ...second];
}
