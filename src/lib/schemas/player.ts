import * as z from 'zod';
import { label, text } from '../validation/index.ts';
import { imageUrl } from './team.ts';

/** How the API document says who gets a person's personal fields (server: auth/personal-fields.ts). */
export const personalNote =
  '사이트 관리자, 협회 관리자·리그 운영자, 그 사람이 지금 속한 팀의 관리자에게만 (그 밖에는 빠짐)';

/** A calendar day, YYYY-MM-DD. */
export const day = (text: string) => label(z.iso.date(), text);

export const toDateMessage = '종료일은 시작일과 같거나 그 뒤여야 합니다.';

/** A career period: from a day to a day, or open-ended (still on the team). */
export const periodFields = {
  fromDate: day('시작일'),
  toDate: day('종료일').nullable(),
};

/** A period whose end, if any, is not before its start. */
export const periodOk = (v: { fromDate?: string; toDate?: string | null }) =>
  !v.fromDate || !v.toDate || v.toDate >= v.fromDate;

const fields = {
  name: label(text().min(1).max(50), '이름'),
  birthDate: day('생년월일').nullable(),
  gender: label(z.enum(['M', 'F']), '성별').nullable(),
  bats: label(z.enum(['R', 'L', 'S']), '타격').nullable(),
  throws: label(z.enum(['R', 'L']), '투구').nullable(),
  position: label(text().max(20), '포지션'),
  photo: imageUrl('사진'),
  userId: label(z.number().int().positive(), '회원').nullable(),
};

/** A player as the admin form sends it. */
export const playerInput = z.object({
  mainId: label(z.number().int().positive(), '협회')
    .optional()
    .meta({ description: '협회 번호. 생략하면 기본 협회(sbsa)' }),
  name: fields.name,
  birthDate: fields.birthDate.default(null),
  gender: fields.gender.default(null).meta({ description: 'M 남, F 여' }),
  bats: fields.bats.default(null).meta({ description: 'R 우타, L 좌타, S 양타' }),
  throws: fields.throws.default(null).meta({ description: 'R 우투, L 좌투' }),
  position: fields.position.default(''),
  photo: fields.photo.default(null),
  userId: fields.userId.default(null).meta({ description: '연결된 회원 번호' }),
  teamId: label(z.number().int().positive(), '소속 팀')
    .nullable()
    .default(null)
    .meta({ description: '소속 팀 번호. 주면 오늘부터의 소속 경력을 함께 만듭니다' }),
  backNumber: label(z.number().int().min(0).max(999), '등번호')
    .nullable()
    .default(null)
    .meta({ description: '소속 팀에서의 등번호 (teamId와 함께)' }),
});

/**
 * A new player registered straight onto a team (a team manager's "새 선수 등록"): the person, the
 * back number, and the day the career starts (today when left out).
 */
export const teamPlayerInput = z.object({
  name: fields.name,
  birthDate: fields.birthDate.default(null),
  gender: fields.gender.default(null),
  bats: fields.bats.default(null),
  throws: fields.throws.default(null),
  position: fields.position.default(''),
  backNumber: label(z.number().int().min(0).max(999), '등번호').nullable().default(null),
  fromDate: day('소속 시작일').optional(),
});
export type TeamPlayerInput = z.infer<typeof teamPlayerInput>;

/** Only the fields sent are changed. */
export const playerUpdate = z.object({
  name: fields.name.optional(),
  birthDate: fields.birthDate.optional(),
  gender: fields.gender.optional(),
  bats: fields.bats.optional(),
  throws: fields.throws.optional(),
  position: fields.position.optional(),
  photo: fields.photo.optional(),
  userId: fields.userId.optional(),
});

const careerFields = {
  teamId: label(z.number().int().positive(), '팀'),
  backNumber: label(z.number().int().min(0).max(999), '등번호').nullable(),
};

/** One team in a player's career (team_players). */
export const playerCareerInput = z
  .object({
    teamId: careerFields.teamId,
    backNumber: careerFields.backNumber.default(null),
    fromDate: periodFields.fromDate,
    toDate: periodFields.toDate.default(null),
  })
  .refine(periodOk, { path: ['toDate'], error: toDateMessage });

export const playerCareerUpdate = z
  .object({
    teamId: careerFields.teamId.optional(),
    backNumber: careerFields.backNumber.optional(),
    fromDate: periodFields.fromDate.optional(),
    toDate: periodFields.toDate.optional(),
  })
  .refine(periodOk, { path: ['toDate'], error: toDateMessage });

export const currentTeam = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  backNumber: z.number().int().nullable(),
});

export const player = z.object({
  id: z.number().int(),
  mainId: z.number().int(),
  name: z.string(),
  gender: z.enum(['M', 'F']).nullable(),
  bats: z.enum(['R', 'L', 'S']).nullable(),
  throws: z.enum(['R', 'L']).nullable(),
  position: z.string(),
  photo: z.string().nullable(),
  currentTeams: z
    .array(currentTeam)
    .meta({ description: '오늘 기준 소속 팀(경력 중 끝나지 않은 것)' }),
  birthDate: z.string().nullable().optional().meta({ description: personalNote }),
  userId: z.number().int().nullable().optional().meta({ description: personalNote }),
  erasedAt: z
    .string()
    .optional()
    .meta({ description: '개인정보를 본인 요구로 지운 때(ISO 8601). 지운 사람에게만 있습니다.' }),
});

export const playerCareer = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  backNumber: z.number().int().nullable(),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  current: z.boolean().meta({ description: '오늘 기준 소속 중인지' }),
});

export type PlayerInput = z.input<typeof playerInput>;
export type PlayerValues = z.output<typeof playerInput>;
export type PlayerUpdate = z.output<typeof playerUpdate>;
export type Player = z.infer<typeof player>;
export type PlayerCareerValues = z.output<typeof playerCareerInput>;
export type PlayerCareerUpdate = z.output<typeof playerCareerUpdate>;
export type PlayerCareer = z.infer<typeof playerCareer>;
