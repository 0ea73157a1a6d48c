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
  topN,
} from '../../lib/stats/index.ts';
import { readLeague } from './leagues.ts';
import { memoByDb } from './memo.ts';
import { readLeagueBatters, readLeaguePitchers, readTeamGamesPlayed } from './player-lines.ts';
import type { BatterTotals, PitcherTotals } from './player-lines.ts';
import type { PlayerRef, TeamRef } from './types.ts';

/** One place on a leaderboard. */
export interface LeaderEntry {
  rank: number;
  player: PlayerRef;
  team: TeamRef;
  value: string;
}

/** One leaderboard: a category with its best players; `qualified` names the line a rate category requires. */
export interface LeaderBoard {
  key: string;
  label: string;
  qualified: '규정 타석' | '규정 이닝' | null;
  entries: LeaderEntry[];
}

interface Flat<T> {
  name: string;
  source: T;
  avg: number | null;
  obp: number | null;
  hr: number;
  rbi: number;
  h: number;
  sb: number;
  era: number | null;
  whip: number | null;
  w: number;
  so: number;
  sv: number;
}

function flatBatter(b: BatterTotals): Flat<BatterTotals> {
  return {
    name: b.player.name,
    source: b,
    avg: b.rates.avg,
    obp: b.rates.obp,
    hr: b.line.hr,
    rbi: b.line.rbi,
    h: b.line.h,
    sb: b.line.sb,
    era: null,
    whip: null,
    w: 0,
    so: 0,
    sv: 0,
  };
}

function flatPitcher(p: PitcherTotals): Flat<PitcherTotals> {
  const finite = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v);
  return {
    name: p.player.name,
    source: p,
    avg: null,
    obp: null,
    hr: 0,
    rbi: 0,
    h: 0,
    sb: 0,
    era: finite(p.rates.era),
    whip: finite(p.rates.whip),
    w: p.line.w,
    so: p.line.so,
    sv: p.line.sv,
  };
}

type Key = 'avg' | 'obp' | 'hr' | 'rbi' | 'h' | 'sb' | 'era' | 'whip' | 'w' | 'so' | 'sv';

function board<T extends BatterTotals | PitcherTotals>(
  key: Key,
  label: string,
  rows: Flat<T>[],
  size: number,
  format: (row: Flat<T>) => string,
  options: { direction?: 'asc' | 'desc'; qualified?: '규정 타석' | '규정 이닝' } = {},
): LeaderBoard {
  // A count of zero leads nothing.
  const candidates = options.qualified ? rows : rows.filter((row) => (row[key] ?? 0) > 0);
  const top = topN(candidates, key, size, options.direction ?? 'desc');
  const ranks = leaderRanks(top, key);
  return {
    key,
    label,
    qualified: options.qualified ?? null,
    entries: top.map((row, i) => ({
      rank: ranks[i],
      player: row.source.player,
      team: row.source.team,
      value: format(row),
    })),
  };
}

/** Leaderboards of a league: rates only among qualified players (PA or IP per team game), counts among all. */
export const readLeagueLeaders = memoByDb(
  async (
    db: Db,
    leagueId: number,
    size: number,
  ): Promise<{ batting: LeaderBoard[]; pitching: LeaderBoard[] }> => {
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
    ).map(flatBatter);
    const qualifiedP = qualifiedPitchers(
      pitchers.map((p) => ({ ...p, outs: p.line.outs })),
      gamesOf,
      league.qualifyIpPerGame,
    ).map(flatPitcher);
    const allB = batters.map(flatBatter);
    const allP = pitchers.map(flatPitcher);
    const int =
      (key: Key) =>
      <T>(row: Flat<T>) =>
        String(row[key]);
    const rate =
      (key: 'avg' | 'obp') =>
      (row: Flat<BatterTotals>): string =>
        formatRate(battingFractions(row.source.line)[key]);
    const pitched =
      (key: 'era' | 'whip', format: typeof formatEra) =>
      (row: Flat<PitcherTotals>): string =>
        format(pitchingFractions(row.source.line, league.eraBasis)[key]);
    return {
      batting: [
        board('avg', '타율', qualifiedB, size, rate('avg'), { qualified: '규정 타석' }),
        board('hr', '홈런', allB, size, int('hr')),
        board('rbi', '타점', allB, size, int('rbi')),
        board('h', '안타', allB, size, int('h')),
        board('sb', '도루', allB, size, int('sb')),
        board('obp', '출루율', qualifiedB, size, rate('obp'), { qualified: '규정 타석' }),
      ],
      pitching: [
        board('era', '평균자책점', qualifiedP, size, pitched('era', formatEra), {
          direction: 'asc',
          qualified: '규정 이닝',
        }),
        board('w', '승리', allP, size, int('w')),
        board('so', '탈삼진', allP, size, int('so')),
        board('sv', '세이브', allP, size, int('sv')),
        board('whip', 'WHIP', qualifiedP, size, pitched('whip', formatWhip), {
          direction: 'asc',
          qualified: '규정 이닝',
        }),
      ],
    };
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);
