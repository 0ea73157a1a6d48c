import type { Db, Tx } from '../db/database.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { getLeague } from './games.ts';
import { freshReads } from '../read/memo.ts';
import { readLeagueLeaderBoards } from '../read/leaders.ts';
import type { LeaderBoard } from '../read/leaders.ts';
import { readPlayerCareer, readPlayerGames } from '../read/player.ts';
import type { LineContext, StageLines } from '../read/player.ts';
import { ROSTER_STATUS_LABELS, readTeamSeason } from '../read/teams.ts';
import {
  BATTING_KEYS,
  battingFractions,
  battingRates,
  emptyBatting,
  formatEra,
  formatInningsFraction,
  formatRate,
  formatWhip,
  pitchingFractions,
  pitchingRates,
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
 * The API's statistics: leaderboards, a player's seasons and career, a team's players. Nothing is
 * computed here: every figure comes from the read model (src/server/read/, the one place public
 * figures are computed for the API, the pages and the CSV alike) and is only put in the API's shape.
 */

type Reader = Db | Tx;

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

/**
 * Leaderboards of a league in the API's shape: the read model's boards
 * (src/server/read/leaders.ts, regular season only), every place within `limit`.
 */
export async function leagueLeaders(
  db: Reader,
  leagueId: number,
  limit = 10,
): Promise<LeagueLeaders> {
  const league = await getLeague(db, leagueId); // 404 in Korean for an unknown league
  const boards = await readLeagueLeaderBoards(freshReads(db as Db), leagueId, limit);
  const api = (b: LeaderBoard) => ({
    key: b.key,
    label: b.label,
    qualified: b.qualified !== null,
    entries: b.entries.map((e) => ({
      rank: e.rank,
      playerId: e.player.id,
      name: e.player.name,
      teamId: e.team.id,
      teamName: e.team.name,
      backNumber: e.player.backNumber,
      value: e.number,
      valueText: e.value,
    })),
  });
  return {
    leagueId,
    leagueName: league.name,
    qualification: {
      paPerGame: league.qualify_pa_per_game,
      ipPerGame: league.qualify_ip_per_game,
      description: `규정 타석: 팀 경기 수 × ${league.qualify_pa_per_game}, 규정 이닝: 팀 경기 수 × ${league.qualify_ip_per_game}`,
    },
    batting: boards.batting.map(api),
    pitching: boards.pitching.map(api),
  };
}

/* ---------- One player ---------- */

/** A read-model batting total in the API's shape. */
function battingOf(total: { games: number; line: BattingLine }): BattingStats {
  return { ...battingStats([total.line]), g: total.games };
}

/** A read-model pitching total in the API's shape. */
function pitchingOf(
  total: { games: number; line: PitchingTotals },
  eraBasis: number,
): PitchingStats {
  return { ...pitchingStats([total.line], eraBasis), g: total.games };
}

/** One part of a player's record (정규시즌 or 포스트시즌) in the API's shape: lines per league and team, and their career sum. */
function stageRecord(record: StageLines, teamNames: Map<number, string>) {
  const keys = new Map<string, LineContext>();
  for (const line of [...record.batting, ...record.pitching])
    keys.set(`${line.leagueId}:${line.team.id}`, line);
  const seasons = [...keys.entries()]
    .map(([key, k]) => {
      const bat = record.batting.find((b) => `${b.leagueId}:${b.team.id}` === key);
      const pit = record.pitching.find((p) => `${p.leagueId}:${p.team.id}` === key);
      return {
        seasonId: k.seasonId,
        seasonName: k.seasonName,
        year: k.year,
        leagueId: k.leagueId,
        leagueName: k.leagueName,
        teamId: k.team.id,
        teamName: teamNames.get(k.team.id) ?? k.team.name,
        batting: bat ? battingOf(bat) : null,
        pitching: pit ? pitchingOf(pit, pit.eraBasis) : null,
      };
    })
    .sort((a, b) => a.year - b.year || a.seasonId - b.seasonId || a.leagueId - b.leagueId);
  return {
    seasons,
    career: {
      label: `${record.label} 통산`,
      batting: record.careerBatting ? battingOf(record.careerBatting) : null,
      pitching: record.careerPitching
        ? pitchingOf(record.careerPitching, record.careerPitching.eraBasis)
        : null,
    },
  };
}

/**
 * A player's page in the API's shape, from the read model (src/server/read/player.ts): regular-season
 * lines and career at the top level as before, 포스트시즌 apart under `postseason`, and the game log
 * (every season, newest first).
 */
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
  const reads = freshReads(db as Db);
  const [career, games] = await Promise.all([
    readPlayerCareer(reads, playerId),
    readPlayerGames(reads, playerId),
  ]);
  const teamNames = new Map(
    (await db.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.id, t.name]),
  );
  const eraBasis = new Map(
    (await db.selectFrom('leagues').select(['id', 'era_basis']).execute()).map((l) => [
      l.id,
      l.era_basis,
    ]),
  );
  const regular = stageRecord(career.regular, teamNames);

  const gameLog = [...games]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.gameId - a.gameId))
    .map((g) => ({
      gameId: g.gameId,
      leagueId: g.leagueId,
      leagueName: g.leagueName,
      stage: g.stage,
      date: g.date,
      teamId: g.team.id,
      opponentTeamId: g.opponent.id,
      opponentTeamName: teamNames.get(g.opponent.id) ?? g.opponent.name,
      homeAway: g.home ? ('home' as const) : ('away' as const),
      teamScore: g.teamScore,
      opponentScore: g.opponentScore,
      result: g.result,
      batting: g.batting
        ? {
            battingOrder: g.batting.order,
            seq: g.batting.seq,
            position: g.batting.position,
            ...pickBatting(g.batting),
            avgText: formatRate(battingFractions(g.batting).avg),
          }
        : null,
      pitching: g.pitching
        ? {
            seq: g.pitching.seq,
            ...pickPitching(g.pitching),
            ipText: formatInningsFraction(g.pitching.outs),
            decision: g.pitching.decision,
            eraText: formatEra(pitchingFractions(g.pitching, eraBasis.get(g.leagueId) ?? 7).era),
          }
        : null,
    }));

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
    seasons: regular.seasons,
    career: regular.career,
    postseason: stageRecord(career.postseason, teamNames),
    gameLog,
  };
}

const pickBatting = (line: BattingLine): BattingLine =>
  Object.fromEntries(BATTING_KEYS.map((k) => [k, line[k]])) as unknown as BattingLine;

const pickPitching = (line: PitchingLine) => ({
  outs: line.outs,
  bf: line.bf,
  h: line.h,
  r: line.r,
  er: line.er,
  bb: line.bb,
  hbp: line.hbp,
  so: line.so,
  hr: line.hr,
  wp: line.wp,
});

/* ---------- One team ---------- */

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

  const data = await readTeamSeason(freshReads(db as Db), season.id, teamId);
  return {
    ...base,
    seasonId: season.id,
    seasonName: season.name,
    leagues: data.leagues.map((l) => ({ leagueId: l.league.id, leagueName: l.league.name })),
    players: data.leagues.flatMap(({ league, roster, batters, pitchers }) =>
      roster.map((entry) => {
        const bat = batters.find((b) => b.player.id === entry.player.id);
        const pit = pitchers.find((p) => p.player.id === entry.player.id);
        return {
          playerId: entry.player.id,
          name: entry.player.name,
          backNumber: entry.player.backNumber,
          position: entry.position,
          leagueId: league.id,
          leagueName: league.name,
          status: entry.status,
          statusLabel: ROSTER_STATUS_LABELS[entry.status],
          batting: battingOf(bat ?? { games: 0, line: emptyBatting() }),
          pitching: pit ? pitchingOf(pit, league.eraBasis) : null,
        };
      }),
    ),
  };
}
