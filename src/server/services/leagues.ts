import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Row } from '../db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { writeTxWithUploads } from './uploads.ts';
import { fileUrl } from './league-main.ts';
import { getSeason, getSeasonOfMain } from './seasons.ts';
import { parseTieBreakers } from '../../lib/stats/standings-rules.ts';
import {
  DEFAULT_RUN_AHEAD_RULE,
  LEAGUE_STATUS_LABELS,
  leagueLimits,
  leagueRuleErrors,
} from '../../lib/schemas/league.ts';
import type {
  League,
  LeagueUpdateValues,
  LeagueValues,
  RunAheadStep,
} from '../../lib/schemas/league.ts';

type LeagueRow = Row<'leagues'> & {
  season_name: string;
  year: number;
  main_id: number;
  main_path: string;
  main_name: string;
  division_name: string | null;
  team_count: number;
};

/** Reads leagues.run_ahead_rule, keeping well-formed steps; the default rule if unreadable. */
export function parseRunAheadRule(json: string): RunAheadStep[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return DEFAULT_RUN_AHEAD_RULE.map((s) => ({ ...s }));
  }
  if (!Array.isArray(parsed)) return DEFAULT_RUN_AHEAD_RULE.map((s) => ({ ...s }));
  return parsed
    .filter((s): s is RunAheadStep => Number.isInteger(s?.afterInning) && Number.isInteger(s?.runs))
    .map((s) => ({ afterInning: s.afterInning, runs: s.runs }))
    .sort((a, b) => a.afterInning - b.afterInning);
}

export function toLeague(row: LeagueRow): League {
  return {
    leagueId: row.id,
    seasonId: row.season_id,
    seasonName: row.season_name,
    year: row.year,
    leagueMain: { mainId: row.main_id, path: row.main_path, name: row.main_name },
    divisionId: row.division_id,
    divisionName: row.division_name,
    leagueName: row.name,
    logo: fileUrl(row.logo),
    startDate: row.start_date,
    endDate: row.end_date,
    status: row.status,
    statusLabel: LEAGUE_STATUS_LABELS[row.status] ?? row.status,
    inningsPerGame: row.innings_per_game,
    runAheadRule: parseRunAheadRule(row.run_ahead_rule),
    tiesAllowed: row.ties_allowed === 1,
    rankingMethod: row.ranking_method,
    pointsWin: row.points_win,
    pointsDraw: row.points_draw,
    pointsLoss: row.points_loss,
    tieBreakers: parseTieBreakers(row.tie_breakers),
    eraBasis: row.era_basis,
    qualifyPaPerGame: row.qualify_pa_per_game,
    qualifyIpPerGame: row.qualify_ip_per_game,
    scheduleUploadId: row.schedule_upload_id,
    teamCount: Number(row.team_count),
  };
}

function leagueQuery(db: Db | Tx) {
  return db
    .selectFrom('leagues')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .innerJoin('league_main', 'league_main.id', 'seasons.main_id')
    .leftJoin('divisions', 'divisions.id', 'leagues.division_id')
    .selectAll('leagues')
    .select([
      'seasons.name as season_name',
      'seasons.year',
      'seasons.main_id',
      'league_main.path as main_path',
      'league_main.name as main_name',
      'divisions.name as division_name',
      sql<number>`(SELECT count(*) FROM league_teams lt WHERE lt.league_id = leagues.id)`.as(
        'team_count',
      ),
    ]);
}

/** The leagues of a season in the order of their start, then name; 404 when the season does not exist. */
export async function listLeaguesOfSeason(db: Db | Tx, seasonId: number): Promise<League[]> {
  await getSeason(db, seasonId);
  const rows = await leagueQuery(db)
    .where('leagues.season_id', '=', seasonId)
    .orderBy(sql`leagues.start_date IS NULL`)
    .orderBy('leagues.start_date')
    .orderBy('leagues.name')
    .orderBy('leagues.id')
    .execute();
  return rows.map((r) => toLeague(r as LeagueRow));
}

export async function getLeague(db: Db | Tx, leagueId: number): Promise<League> {
  const row = await leagueQuery(db).where('leagues.id', '=', leagueId).executeTakeFirst();
  if (!row) throw notFound('리그');
  return toLeague(row as LeagueRow);
}

/**
 * The league addressed as /main/{mainId}/season/{seasonId}/league/{leagueId}: 404 unless the
 * association exists, the season belongs to it and the league to the season.
 */
export async function getLeagueInScope(
  db: Db | Tx,
  mainId: number,
  seasonId: number,
  leagueId: number,
): Promise<League> {
  await getSeasonOfMain(db, mainId, seasonId);
  const row = await leagueQuery(db)
    .where('leagues.id', '=', leagueId)
    .where('leagues.season_id', '=', seasonId)
    .executeTakeFirst();
  if (!row) throw notFound('리그');
  return toLeague(row as LeagueRow);
}

async function assertDivision(
  tx: Tx,
  mainId: number,
  divisionId: number | null | undefined,
): Promise<void> {
  if (divisionId == null) return;
  const row = await tx
    .selectFrom('divisions')
    .select('id')
    .where('id', '=', divisionId)
    .where('main_id', '=', mainId)
    .executeTakeFirst();
  if (!row)
    throw badRequest('선택한 부를 찾을 수 없습니다.', {
      divisionId: '선택한 부를 찾을 수 없습니다.',
    });
}

async function assertNameFree(
  tx: Tx,
  seasonId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  let query = tx
    .selectFrom('leagues')
    .select('id')
    .where('season_id', '=', seasonId)
    .where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    const message = `이 시즌에 '${name}' 리그가 이미 있습니다. 다른 이름을 입력해 주세요.`;
    throw new ApiError(409, message, { leagueName: message });
  }
}

type LeagueColumns = Omit<LeagueValues, never>;

function columns(v: LeagueColumns) {
  return {
    name: v.leagueName,
    division_id: v.divisionId ?? null,
    start_date: v.startDate ?? null,
    end_date: v.endDate ?? null,
    status: v.status,
    innings_per_game: v.inningsPerGame,
    run_ahead_rule: JSON.stringify(
      [...v.runAheadRule].sort((a, b) => a.afterInning - b.afterInning),
    ),
    ties_allowed: v.tiesAllowed ? (1 as const) : (0 as const),
    ranking_method: v.rankingMethod,
    points_win: v.pointsWin,
    points_draw: v.pointsDraw,
    points_loss: v.pointsLoss,
    tie_breakers: JSON.stringify(v.tieBreakers),
    era_basis: v.eraBasis,
    qualify_pa_per_game: v.qualifyPaPerGame,
    qualify_ip_per_game: v.qualifyIpPerGame,
  };
}

export async function createLeague(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  input: LeagueValues,
): Promise<League> {
  return writeTx(db, async (tx) => {
    await getSeasonOfMain(tx, mainId, seasonId);
    await assertDivision(tx, mainId, input.divisionId);
    await assertNameFree(tx, seasonId, input.leagueName);
    const row = await tx
      .insertInto('leagues')
      .values({ season_id: seasonId, ...columns(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await getLeague(tx, row.id);
    await audit(tx, {
      userId: user.id,
      action: 'create',
      entity: 'league',
      entityId: row.id,
      after: created,
    });
    return created;
  });
}

/** Applies the given fields; the merged league must still hold together (dates, rules). */
export async function updateLeague(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  leagueId: number,
  input: LeagueUpdateValues,
): Promise<League> {
  return writeTx(db, async (tx) => {
    const before = await getLeagueInScope(tx, mainId, seasonId, leagueId);
    const pick = <K extends keyof LeagueUpdateValues>(
      key: K,
      current: NonNullable<LeagueUpdateValues[K]> | null,
    ) => (input[key] === undefined ? current : input[key]);
    const merged: LeagueColumns = {
      leagueName: pick('leagueName', before.leagueName)!,
      divisionId: pick('divisionId', before.divisionId),
      startDate: pick('startDate', before.startDate),
      endDate: pick('endDate', before.endDate),
      status: pick('status', before.status)!,
      inningsPerGame: pick('inningsPerGame', before.inningsPerGame)!,
      runAheadRule: pick('runAheadRule', before.runAheadRule)!,
      tiesAllowed: pick('tiesAllowed', before.tiesAllowed)!,
      rankingMethod: pick('rankingMethod', before.rankingMethod)!,
      pointsWin: pick('pointsWin', before.pointsWin)!,
      pointsDraw: pick('pointsDraw', before.pointsDraw)!,
      pointsLoss: pick('pointsLoss', before.pointsLoss)!,
      tieBreakers: pick('tieBreakers', before.tieBreakers)!,
      eraBasis: pick('eraBasis', before.eraBasis)!,
      qualifyPaPerGame: pick('qualifyPaPerGame', before.qualifyPaPerGame)!,
      qualifyIpPerGame: pick('qualifyIpPerGame', before.qualifyIpPerGame)!,
    };
    const errors = leagueRuleErrors(merged);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
    if (input.divisionId !== undefined) await assertDivision(tx, mainId, merged.divisionId);
    if (input.leagueName !== undefined)
      await assertNameFree(tx, seasonId, merged.leagueName, leagueId);
    await tx.updateTable('leagues').set(columns(merged)).where('id', '=', leagueId).execute();
    const after = await getLeague(tx, leagueId);
    await audit(tx, {
      userId: user.id,
      action: 'update',
      entity: 'league',
      entityId: leagueId,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a league without games, with its teams, rosters, staff, final ranks and awards. */
export async function deleteLeague(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  leagueId: number,
): Promise<League> {
  return writeTx(db, async (tx) => {
    const before = await getLeagueInScope(tx, mainId, seasonId, leagueId);
    const games = await tx
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('league_id', '=', leagueId)
      .executeTakeFirstOrThrow();
    const count = Number(games.n);
    if (count > 0)
      throw conflict(
        `이 리그에 경기가 ${count}개 있어 삭제할 수 없습니다. 경기를 먼저 삭제해 주세요.`,
      );
    const players = await tx
      .deleteFrom('league_players')
      .where('league_id', '=', leagueId)
      .executeTakeFirst();
    await tx.deleteFrom('league_coaches').where('league_id', '=', leagueId).execute();
    await tx.deleteFrom('league_results').where('league_id', '=', leagueId).execute();
    await tx.deleteFrom('league_awards').where('league_id', '=', leagueId).execute();
    await tx.deleteFrom('league_teams').where('league_id', '=', leagueId).execute();
    await tx.deleteFrom('leagues').where('id', '=', leagueId).execute();
    await audit(tx, {
      userId: user.id,
      action: 'delete',
      entity: 'league',
      entityId: leagueId,
      before: { ...before, rosterEntriesRemoved: Number(players.numDeletedRows) },
    });
    return before;
  });
}

/** Stores an uploaded image (checked on its content, at most 2 MB) as the league's logo. */
export async function setLeagueLogo(
  db: Db,
  sharedDir: string,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  leagueId: number,
  file: unknown,
): Promise<League> {
  return writeTxWithUploads(db, sharedDir, async (tx, save) => {
    const before = await getLeagueInScope(tx, mainId, seasonId, leagueId);
    const saved = await save(file, {
      kinds: ['image'],
      maxBytes: leagueLimits.logoBytesMax,
      userId: user.id,
    });
    await tx.updateTable('leagues').set({ logo: saved.path }).where('id', '=', leagueId).execute();
    const after = await getLeague(tx, leagueId);
    await audit(tx, {
      userId: user.id,
      action: 'update',
      entity: 'league_logo',
      entityId: leagueId,
      before: { logo: before.logo },
      after: { logo: after.logo, uploadId: saved.id },
    });
    return after;
  });
}
