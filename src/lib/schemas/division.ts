import * as z from 'zod';
import { label, text } from '../validation/index.ts';

/** Fields of a division (부: 여자부, 남자 1부, 시니어부 …), shared by the admin form and the API. */
const fields = {
  name: label(text().min(1).max(50), '부 이름'),
  sortOrder: label(z.number().int().min(0).max(9999), '정렬 순서'),
};

export const divisionInput = z.object({
  mainId: label(z.number().int().positive(), '협회')
    .optional()
    .meta({ description: '협회 번호. 생략하면 기본 협회(sbsa)' }),
  name: fields.name,
  sortOrder: fields.sortOrder.default(0),
});

/** Only the fields sent are changed. */
export const divisionUpdate = z.object({
  name: fields.name.optional(),
  sortOrder: fields.sortOrder.optional(),
});

export const division = z.object({
  id: z.number().int(),
  mainId: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  teamCount: z.number().int().meta({ description: '이 부에 속한 팀 수' }),
});

export type DivisionInput = z.input<typeof divisionInput>;
export type DivisionValues = z.output<typeof divisionInput>;
export type DivisionUpdate = z.output<typeof divisionUpdate>;
export type Division = z.infer<typeof division>;
