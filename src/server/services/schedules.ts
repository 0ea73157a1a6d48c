import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { ApiError, badRequest, conflict } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { teamEligibility } from './eligibility.ts';
import { writeTxWithUploads } from './uploads.ts';
import type { SavedUpload } from './uploads.ts';
import {
  gamesQuery,
  getGame,
  getLeague,
  leagueTeams,
  toAdminGame,
  toGameSummary,
} from './games.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import type { GameQueryRow } from './games.ts';
import { gameLimits } from '../../lib/schemas/game.ts';
import {
  cellText,
  headerColumns,
  normalizeName,
  readDate,
  readTime,
} from '../sheets/sheet-cells.ts';
import type { SheetCell } from '../sheets/sheet-cells.ts';
import { SHEET_FILE_MAX_BYTES } from '../sheets/sheet-rules.ts';
import type {
  AdminGame,
  GameCreateValues,
  GameSummary,
  GameUpdateValues,
  RecordFormGame,
  ScheduleFileRow,
} from '../../lib/schemas/game.ts';

/** Schedules: games one by one, from a spreadsheet, and the admin lists of games and their records. */

type Reader = Db | Tx;

/* ---------- One game at a time ---------- */

async function nextGameNo(db: Reader, leagueId: number): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.max('game_no').as('n'))
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

async function assertTeamsInLeague(
  db: Reader,
  leagueId: number,
  teams: { homeTeamId: number; awayTeamId: number },
) {
  const ids = new Set((await leagueTeams(db, leagueId)).map((t) => t.id));
  const errors: Record<string, string> = {};
  if (!ids.has(teams.homeTeamId)) errors.homeTeamId = '이 리그에 참가한 팀이 아닙니다.';
  if (!ids.has(teams.awayTeamId)) errors.awayTeamId = '이 리그에 참가한 팀이 아닙니다.';
  if (teams.homeTeamId === teams.awayTeamId)
    errors.awayTeamId ??= '홈 팀과 원정 팀은 서로 달라야 합니다.';
  const paths = Object.keys(errors);
  if (paths.length > 0) throw badRequest(errors[paths[0]], errors);
}

async function assertGameNoFree(
  db: Reader,
  leagueId: number,
  gameNo: number,
  exceptGameId?: number,
) {
  let query = db
    .selectFrom('games')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('game_no', '=', gameNo);
  if (exceptGameId !== undefined) query = query.where('id', '<>', exceptGameId);
  if (await query.executeTakeFirst()) {
    const message = `경기 번호 ${gameNo}번은 이미 있습니다.`;
    throw new ApiError(409, message, { gameNo: message });
  }
}

async function hasRecord(db: Reader, gameId: number): Promise<boolean> {
  const row = await db
    .selectFrom('games')
    .select('status')
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (row?.status === 'final' || row?.status === 'forfeit') return true;
  const found = await db
    .selectFrom('game_innings')
    .select('game_id')
    .where('game_id', '=', gameId)
    .union(db.selectFrom('game_batting').select('game_id').where('game_id', '=', gameId))
    .union(db.selectFrom('game_pitching').select('game_id').where('game_id', '=', gameId))
    .executeTakeFirst();
  return found !== undefined;
}

/** Adds a game to a league's schedule; the game number defaults to the next free one. */
export async function createGame(
  db: Db,
  leagueId: number,
  values: GameCreateValues,
  userId: number,
): Promise<GameSummary> {
  return writeTx(db, async (tx) => {
    await getLeague(tx, leagueId);
    await assertTeamsInLeague(tx, leagueId, values);
    const gameNo = values.gameNo ?? (await nextGameNo(tx, leagueId));
    await assertGameNoFree(tx, leagueId, gameNo);
    const row = await tx
      .insertInto('games')
      .values({
        league_id: leagueId,
        game_no: gameNo,
        round: values.round,
        stage: values.stage,
        game_date: values.date,
        game_time: values.time,
        venue: values.venue,
        home_team_id: values.homeTeamId,
        away_team_id: values.awayTeamId,
        notes: values.notes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getGame(tx, row.id);
    await audit(tx, { userId, action: 'create', entity: 'game', entityId: row.id, after });
    return after;
  });
}

/** Edits a game: fields, rescheduling, postponing, cancelling or suspending. Teams and status stay once a record exists. */
export async function updateGame(
  db: Db,
  leagueId: number,
  gameId: number,
  values: GameUpdateValues,
  userId: number,
): Promise<GameSummary> {
  return writeTx(db, async (tx) => {
    const before = await getGame(tx, gameId, leagueId);
    const homeTeamId = values.homeTeamId ?? before.homeTeamId;
    const awayTeamId = values.awayTeamId ?? before.awayTeamId;
    const teamsChange = homeTeamId !== before.homeTeamId || awayTeamId !== before.awayTeamId;
    const statusChange = values.status !== undefined && values.status !== before.status;
    if ((teamsChange || statusChange) && (await hasRecord(tx, gameId))) {
      throw conflict(
        '기록이 입력된 경기는 팀이나 경기 상태를 바꿀 수 없습니다. 먼저 경기 기록을 고치거나 지워 주세요.',
      );
    }
    if (teamsChange) await assertTeamsInLeague(tx, leagueId, { homeTeamId, awayTeamId });
    if (values.gameNo !== undefined && values.gameNo !== before.gameNo)
      await assertGameNoFree(tx, leagueId, values.gameNo, gameId);
    await tx
      .updateTable('games')
      .set({
        ...(values.gameNo !== undefined ? { game_no: values.gameNo } : {}),
        ...(values.round !== undefined ? { round: values.round } : {}),
        ...(values.stage !== undefined ? { stage: values.stage } : {}),
        ...(values.date !== undefined ? { game_date: values.date } : {}),
        ...(values.time !== undefined ? { game_time: values.time } : {}),
        ...(values.venue !== undefined ? { venue: values.venue } : {}),
        ...(values.notes !== undefined ? { notes: values.notes } : {}),
        ...(values.status !== undefined ? { status: values.status } : {}),
        home_team_id: homeTeamId,
        away_team_id: awayTeamId,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', gameId)
      .execute();
    const after = await getGame(tx, gameId);
    await audit(tx, { userId, action: 'update', entity: 'game', entityId: gameId, before, after });
    return after;
  });
}

/** Removes a game that has no record yet. */
export async function deleteGame(
  db: Db,
  leagueId: number,
  gameId: number,
  userId: number,
): Promise<{ gameId: number }> {
  return writeTx(db, async (tx) => {
    const before = await getGame(tx, gameId, leagueId);
    if (await hasRecord(tx, gameId)) {
      throw conflict('기록이 입력된 경기는 삭제할 수 없습니다. 먼저 경기 기록을 지워 주세요.');
    }
    await tx.deleteFrom('games').where('id', '=', gameId).execute();
    await audit(tx, { userId, action: 'delete', entity: 'game', entityId: gameId, before });
    return { gameId };
  });
}

/* ---------- Admin lists ---------- */

/** Every game of a league of the season (optionally of one team), with where its record stands. */
export async function adminSchedule(
  db: Reader,
  seasonId: number,
  leagueId: number,
  teamId?: number,
): Promise<AdminGame[]> {
  const league = await getLeague(db, leagueId);
  if (league.season_id !== seasonId) throw new ApiError(404, '이 시즌의 리그가 아닙니다.');
  let query = gamesQuery(db).where('games.league_id', '=', leagueId);
  if (teamId !== undefined) {
    const teams = await leagueTeams(db, leagueId);
    if (!teams.some((t) => t.id === teamId))
      throw new ApiError(404, '이 리그에 참가한 팀이 아닙니다.');
    query = query.where((eb) =>
      eb.or([eb('games.home_team_id', '=', teamId), eb('games.away_team_id', '=', teamId)]),
    );
  }
  const rows = await query
    .orderBy('games.game_date')
    .orderBy(sql`coalesce(games.game_time, '99:99')`)
    .orderBy('games.game_no')
    .execute();
  const today = seoulToday();
  return rows.map((r) => toAdminGame(toGameSummary(r as GameQueryRow), today));
}

/** Games of a league whose date has come and whose record is missing or unfinished (suspended). */
export async function gamesNeedingRecords(db: Reader, leagueId: number): Promise<AdminGame[]> {
  await getLeague(db, leagueId);
  const today = seoulToday();
  const rows = await gamesQuery(db)
    .where('games.league_id', '=', leagueId)
    .where('games.status', 'in', ['scheduled', 'suspended'])
    .where('games.game_date', '<=', today)
    .orderBy('games.game_date')
    .orderBy('games.game_no')
    .execute();
  return rows.map((r) => toAdminGame(toGameSummary(r as GameQueryRow), today));
}

/** One game for the record form, with who may and may not play on each side. */
export async function recordFormGame(
  db: Reader,
  leagueId: number,
  gameId: number,
): Promise<RecordFormGame> {
  const game = await getGame(db, gameId, leagueId);
  const facts = { leagueId, gameDate: game.date };
  return {
    ...toAdminGame(game),
    home: await teamEligibility(db, facts, game.homeTeamId),
    away: await teamEligibility(db, facts, game.awayTeamId),
  };
}

/* ---------- Schedule files ---------- */

type Column = 'date' | 'time' | 'venue' | 'home' | 'away' | 'round' | 'gameNo';

/** The columns of the template, and of a file without a header row. */
export const TEMPLATE_COLUMNS: ReadonlyArray<{ column: Column; header: string }> = [
  { column: 'date', header: '날짜' },
  { column: 'time', header: '시간' },
  { column: 'venue', header: '구장' },
  { column: 'home', header: '홈팀' },
  { column: 'away', header: '원정팀' },
  { column: 'round', header: '라운드' },
  { column: 'gameNo', header: '경기번호' },
];

const HEADER_NAMES: Record<Column, string[]> = {
  date: ['날짜', '일자', '경기일', '경기일자', '경기날짜', 'date'],
  time: ['시간', '경기시간', '시각', '시작시간', 'time'],
  venue: ['구장', '장소', '경기장', '구장명', 'venue', 'stadium', 'field'],
  home: ['홈', '홈팀', '홈팀명', 'home', 'hometeam'],
  away: ['원정', '원정팀', '원정팀명', '어웨이', '어웨이팀', 'away', 'awayteam', 'visitor'],
  round: ['라운드', '회차', '차수', 'round'],
  gameNo: ['경기번호', '번호', '경기no', 'no', 'gameno', 'game'],
};

function headerMap(row: SheetCell[]): Map<Column, number> | null {
  return headerColumns(row, HEADER_NAMES, ['date', 'home', 'away']);
}

export const MAX_SCHEDULE_ROWS = 1000;

interface TeamRef {
  id: number;
  name: string;
  short_name: string;
}

/** The teams a name in a file may mean: the one with that name, else those with that short name (spaces and case ignored). */
export function teamMatches(text: string, teams: readonly TeamRef[]): TeamRef[] {
  const key = normalizeName(text);
  if (key === '') return [];
  const byName = teams.filter((t) => normalizeName(t.name) === key);
  if (byName.length > 0) return byName;
  return teams.filter((t) => t.short_name !== '' && normalizeName(t.short_name) === key);
}

/** Why a date falls outside the league's period (either end may be unset), or null. */
function outsidePeriod(
  date: string,
  period: { start_date: string | null; end_date: string | null },
): string | null {
  const { start_date: start, end_date: end } = period;
  if ((start && date < start) || (end && date > end))
    return `리그 기간(${start ?? ''} ~ ${end ?? ''}) 밖의 날짜입니다. 날짜가 맞는지 확인해 주세요.`;
  return null;
}

export interface ParsedSchedule {
  rows: ScheduleFileRow[];
  valid: boolean;
}

/**
 * Reads the rows of a schedule sheet against a league: each row gets its teams matched and every
 * problem listed in Korean (unknown team, bad date or time, same team twice, duplicate game).
 */
export async function previewSchedule(
  db: Reader,
  leagueId: number,
  table: SheetCell[][],
): Promise<ParsedSchedule> {
  const league = await getLeague(db, leagueId);
  const season = await db
    .selectFrom('seasons')
    .select(['year', 'main_id'])
    .where('id', '=', league.season_id)
    .executeTakeFirstOrThrow();
  const period = await db
    .selectFrom('leagues')
    .select(['start_date', 'end_date'])
    .where('id', '=', leagueId)
    .executeTakeFirstOrThrow();
  const inLeague = await leagueTeams(db, leagueId);
  const allTeams = await db
    .selectFrom('teams')
    .select(['id', 'name', 'short_name'])
    .where('main_id', '=', season.main_id)
    .execute();
  const existing = await db
    .selectFrom('games')
    .select(['game_no', 'game_date', 'game_time', 'home_team_id', 'away_team_id'])
    .where('league_id', '=', leagueId)
    .execute();

  const indexed = table.map((cells, i) => ({ line: i + 1, cells }));
  const nonEmpty = indexed.filter((r) => r.cells.some((c) => cellText(c) !== ''));
  let columns = new Map<Column, number>(TEMPLATE_COLUMNS.map((c, i) => [c.column, i]));
  let body = nonEmpty;
  const header = nonEmpty.length > 0 ? headerMap(nonEmpty[0].cells) : null;
  if (header) {
    columns = header;
    body = nonEmpty.slice(1);
  }
  const at = (cells: SheetCell[], column: Column): SheetCell => {
    const i = columns.get(column);
    return i === undefined ? null : (cells[i] ?? null);
  };

  const usedNos = new Map(existing.map((g) => [g.game_no, 0]));
  // The same two teams on the same day and time is the same game; a doubleheader differs in time.
  const pairKey = (date: string, time: string | null, home: number, away: number) =>
    `${date} ${time ?? ''}:${home}:${away}`;
  const existingPairs = new Map(
    existing.map((g) => [
      pairKey(g.game_date, g.game_time, g.home_team_id, g.away_team_id),
      g.game_no,
    ]),
  );
  const filePairs = new Map<string, number>();
  const slots = new Map<string, number>();

  // Checked before any row is read: the rows are read on the request thread.
  if (body.length > MAX_SCHEDULE_ROWS) {
    throw badRequest(
      `한 번에 ${MAX_SCHEDULE_ROWS}경기까지 올릴 수 있습니다. 파일을 나눠 올려 주세요.`,
      { file: `행이 너무 많습니다 (${body.length}행).` },
    );
  }
  const rows = body.map(({ line, cells }): ScheduleFileRow => {
    const problems: string[] = [];
    const dateCell = at(cells, 'date');
    const timeCell = at(cells, 'time');
    const date = readDate(dateCell, season.year);
    if (cellText(dateCell) === '') problems.push('날짜를 입력해 주세요.');
    else if (date === null)
      problems.push(`날짜를 읽을 수 없습니다: "${cellText(dateCell)}" (예: 2025-05-10)`);
    const time = readTime(timeCell);
    if (time === undefined)
      problems.push(`시간을 읽을 수 없습니다: "${cellText(timeCell)}" (예: 09:30)`);
    const venue = cellText(at(cells, 'venue'));
    if (venue.length > gameLimits.venueMax)
      problems.push(`구장 이름은 ${gameLimits.venueMax}자 이하여야 합니다.`);
    const round = cellText(at(cells, 'round'));
    if (round.length > gameLimits.roundMax)
      problems.push(`라운드는 ${gameLimits.roundMax}자 이하여야 합니다.`);

    const team = (column: 'home' | 'away', name: string): TeamRef | null => {
      const text = cellText(at(cells, column));
      if (text === '') {
        problems.push(`${name}을 입력해 주세요.`);
        return null;
      }
      const found = teamMatches(text, inLeague);
      if (found.length === 1) return found[0];
      if (found.length > 1)
        problems.push(
          `"${text}"에 맞는 팀이 여럿입니다 (${found.map((t) => t.name).join(', ')}). 팀 이름 전체를 적어 주세요.`,
        );
      else
        problems.push(
          teamMatches(text, allTeams).length > 0
            ? `리그에 참가하지 않는 팀입니다: "${text}"`
            : `알 수 없는 팀입니다: "${text}"`,
        );
      return null;
    };
    const home = team('home', '홈 팀');
    const away = team('away', '원정 팀');
    if (home && away && home.id === away.id) problems.push('홈 팀과 원정 팀이 같습니다.');

    // The same game already in the schedule (a re-uploaded master file) is skipped, not refused,
    // when its game number, if any, is that game's.
    const noText = cellText(at(cells, 'gameNo'));
    const existingNo =
      date && home && away && home.id !== away.id
        ? existingPairs.get(pairKey(date, time ?? null, home.id, away.id))
        : undefined;
    const skipped = existingNo !== undefined && (noText === '' || Number(noText) === existingNo);
    const outside = date ? outsidePeriod(date, period) : null;
    const warnings = outside ? [outside] : [];

    let gameNo: number | null = null;
    if (noText !== '' && !skipped) {
      const n = Number(noText);
      if (!Number.isInteger(n) || n < 1 || n > gameLimits.gameNoMax)
        problems.push(`경기 번호를 읽을 수 없습니다: "${noText}"`);
      else if (usedNos.has(n))
        problems.push(
          usedNos.get(n) === 0
            ? `경기 번호 ${n}번은 이미 일정에 있습니다.`
            : `경기 번호 ${n}번이 ${usedNos.get(n)}행에도 있습니다.`,
        );
      else {
        gameNo = n;
        usedNos.set(n, line);
      }
    }

    if (date && home && away && home.id !== away.id) {
      const key = pairKey(date, time ?? null, home.id, away.id);
      if (skipped) {
        // already in the schedule: nothing to add, nothing to check against the file's other rows
      } else if (existingPairs.has(key))
        problems.push(
          `이미 일정에 있는 경기인데 경기 번호가 다릅니다 (일정의 경기 번호 ${existingPairs.get(key)}번).`,
        );
      else if (filePairs.has(key)) problems.push(`${filePairs.get(key)}행과 같은 경기입니다.`);
      else filePairs.set(key, line);
      if (time && !skipped) {
        for (const t of [home, away]) {
          const slot = `${date} ${time}:${t.id}`;
          const other = slots.get(slot);
          if (other !== undefined && other !== line)
            problems.push(`${t.name} 팀이 같은 시간에 ${other}행 경기에도 있습니다.`);
          else slots.set(slot, line);
        }
      }
    }
    return {
      line,
      gameNo,
      round,
      date,
      time: time ?? null,
      venue,
      home: cellText(at(cells, 'home')),
      away: cellText(at(cells, 'away')),
      homeTeamId: home?.id ?? null,
      awayTeamId: away?.id ?? null,
      problems,
      warnings: skipped ? [] : warnings,
      skipped: skipped && problems.length === 0,
    };
  });
  return {
    rows,
    valid: rows.some((r) => !r.skipped) && rows.every((r) => r.problems.length === 0),
  };
}

/** Refuses a schedule with any problem: 400 listing each row's problems, keyed rows.{index}. */
export function assertScheduleValid(parsed: ParsedSchedule): void {
  if (parsed.rows.length === 0)
    throw badRequest('파일에 경기가 없습니다. 양식을 확인해 주세요.', {
      file: '파일에 경기가 없습니다.',
    });
  if (parsed.rows.every((r) => r.skipped))
    throw badRequest('파일의 경기가 모두 이미 일정에 있습니다. 새로 가져올 경기가 없습니다.', {
      file: '새로 가져올 경기가 없습니다.',
    });
  if (parsed.valid) return;
  const errors: Record<string, string> = {};
  parsed.rows.forEach((row, i) => {
    if (row.problems.length > 0) errors[`rows.${i}`] = `${row.line}행: ${row.problems.join(' ')}`;
  });
  const count = Object.keys(errors).length;
  throw badRequest(`일정 파일의 ${count}개 행에 문제가 있어 아무것도 가져오지 않았습니다.`, errors);
}

/** Adds every row of a valid schedule as a game, but those already in it (inside the caller's transaction). */
export async function importSchedule(
  tx: Tx,
  leagueId: number,
  parsed: ParsedSchedule,
): Promise<number[]> {
  const taken = new Set(
    (
      await tx.selectFrom('games').select('game_no').where('league_id', '=', leagueId).execute()
    ).map((g) => g.game_no),
  );
  const fresh = parsed.rows.filter((r) => !r.skipped);
  for (const row of fresh) if (row.gameNo !== null) taken.add(row.gameNo);
  let next = 1;
  const ids: number[] = [];
  for (const row of fresh) {
    let gameNo = row.gameNo;
    if (gameNo === null) {
      while (taken.has(next)) next++;
      gameNo = next;
      taken.add(next);
    }
    const inserted = await tx
      .insertInto('games')
      .values({
        league_id: leagueId,
        game_no: gameNo,
        round: row.round,
        stage: 'regular',
        game_date: row.date!,
        game_time: row.time,
        venue: row.venue,
        home_team_id: row.homeTeamId!,
        away_team_id: row.awayTeamId!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(inserted.id);
  }
  return ids;
}

/** Drops the link from a league to its uploaded schedule file (the file itself stays in the uploads record). */
export async function unlinkScheduleFile(
  db: Db,
  leagueId: number,
  userId: number,
): Promise<{ leagueId: number; removed: boolean }> {
  return writeTx(db, async (tx) => {
    const league = await getLeague(tx, leagueId);
    if (league.schedule_upload_id === null)
      throw new ApiError(404, '이 리그에 올린 일정 파일이 없습니다.');
    await tx
      .updateTable('leagues')
      .set({ schedule_upload_id: null })
      .where('id', '=', leagueId)
      .execute();
    await audit(tx, {
      userId,
      action: 'update',
      entity: 'league_schedule_file',
      entityId: leagueId,
      before: { uploadId: league.schedule_upload_id },
      after: { uploadId: null },
    });
    return { leagueId, removed: true };
  });
}

/** A CSV template with the columns the upload reads, and two example rows with the league's teams. */
export async function scheduleTemplate(db: Reader, leagueId: number): Promise<string> {
  const league = await getLeague(db, leagueId);
  const season = await db
    .selectFrom('seasons')
    .select('year')
    .where('id', '=', league.season_id)
    .executeTakeFirstOrThrow();
  const teams = await leagueTeams(db, leagueId);
  const a = teams[0]?.name ?? '홈팀 이름';
  const b = teams[1]?.name ?? '원정팀 이름';
  // A leading = + - @ would make a spreadsheet read the cell as a formula.
  const quote = (raw: string) => {
    const s = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
    return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [
    TEMPLATE_COLUMNS.map((c) => c.header),
    [`${season.year}-05-10`, '09:00', '○○구장', a, b, '1라운드', ''],
    [`${season.year}-05-10`, '11:00', '○○구장', b, a, '1라운드', ''],
  ];
  return `\ufeff${lines.map((l) => l.map(quote).join(',')).join('\r\n')}\r\n`;
}

export interface ScheduleImport {
  parsed: ParsedSchedule;
  gameIds: number[];
  upload: SavedUpload;
}

/**
 * Imports a checked schedule file in one transaction: every row valid or nothing written; stores the
 * file as the league's schedule file (leagues.schedule_upload_id) and adds every row as a game.
 */
export async function importScheduleFile(
  db: Db,
  sharedDir: string,
  leagueId: number,
  table: SheetCell[][],
  file: File,
  userId: number,
): Promise<ScheduleImport> {
  return writeTxWithUploads(db, sharedDir, async (tx, save) => {
    const league = await getLeague(tx, leagueId);
    const parsed = await previewSchedule(tx, leagueId, table);
    assertScheduleValid(parsed);
    const upload = await save(file, {
      kinds: ['spreadsheet'],
      maxBytes: SHEET_FILE_MAX_BYTES,
      userId,
    });
    await tx
      .updateTable('leagues')
      .set({ schedule_upload_id: upload.id })
      .where('id', '=', leagueId)
      .execute();
    const gameIds = await importSchedule(tx, leagueId, parsed);
    await audit(tx, {
      userId,
      action: 'import',
      entity: 'schedule',
      entityId: leagueId,
      before: { uploadId: league.schedule_upload_id },
      after: { uploadId: upload.id, originalName: upload.originalName, gameIds },
    });
    return { parsed, gameIds, upload };
  });
}
