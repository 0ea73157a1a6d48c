import {
  inningEventLabels,
  inningEvents,
  inningsField,
} from '../../../../../lib/schemas/box-score.ts';
import { BATTING_LINE, PITCHING_LINE } from '../../../../../lib/stats/line-columns.ts';
import type { BattingLineKey, PitchingLineKey } from '../../../../../lib/stats/line-columns.ts';

const BATTING_WORDS: Record<BattingLineKey, string> = {
  pa: '타석',
  ab: '타수',
  r: '득점',
  h: '안타',
  b2: '2루타',
  b3: '3루타',
  hr: '홈런',
  rbi: '타점',
  bb: '볼넷',
  hbp: '사구',
  so: '삼진',
  sb: '도루',
  cs: '도루실패',
  sh: '희생번트',
  sf: '희생플라이',
  e: '실책',
  gidp: '병살타',
};
/**
 * Counting columns of a batter, left to right in the box score's one order
 * (lib/stats/line-columns.ts), with the words the grid and its messages use.
 */
export const BATTING: ReadonlyArray<readonly [string, string]> = BATTING_LINE.map(
  (k) => [k, BATTING_WORDS[k]] as const,
);
/**
 * Text columns of a batter after the counts: 결승타 (an O) and the innings of each listed event
 * ('3,5'), which the box score's summary lines show.
 */
export const BATTING_EVENTS: ReadonlyArray<readonly [string, string]> = [
  ['gwrbi', '결승타'],
  ...inningEvents.map((e) => [inningsField(e), `${inningEventLabels[e]} 이닝`] as const),
];
const PITCHING_WORDS: Record<Exclude<PitchingLineKey, 'outs'>, string> = {
  bf: '상대타자',
  h: '피안타',
  r: '실점',
  er: '자책',
  bb: '볼넷',
  hbp: '사구',
  so: '탈삼진',
  hr: '피홈런',
  wp: '폭투',
};
/** Counting columns of a pitcher after the innings, in the box score's order. */
export const PITCHING: ReadonlyArray<readonly [string, string]> = PITCHING_LINE.flatMap((k) =>
  k === 'outs' ? [] : [[k, PITCHING_WORDS[k]] as const],
);

/** How the grid shows a saved 결승타 and what it reads as one. */
export const GWRBI_MARK = 'O';
export const GWRBI_YES = new Set(['o', '○', '◯', '1', 'y', 'v', '✓', '예']);
export const GWRBI_NO = new Set(['0', 'x', '×', 'n', '아니오']);
