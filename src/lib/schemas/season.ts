import * as z from 'zod';
import { label, text } from '../validation/index.ts';

/** Limits of a season (시즌), shared by the admin form, the API and the database checks. */
export const seasonLimits = { nameMax: 50, yearMin: 2000, yearMax: 2100 } as const;

const seasonName = label(text().min(1).max(seasonLimits.nameMax), '시즌 이름');
const year = label(z.number().int().min(seasonLimits.yearMin).max(seasonLimits.yearMax), '연도');

/** A new season. `active: true` makes it the association's one active season (the previous one is deactivated). */
export const seasonInput = z.object({
  seasonName: seasonName.meta({ example: '2025 시즌' }),
  year: year.meta({ example: 2025 }),
  active: label(z.boolean(), '활성 시즌').default(false).meta({
    description:
      'true면 이 시즌이 협회의 활성 시즌이 되고 기존 활성 시즌은 비활성이 됩니다. 협회의 첫 시즌은 항상 활성입니다.',
  }),
});

/** Changes to a season; a field left out keeps its current value. */
export const seasonUpdate = z.object({
  seasonName: seasonName.optional(),
  year: year.optional(),
  active: label(z.boolean(), '활성 시즌').optional().meta({
    description:
      'true면 이 시즌을 활성으로 지정합니다. 유일한 활성 시즌을 false로 바꿀 수는 없습니다(다른 시즌을 활성으로 지정하세요).',
  }),
});

export type SeasonInput = z.input<typeof seasonInput>;
export type SeasonValues = z.output<typeof seasonInput>;
export type SeasonUpdateValues = z.output<typeof seasonUpdate>;

/** A season as the API returns it. */
export const season = z.object({
  seasonId: z.number().int(),
  mainId: z.number().int(),
  seasonName: z.string(),
  year: z.number().int(),
  active: z.boolean(),
});

export type Season = z.infer<typeof season>;
