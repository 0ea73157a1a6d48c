import * as z from 'zod';
import { label, text } from '../validation/index.ts';

/** An image address: an uploaded file (/uploads/…) or an https URL. */
export const imageUrl = (caption: string) =>
  label(
    text()
      .max(500)
      .regex(/^(\/uploads\/[\w./-]+|https:\/\/\S+)$/),
    caption,
  ).nullable();

const fields = {
  divisionId: label(z.number().int().positive(), '부').nullable(),
  name: label(text().min(1).max(50), '팀 이름'),
  shortName: label(text().max(20), '약칭'),
  logo: imageUrl('로고'),
  homeRegion: label(text().max(50), '연고지'),
  founded: label(z.number().int().min(1900).max(2100), '창단 연도').nullable(),
};

/** A team as the admin form sends it. */
export const teamInput = z.object({
  mainId: label(z.number().int().positive(), '협회')
    .optional()
    .meta({ description: '협회 번호. 생략하면 기본 협회(sbsa)' }),
  divisionId: fields.divisionId.default(null),
  name: fields.name,
  shortName: fields.shortName.default(''),
  logo: fields.logo.default(null),
  homeRegion: fields.homeRegion.default(''),
  founded: fields.founded.default(null),
});

/** Only the fields sent are changed. */
export const teamUpdate = z.object({
  divisionId: fields.divisionId.optional(),
  name: fields.name.optional(),
  shortName: fields.shortName.optional(),
  logo: fields.logo.optional(),
  homeRegion: fields.homeRegion.optional(),
  founded: fields.founded.optional(),
});

export const team = z.object({
  id: z.number().int(),
  mainId: z.number().int(),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  name: z.string(),
  shortName: z.string(),
  logo: z.string().nullable(),
  homeRegion: z.string(),
  founded: z.number().int().nullable(),
  playerCount: z.number().int().meta({ description: '지금 소속된 선수 수' }),
});

export const teamManager = z.object({
  teamId: z.number().int(),
  userId: z.number().int(),
  email: z
    .string()
    .nullable()
    .meta({ description: '협회 관리자·리그 운영자와 사이트 관리자에게만; 그 밖에는 null' }),
  username: z.string(),
  nickname: z.string(),
});

export type TeamInput = z.input<typeof teamInput>;
export type TeamValues = z.output<typeof teamInput>;
export type TeamUpdate = z.output<typeof teamUpdate>;
export type Team = z.infer<typeof team>;
export type TeamManager = z.infer<typeof teamManager>;
