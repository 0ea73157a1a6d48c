import { sql } from 'kysely';
import { seoulToday } from '../../lib/seoul-date.ts';
import type { Db, Tx } from '../db/database.ts';
import { notFound } from '../http/api-error.ts';
import { compareGames, findGame, gamesOfTeam, readLeagueGames, resultList } from '../read/games.ts';
import { freshReads } from '../read/memo.ts';
import { RESULT_LABELS } from '../../lib/stats/standings.ts';
import { decidedResult } from '../../lib/stats/standings-game.ts';
import type { GameSummary as ReadGameSummary } from '../read/types.ts';
import {
  gameStageLabels,
  gameStatusLabels,
  recordStatusFor,
  recordStatusLabels,
} from '../../lib/schemas/game.ts';
import type {
  AdminGame,
  GamePage,
  GameStage,
  GameStatus,
  GameSummary,
  RecordStatus,
  TeamGame,
  TeamSchedule,
} from '../../lib/schemas/game.ts';

/** Reads of games shared by the schedule, game, record and stats calls. */

type Reader = Db | Tx;

/** Games with their league and both teams, ready to become GameSummary rows. */
export function gamesQuery(db: Reader) {
  return db
    .selectFrom('games')
    .innerJoin('leagues', 'leagues.id', 'games.league_id')
    .innerJoin('teams as ht', 'ht.id', 'games.home_team_id')
    .innerJoin('teams as at', 'at.id', 'games.away_team_id')
    .select([
      'games.id',
      'games.league_id',
      'leagues.name as league_name',
      'leagues.season_id',
      'games.game_no',
      'games.round',
      'games.stage',
      'games.game_date',
      'games.game_time',
      'games.venue',
      'games.home_team_id',
      'ht.name as home_name',
      'ht.short_name as home_short',
      'games.away_team_id',
      'at.name as away_name',
      'at.short_name as away_short',
      'games.status',
      'games.home_score',
      'games.away_score',
      'games.innings_played',
      'games.forfeit_winner_team_id',
      'games.notes',
      sql<number>`(case when games.status in ('final','forfeit') or exists (select 1 from game_innings gi where gi.game_id = games.id) then 1 else 0 end)`.as(
        'has_record',
      ),
      // scored live (decision 149): the console says 경기 중 as the public pages do
      sql<
        'playing' | 'ended' | null
      >`(select case when gl.ended_at is null then 'playing' else 'ended' end from game_live gl where gl.game_id = games.id)`.as(
        'live_state',
      ),
    ]);
}

export type GameQueryRow = {
  id: number;
  league_id: number;
  league_name: string;
  season_id: number;
  game_no: number;
  round: string;
  stage: GameStage;
  game_date: string;
  game_time: string | null;
  venue: string;
  home_team_id: number;
  home_name: string;
  home_short: string;
  away_team_id: number;
  away_name: string;
  away_short: string;
  status: GameStatus;
  home_score: number | null;
  away_score: number | null;
  innings_played: number | null;
  forfeit_winner_team_id: number | null;
  notes: string;
  has_record: number;
  live_state?: 'playing' | 'ended' | null;
};

export function toGameSummary(row: GameQueryRow): GameSummary {
  return {
    gameId: row.id,
    leagueId: row.league_id,
    leagueName: row.league_name,
    seasonId: row.season_id,
    gameNo: row.game_no,
    round: row.round,
    stage: row.stage,
    stageLabel: gameStageLabels[row.stage] ?? row.stage,
    date: row.game_date,
    time: row.game_time,
    venue: row.venue,
    homeTeamId: row.home_team_id,
    homeTeamName: row.home_name,
    homeTeamShortName: row.home_short || row.home_name,
    awayTeamId: row.away_team_id,
    awayTeamName: row.away_name,
    awayTeamShortName: row.away_short || row.away_name,
    status: row.status,
    statusLabel: gameStatusLabels[row.status] ?? row.status,
    homeScore: row.home_score,
    awayScore: row.away_score,
    inningsPlayed: row.innings_played,
    forfeitWinnerTeamId: row.forfeit_winner_team_id,
    hasRecord: row.has_record === 1,
    notes: row.notes,
    ...(row.live_state ? { live: { state: row.live_state } } : {}),
  };
}

/** Where the record of a game stands, for the admin lists. */
export function recordStatusOf(
  game: GameSummary,
  today = seoulToday(),
): { recordStatus: RecordStatus; recordStatusLabel: string; needsRecord: boolean } {
  const recordStatus = recordStatusFor(game.status);
  const needsRecord =
    (recordStatus === 'none' || recordStatus === 'suspended') && game.date <= today;
  return { recordStatus, recordStatusLabel: recordStatusLabels[recordStatus], needsRecord };
}

export function toAdminGame(game: GameSummary, today = seoulToday()): AdminGame {
  return { ...game, ...recordStatusOf(game, today) };
}

/** A game of the read model in the API's shape (flat team fields, Korean labels). */
export function apiGame(g: ReadGameSummary): GameSummary {
  return {
    gameId: g.id,
    leagueId: g.leagueId,
    leagueName: g.leagueName,
    seasonId: g.seasonId,
    gameNo: g.gameNo,
    round: g.round,
    stage: g.stage,
    stageLabel: gameStageLabels[g.stage] ?? g.stage,
    date: g.date,
    time: g.time,
    venue: g.venue,
    homeTeamId: g.home.id,
    homeTeamName: g.home.name,
    homeTeamShortName: g.home.shortName,
    awayTeamId: g.away.id,
    awayTeamName: g.away.name,
    awayTeamShortName: g.away.shortName,
    status: g.status,
    statusLabel: gameStatusLabels[g.status] ?? g.status,
    homeScore: g.homeScore,
    awayScore: g.awayScore,
    inningsPlayed: g.inningsPlayed,
    forfeitWinnerTeamId: g.forfeitWinnerTeamId,
    hasRecord: g.hasRecord,
    notes: g.notes,
  };
}

/**
 * One game, or 404; with leagueId, a game of another league is also 404. Read through the read
 * model on a fresh handle, so inside a write it sees the write's own changes.
 */
export async function getGame(db: Reader, gameId: number, leagueId?: number): Promise<GameSummary> {
  const game = await findGame(freshReads(db), gameId);
  if (!game || (leagueId !== undefined && game.leagueId !== leagueId)) throw notFound('경기');
  return apiGame(game);
}

export interface GameFilter {
  leagueIds: number[];
  teamId?: number;
  /** 'schedule': every game, earliest first; 'results': games with a result, latest first */
  kind: 'schedule' | 'results';
  offset: number;
  limit: number;
}

/** A page of games of some leagues, optionally of one team: the read model's lists, paged. */
export async function listGames(db: Db, filter: GameFilter): Promise<GamePage> {
  const reads = freshReads(db);
  const perLeague = await Promise.all(filter.leagueIds.map((id) => readLeagueGames(reads, id)));
  let games = perLeague.flat().sort(compareGames);
  if (filter.teamId !== undefined) games = gamesOfTeam(games, filter.teamId);
  if (filter.kind === 'results') games = resultList(games);
  return {
    total: games.length,
    offset: filter.offset,
    limit: filter.limit,
    games: games.slice(filter.offset, filter.offset + filter.limit).map(apiGame),
  };
}

/** Leagues of a season (404 for an unknown season). */
export async function leagueIdsOfSeason(db: Reader, seasonId: number): Promise<number[]> {
  const season = await db
    .selectFrom('seasons')
    .select('id')
    .where('id', '=', seasonId)
    .executeTakeFirst();
  if (!season) throw notFound('시즌');
  const rows = await db
    .selectFrom('leagues')
    .select('id')
    .where('season_id', '=', seasonId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface LeagueRow {
  id: number;
  season_id: number;
  name: string;
  innings_per_game: number;
  ties_allowed: 0 | 1;
  ranking_method: 'pct' | 'points';
  points_win: number;
  points_draw: number;
  points_loss: number;
  tie_breakers: string;
  era_basis: number;
  qualify_pa_per_game: number;
  qualify_ip_per_game: number;
  schedule_upload_id: number | null;
  main_id: number;
}

/** A league with its association id, or 404. */
export async function getLeague(db: Reader, leagueId: number): Promise<LeagueRow> {
  const row = await db
    .selectFrom('leagues')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .select([
      'leagues.id',
      'leagues.season_id',
      'leagues.name',
      'leagues.innings_per_game',
      'leagues.ties_allowed',
      'leagues.ranking_method',
      'leagues.points_win',
      'leagues.points_draw',
      'leagues.points_loss',
      'leagues.tie_breakers',
      'leagues.era_basis',
      'leagues.qualify_pa_per_game',
      'leagues.qualify_ip_per_game',
      'leagues.schedule_upload_id',
      'seasons.main_id',
    ])
    .where('leagues.id', '=', leagueId)
    .executeTakeFirst();
  if (!row) throw notFound('리그');
  return row;
}

/** Teams taking part in a league, by name. */
export async function leagueTeams(db: Reader, leagueId: number) {
  return db
    .selectFrom('league_teams')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .select(['teams.id', 'teams.name', 'teams.short_name'])
    .where('league_teams.league_id', '=', leagueId)
    .orderBy('teams.name')
    .execute();
}

/** A team's games of one league in game-number order, each with its number for the team and its result. */
export async function teamSchedule(
  db: Reader,
  leagueId: number,
  teamId: number,
): Promise<TeamSchedule> {
  await getLeague(db, leagueId);
  const team = await db
    .selectFrom('league_teams')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .select(['teams.id', 'teams.name'])
    .where('league_teams.league_id', '=', leagueId)
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw notFound('리그에 참가한 팀');
  const games = gamesOfTeam(await readLeagueGames(freshReads(db), leagueId), teamId).sort(
    (a, b) => a.gameNo - b.gameNo,
  );
  const rows: TeamGame[] = games.map(apiGame).map((g, i) => {
    const home = g.homeTeamId === teamId;
    const runsFor = home ? g.homeScore : g.awayScore;
    const runsAgainst = home ? g.awayScore : g.homeScore;
    const result = decidedResult(g.status, runsFor, runsAgainst);
    return {
      ...g,
      teamGameNo: i + 1,
      homeAway: home ? 'home' : 'away',
      opponentTeamId: home ? g.awayTeamId : g.homeTeamId,
      opponentTeamName: home ? g.awayTeamName : g.homeTeamName,
      runsFor,
      runsAgainst,
      result,
      resultLabel: result === null ? null : RESULT_LABELS[result],
    };
  });
  return { leagueId, teamId, teamName: team.name, games: rows };
}
