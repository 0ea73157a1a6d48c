/** How the table is ordered: 승률 (win pct) or 승점 (points). */
export type RankingMethod = 'pct' | 'points';

/** A tie-breaking rule code, as stored in leagues.tie_breakers. */
export type TieBreaker = 'h2h' | 'tqb' | 'er_tqb' | 'avg' | 'lots';

/** A league's rules as standings need them. */
export interface StandingsRules {
  rankingMethod: RankingMethod;
  pointsWin: number;
  pointsDraw: number;
  pointsLoss: number;
  /** applied in this order to teams level on pct (or points) */
  tieBreakers: readonly TieBreaker[];
  /** fills a game's innings for TQB when outs are not given; default 7 */
  inningsPerGame?: number;
  /** seed for the draw of lots (e.g. the league id); default '' */
  lotSeed?: number | string;
}

/** Korean name of each tie-breaker, as the standings page shows it. */
export const TIE_BREAKER_LABELS: Readonly<Record<TieBreaker, string>> = {
  h2h: '승자승',
  tqb: 'TQB',
  er_tqb: 'ER-TQB',
  avg: '타율',
  lots: '추첨',
};

/** WBSC order: head-to-head, TQB, ER-TQB, batting average, lots. */
export const DEFAULT_TIE_BREAKERS: readonly TieBreaker[] = ['h2h', 'tqb', 'er_tqb', 'avg', 'lots'];

/** Defaults matching a new league: win pct, 2/1/0 points, WBSC tie-breakers, 7 innings. */
export const DEFAULT_STANDINGS_RULES: StandingsRules = {
  rankingMethod: 'pct',
  pointsWin: 2,
  pointsDraw: 1,
  pointsLoss: 0,
  tieBreakers: DEFAULT_TIE_BREAKERS,
  inningsPerGame: 7,
};

/** True for a known tie-breaker code. */
export function isTieBreaker(value: unknown): value is TieBreaker {
  return typeof value === 'string' && Object.hasOwn(TIE_BREAKER_LABELS, value);
}

/** Reads leagues.tie_breakers (a JSON array), keeping known codes once each; the WBSC default if unreadable. */
export function parseTieBreakers(json: string): TieBreaker[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [...DEFAULT_TIE_BREAKERS];
  }
  if (!Array.isArray(parsed)) return [...DEFAULT_TIE_BREAKERS];
  return [...new Set(parsed.filter(isTieBreaker))];
}

/** League points for a record. */
export function leaguePoints(
  record: { w: number; d: number; l: number },
  rules: Pick<StandingsRules, 'pointsWin' | 'pointsDraw' | 'pointsLoss'>,
): number {
  return record.w * rules.pointsWin + record.d * rules.pointsDraw + record.l * rules.pointsLoss;
}
