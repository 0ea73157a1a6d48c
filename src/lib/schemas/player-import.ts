import { z } from 'zod';

/** A person of the association with the same name as a row of a player file. */
export const playerImportMatch = z.object({
  playerId: z.number().int(),
  name: z.string(),
  birthDate: z.string().nullable(),
  teamName: z.string().nullable().meta({ description: '지금 소속 팀, 없으면 null' }),
});

export const playerImportRow = z.object({
  line: z.number().int().meta({ description: '파일의 행 번호 (1부터, 제목 행 포함)' }),
  name: z.string(),
  birthDate: z.string().nullable().meta({ description: '읽은 생년월일 (YYYY-MM-DD)' }),
  birthYear: z
    .number()
    .int()
    .nullable()
    .meta({ description: '출생 연도 (생년월일이 없으면 연도만)' }),
  team: z.string().meta({ description: '파일에 적힌 팀 이름' }),
  teamId: z.number().int().nullable(),
  backNumber: z.number().int().nullable(),
  position: z.string(),
  sameName: z.array(playerImportMatch).meta({
    description: '협회에 이미 있는 같은 이름의 선수: choices로 같은 사람인지 정합니다',
  }),
  person: z.union([z.number().int(), z.literal('new')]).meta({
    description:
      '가져올 때 쓸 사람: 기존 선수 번호(같은 사람) 또는 new(다른 사람, 새로 등록). 기본은 생년월일이 같은 기존 선수, 없으면 new',
  }),
  problems: z.array(z.string()).meta({ description: '이 행의 문제 (한국어), 없으면 빈 목록' }),
});
export type PlayerImportRow = z.infer<typeof playerImportRow>;

export const playerImportResult = z.object({
  dryRun: z.boolean(),
  valid: z.boolean().meta({ description: '모든 행에 문제가 없고 한 행 이상 있으면 true' }),
  rows: z.array(playerImportRow),
  created: z.number().int().meta({ description: '새로 등록한 선수 수 (미리보기면 0)' }),
  careers: z.number().int().meta({ description: '추가한 팀 소속 기록 수 (미리보기면 0)' }),
  skipped: z.number().int().meta({
    description:
      '바뀐 것이 없는 행 수: 기존 선수이고 팀이 없거나 이미 그 팀 소속인 행 (미리보기면 0)',
  }),
});
export type PlayerImportResult = z.infer<typeof playerImportResult>;

/** Per file line, the person a row means: an existing player's id, or 'new'. */
export const playerImportChoices = z.record(
  z.string().regex(/^\d+$/),
  z.union([z.number().int().positive(), z.literal('new')]),
);
export type PlayerImportChoices = z.infer<typeof playerImportChoices>;
