import * as z from 'zod';
import { label, text } from '../validation/index.ts';
import { imageUrl } from './team.ts';
import { day, periodFields, periodOk, personalNote, toDateMessage } from './player.ts';

export const coachRoles = ['감독', '코치', '단장'] as const;

const fields = {
  name: label(text().min(1).max(50), '이름'),
  birthDate: day('생년월일').nullable(),
  phone: label(text().regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/), '전화번호').nullable(),
  photo: imageUrl('사진'),
  userId: label(z.number().int().positive(), '회원').nullable(),
};

/** A coach as the admin form sends it. */
export const coachInput = z.object({
  mainId: label(z.number().int().positive(), '협회')
    .optional()
    .meta({ description: '협회 번호. 생략하면 기본 협회(sbsa)' }),
  name: fields.name,
  birthDate: fields.birthDate.default(null),
  phone: fields.phone.default(null),
  photo: fields.photo.default(null),
  userId: fields.userId.default(null).meta({ description: '연결된 회원 번호' }),
});

/** Only the fields sent are changed. */
export const coachUpdate = z.object({
  name: fields.name.optional(),
  birthDate: fields.birthDate.optional(),
  phone: fields.phone.optional(),
  photo: fields.photo.optional(),
  userId: fields.userId.optional(),
});

const careerFields = {
  teamId: label(z.number().int().positive(), '팀'),
  role: label(z.enum(coachRoles), '역할'),
};

/** One team in a coach's career (team_coaches) with the role held there. */
export const coachCareerInput = z
  .object({
    teamId: careerFields.teamId,
    role: careerFields.role,
    fromDate: periodFields.fromDate,
    toDate: periodFields.toDate.default(null),
  })
  .refine(periodOk, { path: ['toDate'], error: toDateMessage });

export const coachCareerUpdate = z
  .object({
    teamId: careerFields.teamId.optional(),
    role: careerFields.role.optional(),
    fromDate: periodFields.fromDate.optional(),
    toDate: periodFields.toDate.optional(),
  })
  .refine(periodOk, { path: ['toDate'], error: toDateMessage });

export const coachCurrentTeam = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  role: z.enum(coachRoles),
});

export const coach = z.object({
  id: z.number().int(),
  mainId: z.number().int(),
  name: z.string(),
  photo: z.string().nullable(),
  currentTeams: z.array(coachCurrentTeam).meta({ description: '오늘 기준 소속 팀과 역할' }),
  birthDate: z.string().nullable().optional().meta({ description: personalNote }),
  phone: z.string().nullable().optional().meta({ description: personalNote }),
  userId: z.number().int().nullable().optional().meta({ description: personalNote }),
  erasedAt: z
    .string()
    .optional()
    .meta({ description: '개인정보를 본인 요구로 지운 때(ISO 8601). 지운 사람에게만 있습니다.' }),
});

export const coachCareer = z.object({
  id: z.number().int(),
  coachId: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  role: z.enum(coachRoles),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  current: z.boolean(),
});

export type CoachInput = z.input<typeof coachInput>;
export type CoachValues = z.output<typeof coachInput>;
export type CoachUpdate = z.output<typeof coachUpdate>;
export type Coach = z.infer<typeof coach>;
export type CoachCareerValues = z.output<typeof coachCareerInput>;
export type CoachCareerUpdate = z.output<typeof coachCareerUpdate>;
export type CoachCareer = z.infer<typeof coachCareer>;
