import type { Db } from '../db/database.ts';
import type { GameStage, GameStatus, ManagerGrade } from '../db/schema.ts';
import { notFound } from '../http/api-error.ts';
import { DEFAULT_ASSOCIATION } from '../db/default-association.ts';
import { uploadUrl } from './uploads.ts';
import { listSeasons } from './seasons.ts';
import type { Season } from '../../lib/schemas/season.ts';
import {
  LEAGUE_STATUS_LABELS,
  RANKING_METHOD_LABELS,
  TIE_BREAKER_LABELS,
  leagueLimits,
} from '../../lib/schemas/league.ts';
import { COACH_ROLES, ROSTER_STATUS_LABELS } from '../../lib/schemas/league-team.ts';
import { gameStageLabels, gameStatusLabels } from '../../lib/schemas/game.ts';

/** The manager grades of an association and what each may do. */
export const MANAGER_GRADES: ReadonlyArray<{
  grade: ManagerGrade;
  name: string;
  description: string;
}> = [
  { grade: 1, name: '협회 관리자', description: '협회의 모든 정보를 관리합니다.' },
  {
    grade: 2,
    name: '리그 운영자',
    description: '시즌, 리그, 리그 명단, 일정, 경기, 기록, 결과, 공지를 관리합니다.',
  },
  { grade: 3, name: '기록원', description: '경기 기록만 입력합니다.' },
];

export const gradeName = (grade: ManagerGrade) =>
  MANAGER_GRADES.find((g) => g.grade === grade)?.name ?? '';

export interface LeagueMain {
  mainId: number;
  path: string;
  name: string;
  shortName: string;
  logo: string | null;
}

/** A stored file path as a public address; addresses stored as they are pass through. */
export function fileUrl(stored: string | null): string | null {
  if (!stored) return null;
  return /^(\/|https?:)/.test(stored) ? stored : uploadUrl(stored);
}

type MainRow = { id: number; path: string; name: string; short_name: string; logo: string | null };

const toMain = (row: MainRow): LeagueMain => ({
  mainId: row.id,
  path: row.path,
  name: row.name,
  shortName: row.short_name,
  logo: fileUrl(row.logo),
});

/** The association with this id; 404 when there is none. */
export async function getMainById(db: Db, mainId: number): Promise<LeagueMain> {
  const row = await db
    .selectFrom('league_main')
    .select(['id', 'path', 'name', 'short_name', 'logo'])
    .where('id', '=', mainId)
    .executeTakeFirst();
  if (!row) throw notFound('협회');
  return toMain(row);
}

/** The association at this path (e.g. `sbsa`); 404 when there is none. */
export async function getMainByPath(db: Db, path: string): Promise<LeagueMain> {
  const row = await db
    .selectFrom('league_main')
    .select(['id', 'path', 'name', 'short_name', 'logo'])
    .where('path', '=', path)
    .executeTakeFirst();
  if (!row) throw notFound('협회');
  return toMain(row);
}

const codeLabels = <K extends string>(labels: Readonly<Record<K, string>>) =>
  (Object.entries(labels) as Array<[K, string]>).map(([code, label]) => ({ code, label }));

export interface PublicConfig {
  defaultMainId: number;
  defaultMainPath: string;
  defaultMainName: string;
  leagueMain: LeagueMain;
  activeSeason: Season | null;
  seasons: Season[];
  gameStatuses: Array<{ code: GameStatus; label: string }>;
  gameStages: Array<{ code: GameStage; label: string }>;
  leagueStatuses: Array<{ code: keyof typeof LEAGUE_STATUS_LABELS; label: string }>;
  rosterStatuses: Array<{ code: keyof typeof ROSTER_STATUS_LABELS; label: string }>;
  rankingMethods: Array<{ code: keyof typeof RANKING_METHOD_LABELS; label: string }>;
  tieBreakers: Array<{ code: keyof typeof TIE_BREAKER_LABELS; label: string }>;
  coachRoles: string[];
  grades: Array<{ grade: ManagerGrade; name: string; description: string }>;
  limits: { leagueLogoBytesMax: number };
}

/** What every screen needs before anything else: the default association, its seasons and the Korean labels. */
export async function publicConfig(db: Db): Promise<PublicConfig> {
  const main = await getMainByPath(db, DEFAULT_ASSOCIATION.path);
  const seasons = await listSeasons(db, main.mainId);
  return {
    defaultMainId: main.mainId,
    defaultMainPath: main.path,
    defaultMainName: main.name,
    leagueMain: main,
    activeSeason: seasons.find((s) => s.active) ?? null,
    seasons,
    gameStatuses: codeLabels(gameStatusLabels),
    gameStages: codeLabels(gameStageLabels),
    leagueStatuses: codeLabels(LEAGUE_STATUS_LABELS),
    rosterStatuses: codeLabels(ROSTER_STATUS_LABELS),
    rankingMethods: codeLabels(RANKING_METHOD_LABELS),
    tieBreakers: codeLabels(TIE_BREAKER_LABELS),
    coachRoles: [...COACH_ROLES],
    grades: MANAGER_GRADES.map((g) => ({ ...g })),
    limits: { leagueLogoBytesMax: leagueLimits.logoBytesMax },
  };
}

/** The board key of notices in `board_roles` (services/notices.ts uses the same key). */
const noticeBoard = 'notice';

export interface Writer {
  userId: number;
  username: string;
  nickname: string;
  email?: string;
  isAdmin: boolean;
  grade: ManagerGrade | null;
  gradeName: string | null;
  boardRole: 'write' | 'admin' | null;
}

/**
 * Who may write notices of the association: site admins, 협회 관리자 and 리그 운영자, and users given
 * the write or admin role on the notice board. Disabled accounts are left out.
 */
export async function listWriters(db: Db, mainId: number, withEmail: boolean): Promise<Writer[]> {
  await getMainById(db, mainId);
  const users = await db
    .selectFrom('users')
    .leftJoin('league_managers', (join) =>
      join
        .onRef('league_managers.user_id', '=', 'users.id')
        .on('league_managers.main_id', '=', mainId),
    )
    .leftJoin('board_roles', (join) =>
      join
        .onRef('board_roles.user_id', '=', 'users.id')
        .on('board_roles.main_id', '=', mainId)
        .on('board_roles.board', '=', noticeBoard),
    )
    .select([
      'users.id',
      'users.username',
      'users.nickname',
      'users.email',
      'users.is_admin',
      'league_managers.grade',
      'board_roles.role',
    ])
    .where('users.disabled', '=', 0)
    .where((eb) =>
      eb.or([
        eb('users.is_admin', '=', 1),
        eb('league_managers.grade', 'in', [1, 2]),
        eb('board_roles.role', 'in', ['write', 'admin']),
      ]),
    )
    .orderBy('users.is_admin', 'desc')
    .orderBy('users.id')
    .execute();
  const writers = users.map((row): Writer => {
    const grade = row.grade ?? null;
    const boardRole = row.role === 'write' || row.role === 'admin' ? row.role : null;
    return {
      userId: row.id,
      username: row.username,
      nickname: row.nickname,
      ...(withEmail ? { email: row.email } : {}),
      isAdmin: row.is_admin === 1,
      grade,
      gradeName: grade === null ? null : gradeName(grade),
      boardRole,
    };
  });
  const rank = (w: Writer) => (w.isAdmin ? 0 : (w.grade ?? 9));
  return writers.sort((a, b) => rank(a) - rank(b) || a.userId - b.userId);
}
