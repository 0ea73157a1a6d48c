import type { Db } from '../db/database.ts';
import { TIE_BREAKER_LABELS, computeStandings } from '../../lib/stats/index.ts';
import type { StandingsGame, StandingsRow } from '../../lib/stats/index.ts';
import { readLeague, readLeagueTeams, standingsRules } from './leagues.ts';
import type { LeagueDetail } from './leagues.ts';
import { memoWhileUnchanged } from './memo.ts';
import type { TeamRef } from './types.ts';

/** A standings line with its team. */
export interface StandingsLine extends StandingsRow {
  team: TeamRef;
}

/** A league's table with the rules that ordered it, in words. */
export interface LeagueStandings {
  league: LeagueDetail;
  rows: StandingsLine[];
  /** '승률' or '승점 (승 3 · 무 1 · 패 0)' */
  methodLabel: string;
  /** tie-breakers in the order they apply, in Korean */
  tieBreakerLabels: string[];
}

/** The finished regular-season games of a league as computeStandings reads them, with outs, earned runs and batting from the box scores. */
export const readStandingsGames = memoWhileUnchanged(
  async (db: Db, leagueId: number): Promise<StandingsGame[]> => {
    const rows = await db
      .selectFrom('games as g')
      .select([
        'g.id',
        'g.game_date',
        'g.home_team_id',
        'g.away_team_id',
        'g.home_score',
        'g.away_score',
        'g.status',
        'g.forfeit_winner_team_id',
        'g.innings_played',
      ])
      .select((eb) => [
        // The home side bats against the away pitchers: their outs and earned runs are the home team's innings and earned runs.
        eb
          .selectFrom('game_pitching as p')
          .select((e) => e.fn.sum<number | null>('p.outs').as('v'))
          .whereRef('p.game_id', '=', 'g.id')
          .whereRef('p.team_id', '=', 'g.away_team_id')
          .as('home_outs'),
        eb
          .selectFrom('game_pitching as p')
          .select((e) => e.fn.sum<number | null>('p.outs').as('v'))
          .whereRef('p.game_id', '=', 'g.id')
          .whereRef('p.team_id', '=', 'g.home_team_id')
          .as('away_outs'),
        eb
          .selectFrom('game_pitching as p')
          .select((e) => e.fn.sum<number | null>('p.er').as('v'))
          .whereRef('p.game_id', '=', 'g.id')
          .whereRef('p.team_id', '=', 'g.away_team_id')
          .as('home_er'),
        eb
          .selectFrom('game_pitching as p')
          .select((e) => e.fn.sum<number | null>('p.er').as('v'))
          .whereRef('p.game_id', '=', 'g.id')
          .whereRef('p.team_id', '=', 'g.home_team_id')
          .as('away_er'),
        eb
          .selectFrom('game_batting as b')
          .select((e) => e.fn.sum<number | null>('b.ab').as('v'))
          .whereRef('b.game_id', '=', 'g.id')
          .whereRef('b.team_id', '=', 'g.home_team_id')
          .as('home_ab'),
        eb
          .selectFrom('game_batting as b')
          .select((e) => e.fn.sum<number | null>('b.h').as('v'))
          .whereRef('b.game_id', '=', 'g.id')
          .whereRef('b.team_id', '=', 'g.home_team_id')
          .as('home_h'),
        eb
          .selectFrom('game_batting as b')
          .select((e) => e.fn.sum<number | null>('b.ab').as('v'))
          .whereRef('b.game_id', '=', 'g.id')
          .whereRef('b.team_id', '=', 'g.away_team_id')
          .as('away_ab'),
        eb
          .selectFrom('game_batting as b')
          .select((e) => e.fn.sum<number | null>('b.h').as('v'))
          .whereRef('b.game_id', '=', 'g.id')
          .whereRef('b.team_id', '=', 'g.away_team_id')
          .as('away_h'),
      ])
      .where('g.league_id', '=', leagueId)
      // Standings are the regular season's; postseason games have their own section.
      .where('g.stage', '=', 'regular')
      .where('g.status', 'in', ['final', 'forfeit'])
      .where('g.home_score', 'is not', null)
      .where('g.away_score', 'is not', null)
      .orderBy('g.game_date')
      .orderBy('g.id')
      .execute();
    const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return rows.map((row) => ({
      id: row.id,
      date: row.game_date,
      homeTeamId: row.home_team_id,
      awayTeamId: row.away_team_id,
      homeScore: row.home_score ?? 0,
      awayScore: row.away_score ?? 0,
      status: row.status as 'final' | 'forfeit',
      forfeitWinnerTeamId: row.forfeit_winner_team_id,
      inningsPlayed: row.innings_played,
      homeOutsBatted: num(row.home_outs),
      awayOutsBatted: num(row.away_outs),
      homeEarnedRuns: num(row.home_er),
      awayEarnedRuns: num(row.away_er),
      homeAb: num(row.home_ab),
      homeH: num(row.home_h),
      awayAb: num(row.away_ab),
      awayH: num(row.away_h),
    }));
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);

/** A league's standings by its ranking method and tie-breakers. */
export const readLeagueStandings = memoWhileUnchanged(
  async (db: Db, leagueId: number): Promise<LeagueStandings> => {
    const [league, teams, games] = await Promise.all([
      readLeague(db, leagueId),
      readLeagueTeams(db, leagueId),
      readStandingsGames(db, leagueId),
    ]);
    const byId = new Map(teams.map((team) => [team.id, team]));
    const rows = computeStandings(
      teams.map((team) => team.id),
      games,
      standingsRules(league),
    ).map((row) => ({ ...row, team: byId.get(Number(row.teamId))! }));
    const methodLabel =
      league.rankingMethod === 'points'
        ? `승점 (승 ${league.pointsWin} · 무 ${league.pointsDraw} · 패 ${league.pointsLoss})`
        : '승률 (승 ÷ (승 + 패), 무승부 제외)';
    return {
      league,
      rows,
      methodLabel,
      tieBreakerLabels: league.tieBreakers.map((rule) => TIE_BREAKER_LABELS[rule]),
    };
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);
