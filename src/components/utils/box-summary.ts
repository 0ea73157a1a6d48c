import type { BoxBatter, BoxScore } from '../../server/read/box-score.ts';
import type { InningEvent } from '../../lib/schemas/box-score.ts';
import { TERMS } from './glossary.ts';

/** One summary line under a box score: '홈런' and who, e.g. '김서현 3회·5회 (블루윙즈)'. */
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
  ['gidp', TERMS.gidp.label],
] as const satisfies readonly (readonly [InningEvent, string])[];

const times = (b: BoxBatter, event: InningEvent) => (event === 'gidp' ? b.gidp : b.line[event]);

/** '3회·5회' when the innings were recorded, else the count when more than one ('2'). */
function detail(b: BoxBatter, event: InningEvent): string {
  const innings = b.innings[event];
  if (innings.length > 0) return ` ${innings.map((i) => `${i}회`).join('·')}`;
  const n = times(b, event);
  return n > 1 ? ` ${n}` : '';
}

/**
 * The summary lines of a box score from the batting lines (away team first, then batting order):
 * 결승타 first, then each event with its innings when recorded (a count when not), the team's short
 * name after each. Lines with nobody are left out.
 */
export function boxSummaryLines(box: BoxScore): SummaryLine[] {
  const sides = [
    { side: box.away, team: box.game.away },
    { side: box.home, team: box.game.home },
  ];
  const winningHit = {
    label: TERMS.winningHit.label,
    entries: sides.flatMap(({ side, team }) =>
      side.batters.filter((b) => b.gwrbi).map((b) => `${b.player.name} (${team.shortName})`),
    ),
  };
  const events = EVENTS.map(([event, label]) => ({
    label,
    entries: sides.flatMap(({ side, team }) =>
      side.batters
        .filter((b) => times(b, event) > 0)
        .map((b) => `${b.player.name}${detail(b, event)} (${team.shortName})`),
    ),
  }));
  return [winningHit, ...events].filter((line) => line.entries.length > 0);
}
