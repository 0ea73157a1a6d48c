import type { BatterTotals, PitcherTotals } from '../../server/read/player-lines.ts';
import { TERMS } from './glossary.ts';

/**
 * The prebuilt sort orders of the records room: each is a page of its own, so the tables sort by a
 * link in the column header without JavaScript. Rate orders list qualified players; '-all' adds the rest.
 */
export interface RecordView {
  key: string;
  kind: 'batting' | 'pitching';
  /** the column label it sorts */
  label: string;
  direction: 'asc' | 'desc';
  qualifiedOnly: boolean;
  value(row: BatterTotals | PitcherTotals): number | null;
}

const batting = (
  key: string,
  label: string,
  value: (b: BatterTotals) => number | null,
  rate = false,
): RecordView[] => {
  const view = {
    kind: 'batting' as const,
    label,
    direction: 'desc' as const,
    value: value as RecordView['value'],
  };
  return rate
    ? [
        { ...view, key: `batting-${key}`, qualifiedOnly: true },
        { ...view, key: `batting-${key}-all`, qualifiedOnly: false },
      ]
    : [{ ...view, key: `batting-${key}`, qualifiedOnly: false }];
};

const pitching = (
  key: string,
  label: string,
  value: (p: PitcherTotals) => number | null,
  options: { rate?: boolean; direction?: 'asc' | 'desc' } = {},
): RecordView[] => {
  const view = {
    kind: 'pitching' as const,
    label,
    direction: options.direction ?? ('desc' as const),
    value: value as RecordView['value'],
  };
  return options.rate
    ? [
        { ...view, key: `pitching-${key}`, qualifiedOnly: true },
        { ...view, key: `pitching-${key}-all`, qualifiedOnly: false },
      ]
    : [{ ...view, key: `pitching-${key}`, qualifiedOnly: false }];
};

export const RECORD_VIEWS: readonly RecordView[] = [
  ...batting('avg', TERMS.avg.label, (b) => b.rates.avg, true),
  ...batting('obp', TERMS.obp.label, (b) => b.rates.obp, true),
  ...batting('slg', TERMS.slg.label, (b) => b.rates.slg, true),
  ...batting('ops', TERMS.ops.label, (b) => b.rates.ops, true),
  ...batting('h', TERMS.h.label, (b) => b.line.h),
  ...batting('hr', TERMS.hr.label, (b) => b.line.hr),
  ...batting('rbi', TERMS.rbi.label, (b) => b.line.rbi),
  ...batting('r', TERMS.r.label, (b) => b.line.r),
  ...batting('sb', TERMS.sb.label, (b) => b.line.sb),
  ...pitching('era', TERMS.era.label, (p) => p.rates.era, { rate: true, direction: 'asc' }),
  ...pitching('whip', TERMS.whip.label, (p) => p.rates.whip, { rate: true, direction: 'asc' }),
  ...pitching('ip', TERMS.ip.label, (p) => p.line.outs),
  ...pitching('w', TERMS.w.label, (p) => p.line.w),
  ...pitching('so', TERMS.k.label, (p) => p.line.so),
  ...pitching('sv', TERMS.sv.label, (p) => p.line.sv),
];

/** The view a records room opens with, and the default of each kind. */
export const DEFAULT_VIEW = { batting: 'batting-avg', pitching: 'pitching-era' } as const;

/** Rows in the view's order: undefined values last, ties by name so every build sorts the same. */
export function sortRows<T extends BatterTotals | PitcherTotals>(
  rows: readonly (T & { qualified: boolean })[],
  view: RecordView,
): (T & { qualified: boolean })[] {
  const sign = view.direction === 'asc' ? 1 : -1;
  return rows
    .filter((row) => !view.qualifiedOnly || row.qualified)
    .map((row) => ({ row, v: view.value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? 0 : a.v === null ? 1 : -1;
      return (a.v - b.v) * sign || a.row.player.name.localeCompare(b.row.player.name, 'ko');
    })
    .map((x) => x.row);
}
