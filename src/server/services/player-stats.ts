import type { Db, Tx } from '../db/database.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { getLeague } from './games.ts';
import {
  battingFractions,
  battingRates,
  decisionCounts,
  emptyBatting,
  formatEra,
  formatInningsFraction,
  formatRate,
  formatWhip,
  leaderRanks,
  pitchingFractions,
  pitchingRates,
  qualifiedBatters,
  qualifiedPitchers,
  rankedBy,
  sumBatting,
  sumPitching,
} from '../../lib/stats/index.ts';
import type { BattingLine, PitchingLine, PitchingTotals } from '../../lib/stats/index.ts';
import type {
  BattingStats,
  PitchingStats,
  PlayerStatsPage,
  TeamPlayersPage,
} from '../../lib/schemas/box-score.ts';
import type { LeagueLeaders } from '../../lib/schemas/result.ts';

/**
 * Player statistics for the public pages: leaderboards, a player's seasons and career, a team's
 * players. Only games with status 종료 (final) count; forfeits carry no individual lines. Every total
 * is summed from the per-game counting stats and every rate comes from src/lib/stats.
 */

type Reader = Db | Tx;
type PitchingDecision = 'W' | 'L' | 'S' | 'H' | null;

const BATTING_FIELDS = [
  'pa',
  'ab',
  'r',
  'h',
  'b2',
  'b3',
  'hr',
  'rbi',
  'bb',
  'hbp',
  'so',
  'sb',
  'cs',
  'sh',
  'sf',
  'e',
] as const;
const PITCHING_FIELDS = ['outs', 'bf', 'h', 'r', 'er', 'bb', 'hbp', 'so', 'hr', 'wp'] as const;

function battingLine(row: Record<(typeof BATTING_FIELDS)[number], number>): BattingLine {
  return Object.fromEntries(BATTING_FIELDS.map((k) => [k, row[k]])) as unknown as BattingLine;
}

function pitchingLine(
  row: Record<(typeof PITCHING_FIELDS)[number], number> & { decision: PitchingDecision },
): PitchingLine {
  const line = Object.fromEntries(
    PITCHING_FIELDS.map((k) => [k, row[k]]),
  ) as unknown as PitchingLine;
  return { ...line, ...decisionCounts(row.decision) };
}

/** A summed batting line with its rates, raw and formatted. */
export function battingStats(lines: readonly BattingLine[]): BattingStats {
  const total = sumBatting(lines);
  const rates = battingRates(total);
  const exact = battingFractions(total);
  return {
    g: lines.length,
    ...total,
    tb: rates.tb,
    avg: rates.avg,
    obp: rates.obp,
    slg: rates.slg,
    ops: rates.ops,
    avgText: formatRate(exact.avg),
    obpText: formatRate(exact.obp),
    slgText: formatRate(exact.slg),
    opsText: formatRate(exact.ops),
  };
}

const finiteOrNull = (value: number | null) =>
  value === null || !Number.isFinite(value) ? null : value;

/** A summed pitching line with IP, ERA (league basis) and WHIP, raw and formatted. */
export function pitchingStats(lines: readonly PitchingLine[], eraBasis: number): PitchingStats {
  const total: PitchingTotals = sumPitching(lines);
  const rates = pitchingRates(total, eraBasis);
  const exact = pitchingFractions(total, eraBasis);
  return {
    g: lines.length,
    ...total,
    ip: rates.ip,
    ipText: formatInningsFraction(total.outs),
    // JSON has no Infinity: an ERA with earned runs and no outs is null here and '∞' in the text.
    era: finiteOrNull(rates.era),
    eraText: formatEra(exact.era),
    whip: finiteOrNull(rates.whip),
    whipText: formatWhip(exact.whip),
  };
}

/* ---------- Leaders ---------- */

interface LeaderRow {
  playerId: number;
  name: string;
  teamId: number;
  teamName: string;
  backNumber: number | null;
  pa: number;
  outs: number;
  [key: string]: number | string | null;
}

const battingBoards = [
  { key: 'avg', label: '타율', qualified: true, direction: 'desc', text: 'rate' },
  { key: 'obp', label: '출루율', qualified: true, direction: 'desc', text: 'rate' },
  { key: 'slg', label: '장타율', qualified: true, direction: 'desc', text: 'rate' },
  { key: 'ops', label: 'OPS', qualified: true, direction: 'desc', text: 'rate' },
  { key: 'h', label: '안타', qualified: false, direction: 'desc', text: 'count' },
  { key: 'hr', label: '홈런', qualified: false, direction: 'desc', text: 'count' },
  { key: 'rbi', label: '타점', qualified: false, direction: 'desc', text: 'count' },
  { key: 'r', label: '득점', qualified: false, direction: 'desc', text: 'count' },
  { key: 'sb', label: '도루', qualified: false, direction: 'desc', text: 'count' },
] as const;

const pitchingBoards = [
  { key: 'era', label: '평균자책점', qualified: true, direction: 'asc', text: 'rate' },
  { key: 'whip', label: 'WHIP', qualified: true, direction: 'asc', text: 'rate' },
  { key: 'w', label: '승리', qualified: false, direction: 'desc', text: 'count' },
  { key: 'sv', label: '세이브', qualified: false, direction: 'desc', text: 'count' },
  { key: 'hld', label: '홀드', qualified: false, direction: 'desc', text: 'count' },
  { key: 'so', label: '탈삼진', qualified: false, direction: 'desc', text: 'count' },
] as const;

type Board = {
  key: string;
  label: string;
  qualified: boolean;
  direction: 'asc' | 'desc';
  /** a rate shows its exact text from the line (avgText), a count its number */
  text: 'rate' | 'count';
};

function board(rows: LeaderRow[], spec: Board, limit: number) {
  // Counting boards list only players with at least one; rate boards only qualified players.
  const pool = spec.qualified
    ? rows
    : rows.filter((r) => typeof r[spec.key] === 'number' && (r[spec.key] as number) > 0);
  const ranked = rankedBy(pool, spec.key as never, spec.direction).filter((r) =>
    Number.isFinite(r[spec.key] as number),
  );
  const ranks = leaderRanks(ranked, spec.key as never);
  const entries = ranked
    .map((r, i) => ({
      rank: ranks[i],
      playerId: r.playerId,
      name: r.name,
      teamId: r.teamId,
      teamName: r.teamName,
      backNumber: r.backNumber,
      value: r[spec.key] as number,
      valueText: spec.text === 'rate' ? String(r[`${spec.key}Text`]) : String(r[spec.key]),
    }))
    .filter((e) => e.rank <= limit);
  return { key: spec.key, label: spec.label, qualified: spec.qualified, entries };
}

/** Leaderboards of a league; rate boards hold only players who reach the league's PA / IP per team game. */
export async function leagueLeaders(
  db: Reader,
  leagueId: number,
  limit = 10,
): Promise<LeagueLeaders> {
  const league = await getLeague(db, leagueId);
  const played = await db
    .selectFrom('games')
    .select(['home_team_id', 'away_team_id'])
    .where('league_id', '=', leagueId)
    .where('status', 'in', ['final', 'forfeit'])
    .execute();
  const teamGames = new Map<number, number>();
  for (const g of played)
    for (const t of [g.home_team_id, g.away_team_id]) teamGames.set(t, (teamGames.get(t) ?? 0) + 1);
  const gamesOf = (row: { teamId: number }) => teamGames.get(row.teamId) ?? 0;

  const names = new Map(
    (
      await db
        .selectFrom('league_players')
        .innerJoin('players', 'players.id', 'league_players.player_id')
        .innerJoin('teams', 'teams.id', 'league_players.team_id')
        .select([
          'players.id',
          'players.name',
          'league_players.back_number',
          'teams.name as team_name',
        ])
        .where('league_players.league_id', '=', leagueId)
        .execute()
    ).map((r) => [r.id, r]),
  );
  const teamNames = new Map(
    (await db.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.id, t.name]),
  );
  const who = async (playerId: number, teamId: number) => {
    const n = names.get(playerId);
    if (n)
      return {
        name: n.name,
        backNumber: n.back_number,
        teamName: teamNames.get(teamId) ?? n.team_name,
      };
    const p = await db
      .selectFrom('players')
      .select('name')
      .where('id', '=', playerId)
      .executeTakeFirst();
    return { name: p?.name ?? '', backNumber: null, teamName: teamNames.get(teamId) ?? '' };
  };

  const batting = await db
    .selectFrom('game_batting')
    .innerJoin('games', 'games.id', 'game_batting.game_id')
    .selectAll('game_batting')
    .where('games.league_id', '=', leagueId)
    .where('games.status', '=', 'final')
    .execute();
  const pitching = await db
    .selectFrom('game_pitching')
    .innerJoin('games', 'games.id', 'game_pitching.game_id')
    .selectAll('game_pitching')
    .where('games.league_id', '=', leagueId)
    .where('games.status', '=', 'final')
    .execute();

  const group = <T extends { player_id: number; team_id: number }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) {
      const key = `${r.player_id}:${r.team_id}`;
      map.set(key, [...(map.get(key) ?? []), r]);
    }
    return [...map.values()];
  };

  const batters: LeaderRow[] = [];
  for (const lines of group(batting)) {
    const { player_id: playerId, team_id: teamId } = lines[0];
    const stats = battingStats(lines.map(battingLine));
    batters.push({
      playerId,
      teamId,
      ...(await who(playerId, teamId)),
      ...stats,
      outs: 0,
    } as LeaderRow);
  }
  const pitchers: LeaderRow[] = [];
  for (const lines of group(pitching)) {
    const { player_id: playerId, team_id: teamId } = lines[0];
    const stats = pitchingStats(lines.map(pitchingLine), league.era_basis);
    pitchers.push({
      playerId,
      teamId,
      ...(await who(playerId, teamId)),
      ...stats,
      pa: 0,
    } as LeaderRow);
  }
  const qualifiedHitters = qualifiedBatters(batters, gamesOf, league.qualify_pa_per_game);
  const qualifiedArms = qualifiedPitchers(pitchers, gamesOf, league.qualify_ip_per_game);

  return {
    leagueId,
    leagueName: league.name,
    qualification: {
      paPerGame: league.qualify_pa_per_game,
      ipPerGame: league.qualify_ip_per_game,
      description: `규정 타석: 팀 경기 수 × ${league.qualify_pa_per_game}, 규정 이닝: 팀 경기 수 × ${league.qualify_ip_per_game}`,
    },
    batting: battingBoards.map((spec) =>
      board(spec.qualified ? qualifiedHitters : batters, spec, limit),
    ),
    pitching: pitchingBoards.map((spec) =>
      board(spec.qualified ? qualifiedArms : pitchers, spec, limit),
    ),
  };
}

/* ---------- One player ---------- */

/** A player's season-by-season lines per league and team, career totals and game log. */
export async function playerStats(db: Reader, playerId: number): Promise<PlayerStatsPage> {
  const player = await db
    .selectFrom('players')
    .selectAll()
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!player) throw notFound('선수');
  const teams = await db
    .selectFrom('team_players')
    .innerJoin('teams', 'teams.id', 'team_players.team_id')
    .select([
      'teams.id',
      'teams.name',
      'team_players.back_number',
      'team_players.from_date',
      'team_players.to_date',
    ])
    .where('team_players.player_id', '=', playerId)
    .orderBy('team_players.from_date')
    .execute();

  const gameCols = [
    'games.id as game_id',
    'games.league_id',
    'games.game_date',
    'games.home_team_id',
    'games.away_team_id',
    'games.home_score',
    'games.away_score',
    'leagues.name as league_name',
    'leagues.era_basis',
    'leagues.season_id',
    'seasons.name as season_name',
    'seasons.year',
  ] as const;
  const batting = await db
    .selectFrom('game_batting')
    .innerJoin('games', 'games.id', 'game_batting.game_id')
    .innerJoin('leagues', 'leagues.id', 'games.league_id')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .select([
      ...gameCols,
      'game_batting.team_id',
      'game_batting.batting_order',
      'game_batting.seq',
      'game_batting.position',
      ...BATTING_FIELDS.map((k) => `game_batting.${k}` as const),
    ])
    .where('game_batting.player_id', '=', playerId)
    .where('games.status', '=', 'final')
    .execute();
  const pitching = await db
    .selectFrom('game_pitching')
    .innerJoin('games', 'games.id', 'game_pitching.game_id')
    .innerJoin('leagues', 'leagues.id', 'games.league_id')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .select([
      ...gameCols,
      'game_pitching.team_id',
      'game_pitching.seq',
      'game_pitching.decision',
      ...PITCHING_FIELDS.map((k) => `game_pitching.${k}` as const),
    ])
    .where('game_pitching.player_id', '=', playerId)
    .where('games.status', '=', 'final')
    .execute();
  const teamNames = new Map(
    (await db.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.id, t.name]),
  );

  // Season lines: one per league and team.
  const keys = new Map<
    string,
    {
      seasonId: number;
      seasonName: string;
      year: number;
      leagueId: number;
      leagueName: string;
      teamId: number;
      eraBasis: number;
    }
  >();
  for (const r of [...batting, ...pitching]) {
    keys.set(`${r.league_id}:${r.team_id}`, {
      seasonId: r.season_id,
      seasonName: r.season_name,
      year: r.year,
      leagueId: r.league_id,
      leagueName: r.league_name,
      teamId: r.team_id,
      eraBasis: r.era_basis,
    });
  }
  const seasons = [...keys.entries()]
    .map(([key, k]) => {
      const bat = batting.filter((r) => `${r.league_id}:${r.team_id}` === key);
      const pit = pitching.filter((r) => `${r.league_id}:${r.team_id}` === key);
      return {
        seasonId: k.seasonId,
        seasonName: k.seasonName,
        year: k.year,
        leagueId: k.leagueId,
        leagueName: k.leagueName,
        teamId: k.teamId,
        teamName: teamNames.get(k.teamId) ?? '',
        batting: bat.length > 0 ? battingStats(bat.map(battingLine)) : null,
        pitching: pit.length > 0 ? pitchingStats(pit.map(pitchingLine), k.eraBasis) : null,
      };
    })
    .sort((a, b) => a.year - b.year || a.seasonId - b.seasonId || a.leagueId - b.leagueId);

  // Career ERA uses the basis most of his innings were pitched under (7 for softball).
  const basisOuts = new Map<number, number>();
  for (const r of pitching) basisOuts.set(r.era_basis, (basisOuts.get(r.era_basis) ?? 0) + r.outs);
  const careerBasis = [...basisOuts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 7;

  const gameIds = [...new Set([...batting, ...pitching].map((r) => r.game_id))];
  const gameLog = gameIds
    .map((gameId) => {
      const bat = batting.find((r) => r.game_id === gameId);
      const pit = pitching.find((r) => r.game_id === gameId);
      const g = (bat ?? pit)!;
      const home = g.team_id === g.home_team_id;
      const teamScore = home ? g.home_score : g.away_score;
      const opponentScore = home ? g.away_score : g.home_score;
      const opponentTeamId = home ? g.away_team_id : g.home_team_id;
      return {
        gameId,
        leagueId: g.league_id,
        leagueName: g.league_name,
        date: g.game_date,
        teamId: g.team_id,
        opponentTeamId,
        opponentTeamName: teamNames.get(opponentTeamId) ?? '',
        homeAway: home ? ('home' as const) : ('away' as const),
        teamScore,
        opponentScore,
        result:
          teamScore === null || opponentScore === null
            ? null
            : teamScore > opponentScore
              ? ('W' as const)
              : teamScore < opponentScore
                ? ('L' as const)
                : ('D' as const),
        batting: bat
          ? {
              battingOrder: bat.batting_order,
              seq: bat.seq,
              position: bat.position,
              ...battingLine(bat),
              avgText: formatRate(battingFractions(bat).avg),
            }
          : null,
        pitching: pit
          ? {
              seq: pit.seq,
              ...pitchingLineCounts(pit),
              ipText: formatInningsFraction(pit.outs),
              decision: pit.decision,
              eraText: formatEra(pitchingFractions(pit, pit.era_basis).era),
            }
          : null,
      };
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.gameId - a.gameId));

  return {
    playerId: player.id,
    name: player.name,
    position: player.position,
    bats: player.bats,
    throws: player.throws,
    photo: player.photo,
    teams: teams.map((t) => ({
      teamId: t.id,
      teamName: t.name,
      backNumber: t.back_number,
      fromDate: t.from_date,
      toDate: t.to_date,
    })),
    seasons,
    career: {
      batting: batting.length > 0 ? battingStats(batting.map(battingLine)) : null,
      pitching: pitching.length > 0 ? pitchingStats(pitching.map(pitchingLine), careerBasis) : null,
    },
    gameLog,
  };
}

function pitchingLineCounts(row: Record<(typeof PITCHING_FIELDS)[number], number>) {
  return {
    outs: row.outs,
    bf: row.bf,
    h: row.h,
    r: row.r,
    er: row.er,
    bb: row.bb,
    hbp: row.hbp,
    so: row.so,
    hr: row.hr,
    wp: row.wp,
  };
}

/* ---------- One team ---------- */

const rosterStatusLabels = { active: '정상', suspended: '출장 정지', released: '방출' } as const;

/** The season to show for a team: the one asked for (in the team's association), else the active one, else the latest. */
async function seasonFor(db: Reader, mainId: number, seasonId: number | undefined) {
  if (seasonId !== undefined) {
    const season = await db
      .selectFrom('seasons')
      .select(['id', 'name', 'main_id'])
      .where('id', '=', seasonId)
      .executeTakeFirst();
    if (!season || season.main_id !== mainId) throw new ApiError(404, '시즌을 찾을 수 없습니다.');
    return season;
  }
  return (
    (await db
      .selectFrom('seasons')
      .select(['id', 'name', 'main_id'])
      .where('main_id', '=', mainId)
      .orderBy('active', 'desc')
      .orderBy('year', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null
  );
}

/** A team's league roster(s) of one season with each player's stats for the team in that league. */
export async function teamPlayers(
  db: Reader,
  teamId: number,
  seasonId?: number,
): Promise<TeamPlayersPage> {
  const team = await db
    .selectFrom('teams')
    .select(['id', 'name', 'short_name', 'main_id'])
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw notFound('팀');
  const season = await seasonFor(db, team.main_id, seasonId);
  const base = {
    teamId: team.id,
    teamName: team.name,
    teamShortName: team.short_name || team.name,
  };
  if (!season) return { ...base, seasonId: null, seasonName: null, leagues: [], players: [] };

  const leagues = await db
    .selectFrom('league_teams')
    .innerJoin('leagues', 'leagues.id', 'league_teams.league_id')
    .select(['leagues.id', 'leagues.name', 'leagues.era_basis'])
    .where('league_teams.team_id', '=', teamId)
    .where('leagues.season_id', '=', season.id)
    .orderBy('leagues.id')
    .execute();
  const leagueIds = leagues.map((l) => l.id);
  const roster =
    leagueIds.length === 0
      ? []
      : await db
          .selectFrom('league_players')
          .innerJoin('players', 'players.id', 'league_players.player_id')
          .select([
            'players.id',
            'players.name',
            'players.position',
            'league_players.back_number',
            'league_players.league_id',
            'league_players.status',
          ])
          .where('league_players.team_id', '=', teamId)
          .where('league_players.league_id', 'in', leagueIds)
          .orderBy('league_players.back_number')
          .orderBy('players.name')
          .execute();
  const batting =
    leagueIds.length === 0
      ? []
      : await db
          .selectFrom('game_batting')
          .innerJoin('games', 'games.id', 'game_batting.game_id')
          .select([
            'games.league_id',
            'game_batting.player_id',
            ...BATTING_FIELDS.map((k) => `game_batting.${k}` as const),
          ])
          .where('game_batting.team_id', '=', teamId)
          .where('games.league_id', 'in', leagueIds)
          .where('games.status', '=', 'final')
          .execute();
  const pitching =
    leagueIds.length === 0
      ? []
      : await db
          .selectFrom('game_pitching')
          .innerJoin('games', 'games.id', 'game_pitching.game_id')
          .select([
            'games.league_id',
            'game_pitching.player_id',
            'game_pitching.decision',
            ...PITCHING_FIELDS.map((k) => `game_pitching.${k}` as const),
          ])
          .where('game_pitching.team_id', '=', teamId)
          .where('games.league_id', 'in', leagueIds)
          .where('games.status', '=', 'final')
          .execute();
  const leagueById = new Map(leagues.map((l) => [l.id, l]));

  return {
    ...base,
    seasonId: season.id,
    seasonName: season.name,
    leagues: leagues.map((l) => ({ leagueId: l.id, leagueName: l.name })),
    players: roster.map((p) => {
      const bat = batting.filter((r) => r.player_id === p.id && r.league_id === p.league_id);
      const pit = pitching.filter((r) => r.player_id === p.id && r.league_id === p.league_id);
      const league = leagueById.get(p.league_id)!;
      return {
        playerId: p.id,
        name: p.name,
        backNumber: p.back_number,
        position: p.position,
        leagueId: p.league_id,
        leagueName: league.name,
        status: p.status,
        statusLabel: rosterStatusLabels[p.status],
        batting:
          bat.length > 0
            ? battingStats(bat.map(battingLine))
            : { ...battingStats([emptyBatting()]), g: 0 },
        pitching: pit.length > 0 ? pitchingStats(pit.map(pitchingLine), league.era_basis) : null,
      };
    }),
  };
}
