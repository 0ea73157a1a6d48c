import type { Db } from '../db/database.ts';
import {
  battingFractions,
  formatEra,
  formatRate,
  formatWhip,
  leaderRanks,
  pitchingFractions,
  qualifiedBatters,
  qualifiedPitchers,
  rankedBy,
} from '../../lib/stats/index.ts';
import { readLeague } from './leagues.ts';
import { memoWhileUnchanged } from './memo.ts';
import { readLeagueBatters, readLeaguePitchers, readTeamGamesPlayed } from './player-lines.ts';
import type { BatterTotals, PitcherTotals } from './player-lines.ts';
import type { PlayerRef, TeamRef } from './types.ts';

/** One place on a leaderboard: `value` as it is shown, `number` as it is sorted. */
export interface LeaderEntry {
  rank: number;
  player: PlayerRef;
  team: TeamRef;
  value: string;
  number: number;
}

/** One leaderboard: a category with its best players; `qualified` names the line a rate category requires. */
export interface LeaderBoard {
  key: string;
  label: string;
  qualified: '규정 타석' | '규정 이닝' | null;
  entries: LeaderEntry[];
}

/** Every leaderboard of a league, batting and pitching. */
export interface LeagueLeaderBoards {
  batting: LeaderBoard[];
  pitching: LeaderBoard[];
}

interface Candidate {
  name: string;
  player: PlayerRef;
  team: TeamRef;
  number: number | null;
  value: string;
}

interface BoardSpec<T> {
  key: string;
  label: string;
  qualified: '규정 타석' | '규정 이닝' | null;
  direction: 'asc' | 'desc';
  pick: (row: T) => { number: number | null; value: string };
}

const finite = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v);
const count =
  <T extends BatterTotals | PitcherTotals>(key: string) =>
  (row: T) => {
    const n = (row.line as unknown as Record<string, number>)[key];
    return { number: n, value: String(n) };
  };

const BATTING: BoardSpec<BatterTotals>[] = [
  ...(['avg', 'obp', 'slg', 'ops'] as const).map((key) => ({
    key,
    label: { avg: '타율', obp: '출루율', slg: '장타율', ops: 'OPS' }[key],
    qualified: '규정 타석' as const,
    direction: 'desc' as const,
    pick: (b: BatterTotals) => ({
      number: b.rates[key],
      value: formatRate(battingFractions(b.line)[key]),
    }),
  })),
  ...(
    [
      ['h', '안타'],
      ['hr', '홈런'],
      ['rbi', '타점'],
      ['r', '득점'],
      ['sb', '도루'],
    ] as const
  ).map(([key, label]) => ({
    key,
    label,
    qualified: null,
    direction: 'desc' as const,
    pick: count<BatterTotals>(key),
  })),
];

const pitchingSpecs = (eraBasis: number): BoardSpec<PitcherTotals>[] => [
  {
    key: 'era',
    label: '평균자책점',
    qualified: '규정 이닝',
    direction: 'asc',
    pick: (p) => ({
      number: finite(p.rates.era),
      value: formatEra(pitchingFractions(p.line, eraBasis).era),
    }),
  },
  {
    key: 'whip',
    label: 'WHIP',
    qualified: '규정 이닝',
    direction: 'asc',
    pick: (p) => ({
      number: finite(p.rates.whip),
      value: formatWhip(pitchingFractions(p.line, eraBasis).whip),
    }),
  },
  ...(
    [
      ['w', '승리'],
      ['sv', '세이브'],
      ['hld', '홀드'],
      ['so', '탈삼진'],
    ] as const
  ).map(([key, label]) => ({
    key,
    label,
    qualified: null,
    direction: 'desc' as const,
    pick: count<PitcherTotals>(key),
  })),
];

/**
 * One board: rate boards among qualified players, count boards among players with at least one.
 * Every player whose rank is within `size` is listed, so a tie at the cut keeps all its players.
 */
function board<T extends BatterTotals | PitcherTotals>(
  spec: BoardSpec<T>,
  all: readonly T[],
  qualified: readonly T[],
  size: number,
): LeaderBoard {
  const pool: Candidate[] = (spec.qualified ? qualified : all).map((row) => ({
    name: row.player.name,
    player: row.player,
    team: row.team,
    ...spec.pick(row),
  }));
  const candidates = spec.qualified ? pool : pool.filter((c) => (c.number ?? 0) > 0);
  const ranked = rankedBy(candidates, 'number', spec.direction);
  const ranks = leaderRanks(ranked, 'number');
  return {
    key: spec.key,
    label: spec.label,
    qualified: spec.qualified,
    entries: ranked
      .map((c, i) => ({
        rank: ranks[i],
        player: c.player,
        team: c.team,
        value: c.value,
        number: c.number as number,
      }))
      .filter((e) => e.rank <= size),
  };
}

/**
 * Every leaderboard of a league over its regular season (the one place leaders are computed; the
 * API lists them all, the pages a selection): rates only among players who reach the league's PA or
 * IP per team game, counts among all.
 */
export const readLeagueLeaderBoards = memoWhileUnchanged(
  async (db: Db, leagueId: number, size: number): Promise<LeagueLeaderBoards> => {
    const [league, batters, pitchers, teamGames] = await Promise.all([
      readLeague(db, leagueId),
      readLeagueBatters(db, leagueId),
      readLeaguePitchers(db, leagueId),
      readTeamGamesPlayed(db, leagueId),
    ]);
    const gamesOf = (row: { team: TeamRef }) => teamGames.get(row.team.id) ?? 0;
    const qualifiedB = qualifiedBatters(
      batters.map((b) => ({ ...b, pa: b.line.pa })),
      gamesOf,
      league.qualifyPaPerGame,
    );
    const qualifiedP = qualifiedPitchers(
      pitchers.map((p) => ({ ...p, outs: p.line.outs })),
      gamesOf,
      league.qualifyIpPerGame,
    );
    return {
      batting: BATTING.map((spec) => board(spec, batters, qualifiedB, size)),
      pitching: pitchingSpecs(league.eraBasis).map((spec) =>
        board(spec, pitchers, qualifiedP, size),
      ),
    };
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);

/** The boards the public pages show, in their order (a selection of readLeagueLeaderBoards). */
export const SITE_BOARDS = {
  batting: ['avg', 'hr', 'rbi', 'h', 'sb', 'obp'],
  pitching: ['era', 'w', 'so', 'sv', 'whip'],
} as const;

/** The leaderboards the public pages and their CSV show. */
export async function readLeagueLeaders(
  db: Db,
  leagueId: number,
  size: number,
): Promise<LeagueLeaderBoards> {
  const all = await readLeagueLeaderBoards(db, leagueId, size);
  const pick = (boards: LeaderBoard[], keys: readonly string[]) =>
    keys.map((key) => boards.find((b) => b.key === key)!);
  return {
    batting: pick(all.batting, SITE_BOARDS.batting),
    pitching: pick(all.pitching, SITE_BOARDS.pitching),
  };
}
