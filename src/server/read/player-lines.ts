import type { Db } from '../db/database.ts';
import {
  BATTING_KEYS,
  battingRates,
  decisionCounts,
  pitchingRates,
  sumBatting,
  sumPitching,
} from '../../lib/stats/index.ts';
import type {
  BattingLine,
  BattingRates,
  PitchingRates,
  PitchingTotals,
} from '../../lib/stats/index.ts';
import { readLeague } from './leagues.ts';
import { memoByDb } from './memo.ts';
import type { PlayerRef, TeamRef } from './types.ts';

/** A batter's totals over a league for one team, summed from game lines. */
export interface BatterTotals {
  player: PlayerRef;
  team: TeamRef;
  games: number;
  line: BattingLine;
  rates: BattingRates;
}

/** A pitcher's totals over a league for one team, summed from game lines. */
export interface PitcherTotals {
  player: PlayerRef;
  team: TeamRef;
  games: number;
  line: PitchingTotals;
  rates: PitchingRates;
}

/** Only games played to a result carry individual stats (a forfeit is 7–0 with none). */
export const COUNTED_STATUSES = ['final'] as const;

/** League figures (standings, leaders, team lines) are the regular season's; postseason games count apart. */
export const REGULAR_SEASON = 'regular' as const;
/** The stages of the postseason, as KBO's 포스트시즌. */
export const POSTSEASON_STAGES = ['playoff', 'final'] as const;

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Every batter of a league with regular-season totals per team, by team then name. */
export const readLeagueBatters = memoByDb(
  async (db: Db, leagueId: number): Promise<BatterTotals[]> => {
    const rows = await db
      .selectFrom('game_batting as b')
      .innerJoin('games as g', 'g.id', 'b.game_id')
      .innerJoin('players as p', 'p.id', 'b.player_id')
      .innerJoin('teams as t', 't.id', 'b.team_id')
      .leftJoin('league_players as lp', (join) =>
        join.onRef('lp.league_id', '=', 'g.league_id').onRef('lp.player_id', '=', 'b.player_id'),
      )
      .select(BATTING_KEYS.map((key) => `b.${key}` as const))
      .select([
        'b.game_id',
        'b.player_id',
        'b.team_id',
        'p.name as player_name',
        't.name as team_name',
        't.short_name as team_short',
        'lp.back_number',
      ])
      .where('g.league_id', '=', leagueId)
      .where('g.status', 'in', COUNTED_STATUSES)
      .where('g.stage', '=', REGULAR_SEASON)
      .execute();
    const totals: BatterTotals[] = [];
    for (const lines of group(rows, (r) => `${r.team_id}:${r.player_id}`).values()) {
      const first = lines[0];
      const line = sumBatting(lines);
      totals.push({
        player: {
          id: first.player_id,
          name: first.player_name,
          teamId: first.team_id,
          backNumber: first.back_number,
        },
        team: {
          id: first.team_id,
          name: first.team_name,
          shortName: first.team_short || first.team_name,
        },
        games: new Set(lines.map((l) => l.game_id)).size,
        line,
        rates: battingRates(line),
      });
    }
    return totals.sort(
      (a, b) =>
        a.team.name.localeCompare(b.team.name, 'ko') ||
        a.player.name.localeCompare(b.player.name, 'ko'),
    );
  },
);

/** Every pitcher of a league with regular-season totals per team (decisions counted), by team then name. */
export const readLeaguePitchers = memoByDb(
  async (db: Db, leagueId: number): Promise<PitcherTotals[]> => {
    const league = await readLeague(db, leagueId);
    const rows = await db
      .selectFrom('game_pitching as p')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .innerJoin('players as pl', 'pl.id', 'p.player_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .leftJoin('league_players as lp', (join) =>
        join.onRef('lp.league_id', '=', 'g.league_id').onRef('lp.player_id', '=', 'p.player_id'),
      )
      .select([
        'p.outs',
        'p.bf',
        'p.h',
        'p.r',
        'p.er',
        'p.bb',
        'p.hbp',
        'p.so',
        'p.hr',
        'p.wp',
        'p.decision',
      ])
      .select([
        'p.game_id',
        'p.player_id',
        'p.team_id',
        'pl.name as player_name',
        't.name as team_name',
        't.short_name as team_short',
        'lp.back_number',
      ])
      .where('g.league_id', '=', leagueId)
      .where('g.status', 'in', COUNTED_STATUSES)
      .where('g.stage', '=', REGULAR_SEASON)
      .execute();
    const totals: PitcherTotals[] = [];
    for (const lines of group(rows, (r) => `${r.team_id}:${r.player_id}`).values()) {
      const first = lines[0];
      const line = sumPitching(lines.map((l) => ({ ...l, ...decisionCounts(l.decision) })));
      totals.push({
        player: {
          id: first.player_id,
          name: first.player_name,
          teamId: first.team_id,
          backNumber: first.back_number,
        },
        team: {
          id: first.team_id,
          name: first.team_name,
          shortName: first.team_short || first.team_name,
        },
        games: new Set(lines.map((l) => l.game_id)).size,
        line,
        rates: pitchingRates(line, league.eraBasis),
      });
    }
    return totals.sort(
      (a, b) =>
        a.team.name.localeCompare(b.team.name, 'ko') ||
        a.player.name.localeCompare(b.player.name, 'ko'),
    );
  },
);

/** Regular-season games each team of a league has played to a result (forfeits included): the base of leaderboard qualification. */
export const readTeamGamesPlayed = memoByDb(
  async (db: Db, leagueId: number): Promise<Map<number, number>> => {
    const rows = await db
      .selectFrom('games')
      .select(['home_team_id', 'away_team_id'])
      .where('league_id', '=', leagueId)
      .where('status', 'in', ['final', 'forfeit'])
      .where('stage', '=', REGULAR_SEASON)
      .execute();
    const counts = new Map<number, number>();
    for (const row of rows) {
      counts.set(row.home_team_id, (counts.get(row.home_team_id) ?? 0) + 1);
      counts.set(row.away_team_id, (counts.get(row.away_team_id) ?? 0) + 1);
    }
    return counts;
  },
);
