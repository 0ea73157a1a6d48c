import * as z from 'zod';
import { label } from '../validation/index.ts';
import { league } from './league.ts';

export type RosterStatus = 'active' | 'suspended' | 'released';
export type CoachRole = '감독' | '코치' | '단장';

/** Korean name of each league-roster status. */
export const ROSTER_STATUS_LABELS: Readonly<Record<RosterStatus, string>> = {
  active: '등록',
  suspended: '출장 정지',
  released: '방출',
};

/** Roles of a team's staff, in the order they are listed. */
export const COACH_ROLES: readonly CoachRole[] = ['감독', '코치', '단장'];

/** Limits of league rosters, shared by the admin forms and the API. */
export const leagueTeamLimits = {
  teamsPerRequestMax: 100,
  playersPerTeamMax: 100,
  coachesPerTeamMax: 20,
  backNumberMax: 999,
} as const;

const teamId = label(z.number().int().positive(), '팀');

/** Teams to add to a league. Teams already in it are left as they are. */
export const addTeamsInput = z
  .object({
    teams: label(z.array(teamId).min(1).max(leagueTeamLimits.teamsPerRequestMax), '참가 팀').meta({
      description: '추가할 팀 번호 목록 (같은 협회의 팀)',
      example: [3, 4],
    }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.teams.forEach((id, i) => {
      if (seen.has(id))
        ctx.addIssue({
          code: 'custom',
          message: '같은 팀이 두 번 들어 있습니다.',
          path: ['teams', i],
          input: id,
        });
      seen.add(id);
    });
  });

export const rosterEntryInput = z.object({
  playerId: label(z.number().int().positive(), '선수'),
  backNumber: label(z.number().int().min(0).max(leagueTeamLimits.backNumberMax), '등번호')
    .nullable()
    .optional()
    .meta({ description: '0–999, 없으면 null' }),
  status: label(z.enum(['active', 'suspended', 'released']), '선수 상태')
    .default('active')
    .meta({ description: 'active 등록, suspended 출장 정지, released 방출' }),
  registeredOn: label(z.iso.date(), '등록일')
    .optional()
    .meta({ description: 'YYYY-MM-DD. 빼면 기존 선수는 기존 등록일, 새 선수는 오늘(한국 시간)' }),
});

/** A team's whole league roster; it replaces the current one. */
export const rosterInput = z
  .object({
    players: label(z.array(rosterEntryInput).max(leagueTeamLimits.playersPerTeamMax), '선수 명단'),
  })
  .superRefine((value, ctx) => {
    const players = new Set<number>();
    const numbers = new Map<number, number>();
    value.players.forEach((entry, i) => {
      if (players.has(entry.playerId)) {
        ctx.addIssue({
          code: 'custom',
          message: '같은 선수가 명단에 두 번 들어 있습니다.',
          path: ['players', i, 'playerId'],
          input: entry.playerId,
        });
      }
      players.add(entry.playerId);
      if (entry.backNumber != null) {
        if (numbers.has(entry.backNumber)) {
          ctx.addIssue({
            code: 'custom',
            message: `등번호 ${entry.backNumber}번은 이미 다른 선수가 쓰고 있습니다.`,
            path: ['players', i, 'backNumber'],
            input: entry.backNumber,
          });
        }
        numbers.set(entry.backNumber, i);
      }
    });
  });

export type RosterEntryValues = z.output<typeof rosterEntryInput>;
export type RosterInput = z.input<typeof rosterInput>;
export type RosterValues = z.output<typeof rosterInput>;

/** A team's staff in one league; it replaces the current one. */
export const leagueCoachesInput = z
  .object({
    coaches: label(
      z
        .array(
          z.object({
            coachId: label(z.number().int().positive(), '지도자'),
            role: label(z.enum(COACH_ROLES as [CoachRole, ...CoachRole[]]), '직책'),
          }),
        )
        .max(leagueTeamLimits.coachesPerTeamMax),
      '지도자 명단',
    ),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    let managerAt = -1;
    value.coaches.forEach((entry, i) => {
      if (seen.has(entry.coachId)) {
        ctx.addIssue({
          code: 'custom',
          message: '같은 지도자가 두 번 들어 있습니다.',
          path: ['coaches', i, 'coachId'],
          input: entry.coachId,
        });
      }
      seen.add(entry.coachId);
      if (entry.role === '감독') {
        if (managerAt >= 0)
          ctx.addIssue({
            code: 'custom',
            message: '감독은 한 명만 지정할 수 있습니다.',
            path: ['coaches', i, 'role'],
            input: entry.role,
          });
        else managerAt = i;
      }
    });
  });

export type LeagueCoachesValues = z.output<typeof leagueCoachesInput>;

const teamFields = {
  teamId: z.number().int(),
  teamName: z.string(),
  shortName: z.string(),
  logo: z.string().nullable().meta({ description: '로고 주소' }),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  homeRegion: z.string(),
};

/** A team as a member of one league. */
export const leagueTeam = z.object({
  leagueId: z.number().int(),
  ...teamFields,
  playerCount: z.number().int().meta({ description: '리그 명단의 선수 수 (방출 제외)' }),
});

/** A team of the association, e.g. one not yet in a league. */
export const associationTeam = z.object(teamFields);

/** A league team in the admin list, with the counts the admin needs before editing or removing it. */
export const leagueTeamAdmin = leagueTeam.extend({
  activePlayerCount: z.number().int(),
  suspendedPlayerCount: z.number().int(),
  releasedPlayerCount: z.number().int(),
  coachCount: z.number().int(),
  gameCount: z
    .number()
    .int()
    .meta({ description: '이 리그에서 이 팀의 경기 수 (있으면 리그에서 뺄 수 없음)' }),
});

/** A team taking part in a season, with the leagues it plays in. */
export const seasonTeam = z.object({
  seasonId: z.number().int(),
  ...teamFields,
  leagues: z.array(z.object({ leagueId: z.number().int(), leagueName: z.string() })),
});

/** One player of a league roster, as the public pages show it. */
export const leaguePlayer = z.object({
  leagueId: z.number().int(),
  teamId: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  backNumber: z.number().int().nullable(),
  position: z.string(),
  bats: z.enum(['R', 'L', 'S']).nullable(),
  throws: z.enum(['R', 'L']).nullable(),
  photo: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'released']),
  statusLabel: z.string(),
  registeredOn: z.string(),
  birthDate: z
    .string()
    .nullable()
    .optional()
    .meta({ description: '협회 관리자에게만 (동명이인 구별)' }),
});

/** One roster entry as the admin sees it: with personal details and whether it may be removed. */
export const leaguePlayerAdmin = leaguePlayer.extend({
  teamName: z.string(),
  leagueName: z.string(),
  birthDate: z.string().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  gameRecordCount: z.number().int().meta({
    description: '이 리그에서 남긴 경기 기록 수 (있으면 명단에서 뺄 수 없고 방출로 바꿔야 함)',
  }),
});

/** One coach of a team in a league. */
export const leagueCoach = z.object({
  leagueId: z.number().int(),
  teamId: z.number().int(),
  coachId: z.number().int(),
  coachName: z.string(),
  role: z.enum(['감독', '코치', '단장']),
  photo: z.string().nullable(),
});

export type LeagueTeam = z.infer<typeof leagueTeam>;
export type AssociationTeam = z.infer<typeof associationTeam>;
export type LeagueTeamAdmin = z.infer<typeof leagueTeamAdmin>;
export type SeasonTeam = z.infer<typeof seasonTeam>;
export type LeaguePlayer = z.infer<typeof leaguePlayer>;
export type LeaguePlayerAdmin = z.infer<typeof leaguePlayerAdmin>;
export type LeagueCoach = z.infer<typeof leagueCoach>;

/** One team in one league: the team, the league (with its association) and the size of its roster. */
export const leagueTeamDetail = leagueTeam.extend({
  league,
  coachCount: z.number().int(),
});

export type LeagueTeamDetail = z.infer<typeof leagueTeamDetail>;
