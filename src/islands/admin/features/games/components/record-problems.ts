import type { FormProblem } from './record-check.ts';

/** The problems shown on the form: errors (nothing saved) and warnings (saved when confirmed). */
export interface ShownProblems {
  errors: FormProblem[];
  warnings: FormProblem[];
}

/** The id of a cell (or of a table, or a line-score row), from its path in the grid. */
export const cellId = (path: string) => `cell-${path.replaceAll('.', '-')}`;

/** The id of a problem's message in the summary: each problem its own, a cell may have several. */
export const problemId = (kind: 'error' | 'warning', index: number) => `problem-${kind}-${index}`;

export interface CellProblems {
  /** ids of the messages that concern the cell, for aria-describedby */
  ids: string[];
  error: boolean;
}

/** For each cell, the messages that concern it: a team-wide problem marks every cell it adds up. */
export function problemsByCell(problems: ShownProblems | null): Map<string, CellProblems> {
  const byCell = new Map<string, CellProblems>();
  const add = (list: FormProblem[], kind: 'error' | 'warning') =>
    list.forEach((p, i) => {
      for (const cell of p.cells) {
        const entry = byCell.get(cell) ?? { ids: [], error: false };
        entry.ids.push(problemId(kind, i));
        if (kind === 'error') entry.error = true;
        byCell.set(cell, entry);
      }
    });
  add(problems?.errors ?? [], 'error');
  add(problems?.warnings ?? [], 'warning');
  return byCell;
}
