import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { badRequest } from '../http/api-error.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import type {
  PlayerImportChoices,
  PlayerImportResult,
  PlayerImportRow,
} from '../../lib/schemas/player-import.ts';
import { cellText, headerColumns, normalizeName, readDate } from '../sheets/sheet-cells.ts';
import type { SheetCell } from '../sheets/sheet-cells.ts';
import { insertCareer, storeNewPlayer } from './players.ts';
import { teamMatches } from './schedules.ts';

/** Player files: a sheet of people with their team and back number, previewed, then imported at once. */

type Reader = Db | Tx;
type Column = 'name' | 'birth' | 'team' | 'backNumber' | 'position';

/** Header names staff write for each column (compared without spaces or case). */
const HEADER_NAMES: Record<Column, string[]> = {
  name: ['이름', '성명', '선수', '선수명', '선수이름', 'name'],
  birth: [
    '생년월일',
    '생일',
    '출생',
    '출생연도',
    '출생년도',
    '생년',
    '태어난해',
    'birth',
    'birthdate',
  ],
  team: ['팀', '팀명', '소속', '소속팀', '팀이름', 'team'],
  backNumber: ['등번호', '배번', '백넘버', '번호', 'no', 'number', 'backnumber'],
  position: ['포지션', '수비위치', '위치', 'position'],
};

export const MAX_PLAYER_ROWS = 1000;
const MAX_NAME = 50;
const MAX_POSITION = 20;

interface Person {
  id: number;
  name: string;
  birth_date: string | null;
  team_name: string | null;
}

/**
 * Reads a player sheet against an association: each row's team matched, the same-name people
 * listed, the person to use chosen (`choices`, else the one with the same birth date, else new),
 * and every problem in Korean.
 */
export async function previewPlayers(
  db: Reader,
  mainId: number,
  table: SheetCell[][],
  choices: PlayerImportChoices = {},
): Promise<{ rows: PlayerImportRow[]; valid: boolean }> {
  const nonEmpty = table
    .map((cells, i) => ({ line: i + 1, cells }))
    .filter((r) => r.cells.some((c) => cellText(c) !== ''));
  const header =
    nonEmpty.length > 0 ? headerColumns<Column>(nonEmpty[0].cells, HEADER_NAMES, ['name']) : null;
  if (!header?.has('name'))
    throw badRequest('첫 행에 열 이름(이름, 생년월일, 팀, 등번호, 포지션)을 적어 주세요.', {
      file: '제목 행이 없습니다.',
    });
  const body = nonEmpty.slice(1);
  if (body.length > MAX_PLAYER_ROWS)
    throw badRequest(
      `한 번에 ${MAX_PLAYER_ROWS}명까지 올릴 수 있습니다. 파일을 나눠 올려 주세요.`,
      {
        file: `행이 너무 많습니다 (${body.length}행).`,
      },
    );
  const columns = header;
  const at = (cells: SheetCell[], column: Column): SheetCell => {
    const i = columns.get(column);
    return i === undefined ? null : (cells[i] ?? null);
  };

  const teams = await db
    .selectFrom('teams')
    .select(['id', 'name', 'short_name'])
    .where('main_id', '=', mainId)
    .execute();
  const today = seoulToday();
  const people: Person[] = await db
    .selectFrom('players')
    .leftJoin('team_players', (j) =>
      j
        .onRef('team_players.player_id', '=', 'players.id')
        .on((eb) =>
          eb.or([eb('team_players.to_date', 'is', null), eb('team_players.to_date', '>=', today)]),
        ),
    )
    .leftJoin('teams', 'teams.id', 'team_players.team_id')
    .select(['players.id', 'players.name', 'players.birth_date', 'teams.name as team_name'])
    .where('players.main_id', '=', mainId)
    .orderBy('players.id')
    .execute();
  const byName = new Map<string, Person[]>();
  for (const p of people) {
    const key = normalizeName(p.name);
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  const seenInFile = new Map<string, number>();

  const rows = body.map(({ line, cells }): PlayerImportRow => {
    const problems: string[] = [];
    const name = cellText(at(cells, 'name'));
    if (name === '') problems.push('이름을 입력해 주세요.');
    else if (name.length > MAX_NAME) problems.push(`이름은 ${MAX_NAME}자 이하여야 합니다.`);

    const birthCell = at(cells, 'birth');
    const birthText = cellText(birthCell);
    let birthDate: string | null = null;
    let birthYear: number | null = null;
    if (/^\d{4}\s*년?$/.test(birthText)) birthYear = Number(birthText.slice(0, 4));
    else if (birthText !== '') {
      birthDate = readDate(birthCell, 0, 1900);
      if (birthDate === null || birthDate.startsWith('0000'))
        problems.push(`생년월일을 읽을 수 없습니다: "${birthText}" (예: 2001-05-10 또는 2001)`);
      else birthYear = Number(birthDate.slice(0, 4));
    }
    if (birthDate?.startsWith('0000')) birthDate = null;
    if (birthYear !== null && (birthYear < 1900 || birthYear > Number(today.slice(0, 4))))
      problems.push(`출생 연도가 맞지 않습니다: ${birthYear}`);

    const teamText = cellText(at(cells, 'team'));
    let teamId: number | null = null;
    if (teamText !== '') {
      const found = teamMatches(teamText, teams);
      if (found.length === 1) teamId = found[0].id;
      else if (found.length > 1)
        problems.push(`"${teamText}"에 맞는 팀이 여럿입니다. 팀 이름 전체를 적어 주세요.`);
      else problems.push(`협회에 없는 팀입니다: "${teamText}"`);
    }

    const backText = cellText(at(cells, 'backNumber'));
    let backNumber: number | null = null;
    if (backText !== '') {
      const n = Number(backText);
      if (!Number.isInteger(n) || n < 0 || n > 999)
        problems.push(`등번호는 0에서 999 사이의 정수여야 합니다: "${backText}"`);
      // An unknown team is its own problem; asking for a team it already has would mislead.
      else if (teamText === '') problems.push('등번호를 적으려면 팀도 적어 주세요.');
      else backNumber = n;
    }
    const position = cellText(at(cells, 'position'));
    if (position.length > MAX_POSITION)
      problems.push(`포지션은 ${MAX_POSITION}자 이하여야 합니다.`);

    const key = normalizeName(name);
    const fileKey = `${key}:${birthDate ?? birthYear ?? ''}`;
    if (name !== '') {
      const earlier = seenInFile.get(fileKey);
      if (earlier !== undefined) problems.push(`${earlier}행과 같은 선수입니다.`);
      else seenInFile.set(fileKey, line);
    }

    const sameName = name === '' ? [] : (byName.get(key) ?? []);
    const chosen = choices[String(line)];
    let person: number | 'new';
    if (chosen !== undefined) {
      person = chosen;
      if (chosen !== 'new' && !sameName.some((p) => p.id === chosen))
        problems.push('고른 기존 선수가 이 행과 이름이 같은 선수가 아닙니다.');
    } else {
      person = sameName.find((p) => birthDate !== null && p.birth_date === birthDate)?.id ?? 'new';
    }
    if (person === 'new' && birthDate !== null && sameName.some((p) => p.birth_date === birthDate))
      problems.push('이름과 생년월일이 같은 선수가 이미 있습니다. 같은 사람으로 골라 주세요.');
    if (person === 'new' && birthDate === null && sameName.some((p) => p.birth_date === null))
      problems.push(
        '생년월일 없이 같은 이름의 선수가 이미 있습니다. 같은 사람으로 고르거나 생년월일을 적어 주세요.',
      );
    if (person !== 'new' && teamId !== null) {
      const current = sameName.find((p) => p.id === person);
      if (current?.team_name && current.team_name !== teams.find((t) => t.id === teamId)?.name)
        problems.push(
          `이 선수는 지금 ${current.team_name} 소속입니다. 이전 소속을 먼저 끝내 주세요.`,
        );
    }

    return {
      line,
      name,
      birthDate,
      birthYear,
      team: teamText,
      teamId,
      backNumber,
      position,
      sameName: sameName.map((p) => ({
        playerId: p.id,
        name: p.name,
        birthDate: p.birth_date,
        teamName: p.team_name,
      })),
      person,
      problems,
    };
  });
  return { rows, valid: rows.length > 0 && rows.every((r) => r.problems.length === 0) };
}

/**
 * Imports a checked player file in one transaction: new people created, and for rows with a team a
 * career on that team from today with the back number (unless the person already plays there).
 * Any bad row: 400 listing each, nothing written.
 */
export async function importPlayers(
  db: Db,
  actorId: number,
  mainId: number,
  table: SheetCell[][],
  choices: PlayerImportChoices,
): Promise<PlayerImportResult> {
  return writeTx(db, async (tx) => {
    const parsed = await previewPlayers(tx, mainId, table, choices);
    if (parsed.rows.length === 0)
      throw badRequest('파일에 선수가 없습니다. 양식을 확인해 주세요.', {
        file: '파일에 선수가 없습니다.',
      });
    if (!parsed.valid) {
      const errors: Record<string, string> = {};
      parsed.rows.forEach((row, i) => {
        if (row.problems.length > 0)
          errors[`rows.${i}`] = `${row.line}행: ${row.problems.join(' ')}`;
      });
      throw badRequest(
        `선수 파일의 ${Object.keys(errors).length}개 행에 문제가 있어 아무것도 가져오지 않았습니다.`,
        errors,
      );
    }
    const today = seoulToday();
    let created = 0;
    let careers = 0;
    let skipped = 0;
    for (const row of parsed.rows) {
      let playerId: number;
      if (row.person === 'new') {
        const stored = await storeNewPlayer(tx, actorId, mainId, {
          name: row.name,
          birthDate: row.birthDate,
          gender: null,
          bats: null,
          throws: null,
          position: row.position,
          photo: null,
          userId: null,
        });
        playerId = stored.id;
        created++;
      } else playerId = row.person;
      if (row.teamId === null) {
        if (row.person !== 'new') skipped++;
        continue;
      }
      const open = await tx
        .selectFrom('team_players')
        .select('id')
        .where('player_id', '=', playerId)
        .where('team_id', '=', row.teamId)
        .where((eb) => eb.or([eb('to_date', 'is', null), eb('to_date', '>=', today)]))
        .executeTakeFirst();
      if (open) {
        if (row.person !== 'new') skipped++;
        continue;
      }
      await insertCareer(tx, actorId, playerId, {
        teamId: row.teamId,
        backNumber: row.backNumber,
        fromDate: today,
        toDate: null,
      });
      careers++;
    }
    return { dryRun: false, valid: true, rows: parsed.rows, created, careers, skipped };
  });
}
