import type { Side } from '../../../../../lib/schemas/box-score.ts';
import { battersFaced } from '../../../../../lib/stats/batters-faced.ts';
import { plateAppearances } from '../../../../../lib/stats/plate-appearances.ts';
import { outsFromInningsText } from './record-grid.ts';
import { cellNumber } from './record-totals.ts';
import { blank, isBlankRow } from './record-values.ts';
import type { GridRow, RecordFormValues } from './record-values.ts';

/** 타석 of a grid line: the typed one, or the sum of its parts when the cell is blank. */
export function plateAppearancesCell(row: GridRow): number {
  if (!blank(row.pa)) return cellNumber(row.pa);
  return plateAppearances({
    ab: cellNumber(row.ab),
    bb: cellNumber(row.bb),
    hbp: cellNumber(row.hbp),
    sh: cellNumber(row.sh),
    sf: cellNumber(row.sf),
  });
}

/** 상대 타자 of each pitcher line: the typed ones, the blank ones filled in (lib/stats/batters-faced). */
export function battersFacedCells(rows: readonly GridRow[], opposingPa: number): number[] {
  return battersFaced(
    rows.map((row) => ({
      bf: blank(row.bf) ? null : cellNumber(row.bf),
      outs: outsFromInningsText(String(row.ip ?? '')) ?? 0,
      h: cellNumber(row.h),
      bb: cellNumber(row.bb),
      hbp: cellNumber(row.hbp),
    })),
    opposingPa,
  );
}

/** The figures of one side the grid shows and sends: a number per line, null for an untouched line. */
export interface SideFigures {
  pa: Array<number | null>;
  bf: Array<number | null>;
}

/**
 * 타석 of every batter line and 상대 타자 of every pitcher line as the grid fills them in, typed or
 * not: the one state the cells' hints, the totals row and the record sent all read.
 */
export function derivedFigures(values: RecordFormValues): Record<Side, SideFigures> {
  const pa = (side: Side) =>
    (values[side]?.batting ?? []).map((row) =>
      isBlankRow(row, 'batting') ? null : plateAppearancesCell(row),
    );
  const sidePa = { away: pa('away'), home: pa('home') };
  const total = (list: Array<number | null>) => list.reduce<number>((t, n) => t + (n ?? 0), 0);
  const bf = (side: Side): Array<number | null> => {
    const rows = values[side]?.pitching ?? [];
    const used = rows.flatMap((row, i) => (isBlankRow(row, 'pitching') ? [] : [i]));
    const filled = battersFacedCells(
      used.map((i) => rows[i]),
      total(sidePa[side === 'away' ? 'home' : 'away']),
    );
    const out: Array<number | null> = rows.map(() => null);
    used.forEach((row, n) => {
      out[row] = filled[n];
    });
    return out;
  };
  return {
    away: { pa: sidePa.away, bf: bf('away') },
    home: { pa: sidePa.home, bf: bf('home') },
  };
}
