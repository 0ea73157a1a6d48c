import * as z from 'zod';
import { label, text } from '../validation/index.ts';
import { imageUrl } from './team.ts';
import { day } from './player.ts';

/** 1 협회 관리자, 2 리그 운영자, 3 기록원 */
export const managerGrades = [1, 2, 3] as const;
export const boardRoles = ['read', 'write', 'admin'] as const;

export const passwordLimits = { min: 8, max: 200 } as const;

/**
 * The shape of a new password (NIST SP 800-63B §3.1.1.2): at least 8 characters, counted as
 * Unicode code points, not all blank; no rules about which kinds of characters. The server also
 * refuses common passwords (`newPassword` in src/server/auth/password-policy.ts), a list too
 * large to ship to the browser.
 */
export const passwordShape = label(
  z
    .string()
    .min(passwordLimits.min)
    .max(passwordLimits.max)
    .refine((v) => [...v].length >= passwordLimits.min, {
      message: `비밀번호는 ${passwordLimits.min}자 이상이어야 합니다.`,
      abort: true,
    })
    .refine((v) => v.trim() !== '', {
      message: '비밀번호를 공백만으로 정할 수는 없습니다.',
    }),
  '비밀번호',
);

const fields = {
  email: label(z.email().max(200), '이메일'),
  password: passwordShape,
  username: label(text().min(1).max(50), '이름'),
  nickname: label(text().max(50), '닉네임'),
  phone: label(text().regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/), '전화번호').nullable(),
  photo: imageUrl('사진'),
  gender: label(z.enum(['M', 'F']), '성별').nullable(),
  birthday: day('생년월일').nullable(),
  isAdmin: label(z.boolean(), '사이트 관리자'),
  disabled: label(z.boolean(), '사용 중지'),
};

/** A user account as the admin creates it. */
export const userInput = z.object({
  email: fields.email,
  password: fields.password,
  username: fields.username,
  nickname: fields.nickname.default(''),
  phone: fields.phone.default(null),
  photo: fields.photo.default(null),
  gender: fields.gender.default(null),
  birthday: fields.birthday.default(null),
  isAdmin: fields.isAdmin.default(false),
});

/** Only the fields sent are changed; a password given here replaces the old one. */
export const userUpdate = z.object({
  email: fields.email.optional(),
  password: fields.password.optional(),
  username: fields.username.optional(),
  nickname: fields.nickname.optional(),
  phone: fields.phone.optional(),
  photo: fields.photo.optional(),
  gender: fields.gender.optional(),
  birthday: fields.birthday.optional(),
  isAdmin: fields.isAdmin.optional(),
  disabled: fields.disabled.optional(),
});

/** Links an account to a player or a coach record (one of the two). */
export const userLinkInput = z
  .object({
    playerId: label(z.number().int().positive(), '선수').optional(),
    coachId: label(z.number().int().positive(), '지도자').optional(),
  })
  .refine((v) => (v.playerId === undefined) !== (v.coachId === undefined), {
    path: ['playerId'],
    error: '연결할 선수나 지도자 중 하나를 골라 주세요.',
  });

export const managerInput = z.object({
  userId: label(z.number().int().positive(), '회원'),
  grade: label(z.literal(managerGrades), '등급').meta({
    description: '1 협회 관리자, 2 리그 운영자, 3 기록원',
  }),
});

export const managerGradeInput = managerInput.pick({ grade: true });

export const teamManagerInput = z.object({
  userId: label(z.number().int().positive(), '회원'),
});

export const boardRoleInput = z.object({
  role: label(z.enum(boardRoles), '권한').meta({
    description: 'read 읽기, write 쓰기, admin 관리',
  }),
});

/** A user as the admin list shows it; never the password hash. */
export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  birthday: z.string().nullable(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  playerIds: z.array(z.number().int()).meta({ description: '연결된 선수 번호' }),
  coachIds: z.array(z.number().int()).meta({ description: '연결된 지도자 번호' }),
  erasedAt: z
    .string()
    .optional()
    .meta({ description: '개인정보를 본인 요구로 지운 때(ISO 8601). 지운 사람에게만 있습니다.' }),
});

/** GET /api/user/{id}: the profile of the stored login user. */
export const userProfile = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  birthday: z.string().nullable(),
  isAdmin: z.boolean(),
});

export const leagueManager = z.object({
  mainId: z.number().int(),
  userId: z.number().int(),
  grade: z.literal(managerGrades),
  gradeName: z.string(),
  email: z
    .string()
    .nullable()
    .meta({ description: '협회 관리자·리그 운영자와 사이트 관리자에게만; 그 밖에는 null' }),
  username: z.string(),
  nickname: z.string(),
});

export const boardRole = z.object({
  mainId: z.number().int(),
  board: z.string(),
  userId: z.number().int(),
  role: z.enum(boardRoles),
  email: z.string(),
  username: z.string(),
  nickname: z.string(),
});

export type UserInput = z.input<typeof userInput>;
export type UserValues = z.output<typeof userInput>;
export type UserUpdate = z.output<typeof userUpdate>;
export type User = z.infer<typeof user>;
export type UserProfile = z.infer<typeof userProfile>;
export type LeagueManager = z.infer<typeof leagueManager>;
export type BoardRole = z.infer<typeof boardRole>;
