import type { BoxScore } from '../../server/read/box-score.ts';
import type { BattingLine } from '../../lib/stats/index.ts';
import { TERMS } from './glossary.ts';

/** One summary line under a box score: '홈런' and who, e.g. '김서현 2 (블루윙즈)'. */
export interface SummaryLine {
  label: string;
  entries: string[];
}

// The events a Korean box score lists under the tables, in its usual order.
const EVENTS = [
  ['hr', TERMS.hr.label],
  ['b2', TERMS.b2.label],
  ['b3', TERMS.b3.label],
  ['sb', TERMS.sb.label],
  ['e', TERMS.e.label],
] as const satisfies readonly (readonly [keyof BattingLine, string])[];

/**
 * The summary lines of a box score from the batting lines (away team first, then batting order):
 * a count after the name when more than one, the team's short name after each. Lines with nobody
 * are left out.
 */
export function boxSummaryLines(box: BoxScore): SummaryLine[] {
  const sides = [
    { side: box.away, team: box.game.away },
    { side: box.home, team: box.game.home },
  ];
  return EVENTS.map(([key, label]) => ({
    label,
    entries: sides.flatMap(({ side, team }) =>
      side.batters
        .filter((b) => b.line[key] > 0)
        .map(
          (b) => `${b.player.name}${b.line[key] > 1 ? ` ${b.line[key]}` : ''} (${team.shortName})`,
        ),
    ),
  })).filter((line) => line.entries.length > 0);
}
