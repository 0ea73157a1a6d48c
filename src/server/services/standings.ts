import type { Db, Tx } from '../db/database.ts';
import { getLeague, leagueTeams } from './games.ts';
import type { LeagueRow } from './games.ts';
import {
  computeStandings,
  formatGamesBehind,
  formatPct,
  parseTieBreakers,
  TIE_BREAKER_LABELS,
} from '../../lib/stats/index.ts';
import type { StandingsGame, StandingsRules } from '../../lib/stats/index.ts';
import type { StandingsTable } from '../../lib/schemas/result.ts';

/** League standings computed from the regular-season results with the league's own rules. */

type Reader = Db | Tx;

/** The league's rules in the form src/lib/stats wants them. */
export function standingsRules(league: LeagueRow): StandingsRules {
  return {
    rankingMethod: league.ranking_method,
    pointsWin: league.points_win,
    pointsDraw: league.points_draw,
    pointsLoss: league.points_loss,
    tieBreakers: parseTieBreakers(league.tie_breakers),
    inningsPerGame: league.innings_per_game,
    lotSeed: league.id,
  };
}

/** Finished regular-season games of a league with the totals TQB, ER-TQB and batting average need. */
export async function standingsGames(db: Reader, leagueId: number): Promise<StandingsGame[]> {
  const games = await db
    .selectFrom('games')
    .select([
      'id',
      'game_date',
      'home_team_id',
      'away_team_id',
      'home_score',
      'away_score',
      'status',
      'forfeit_winner_team_id',
      'innings_played',
    ])
    .where('league_id', '=', leagueId)
    .where('stage', '=', 'regular')
    .where('status', 'in', ['final', 'forfeit'])
    .orderBy('game_date')
    .orderBy('id')
    .execute();
  if (games.length === 0) return [];
  const ids = games.map((g) => g.id);
  const pitching = await db
    .selectFrom('game_pitching')
    .select((eb) => [
      'game_id',
      'team_id',
      eb.fn.sum<number>('outs').as('outs'),
      eb.fn.sum<number>('er').as('er'),
    ])
    .where('game_id', 'in', ids)
    .groupBy(['game_id', 'team_id'])
    .execute();
  const batting = await db
    .selectFrom('game_batting')
    .select((eb) => [
      'game_id',
      'team_id',
      eb.fn.sum<number>('ab').as('ab'),
      eb.fn.sum<number>('h').as('h'),
    ])
    .where('game_id', 'in', ids)
    .groupBy(['game_id', 'team_id'])
    .execute();
  const key = (gameId: number, teamId: number) => `${gameId}:${teamId}`;
  const pitched = new Map(pitching.map((p) => [key(p.game_id, p.team_id), p]));
  const batted = new Map(batting.map((b) => [key(b.game_id, b.team_id), b]));
  const num = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);

  return games.map((g) => {
    // The home team bats against the away team's pitchers, and the other way round.
    const awayPitching = pitched.get(key(g.id, g.away_team_id));
    const homePitching = pitched.get(key(g.id, g.home_team_id));
    const homeBatting = batted.get(key(g.id, g.home_team_id));
    const awayBatting = batted.get(key(g.id, g.away_team_id));
    return {
      id: g.id,
      date: g.game_date,
      homeTeamId: g.home_team_id,
      awayTeamId: g.away_team_id,
      homeScore: g.home_score ?? 0,
      awayScore: g.away_score ?? 0,
      status: g.status as 'final' | 'forfeit',
      forfeitWinnerTeamId: g.forfeit_winner_team_id,
      inningsPlayed: g.innings_played,
      homeOutsBatted: num(awayPitching?.outs),
      awayOutsBatted: num(homePitching?.outs),
      homeEarnedRuns: num(awayPitching?.er),
      awayEarnedRuns: num(homePitching?.er),
      homeAb: num(homeBatting?.ab),
      homeH: num(homeBatting?.h),
      awayAb: num(awayBatting?.ab),
      awayH: num(awayBatting?.h),
    };
  });
}

/** The standings table of a league (404 for an unknown league). */
export async function leagueStandings(db: Reader, leagueId: number): Promise<StandingsTable> {
  const league = await getLeague(db, leagueId);
  const teams = await leagueTeams(db, leagueId);
  const byId = new Map(teams.map((t) => [t.id, t]));
  const rules = standingsRules(league);
  const rows = computeStandings(
    teams.map((t) => t.id),
    await standingsGames(db, leagueId),
    rules,
  );
  return {
    leagueId: league.id,
    leagueName: league.name,
    rankingMethod: league.ranking_method,
    rankingLabel:
      league.ranking_method === 'points'
        ? `승점 (승 ${league.points_win}, 무 ${league.points_draw}, 패 ${league.points_loss})`
        : '승률',
    tieBreakers: rules.tieBreakers.map((rule) => TIE_BREAKER_LABELS[rule]),
    rows: rows.map((row) => {
      const team = byId.get(Number(row.teamId));
      return {
        rank: row.rank,
        teamId: Number(row.teamId),
        teamName: team?.name ?? '',
        teamShortName: team?.short_name || team?.name || '',
        g: row.g,
        w: row.w,
        l: row.l,
        d: row.d,
        pct: row.pct,
        pctText: formatPct(row.pctExact),
        points: row.points,
        gb: row.gb,
        gbText: formatGamesBehind(row.gb),
        rs: row.rs,
        ra: row.ra,
        streak: row.streak,
        last10: row.last10,
        tieNote: row.tieNote ?? null,
      };
    }),
  };
}
