/**
 * A game's line score while it is played (decision 149): the runs of each half-inning so far and
 * where the game stands. The scorer's screen changes it one tap at a time (`applyTap`), the API
 * checks what it is sent (`lineProblems`), and the public pages add it up (`lineTotals`): one
 * model for all three.
 */

export type Half = 'top' | 'bottom';

export interface LiveLine {
  /** the away team's runs per inning, the inning being played included once it has begun */
  away: number[];
  /** the home team's runs per inning, the bottom of the inning being played included once begun */
  home: number[];
  inning: number;
  /** top = the away team bats, bottom = the home team bats */
  half: Half;
  /** outs in the half being played, 0–2 (the third ends the half) */
  outs: number;
  awayHits?: number | null;
  homeHits?: number | null;
  /** errors made by the away team's fielders */
  awayErrors?: number | null;
  homeErrors?: number | null;
}

export const HALF_LABELS: Readonly<Record<Half, string>> = { top: '초', bottom: '말' };

/** '3회말 · 1아웃' */
export const situationText = (line: Pick<LiveLine, 'inning' | 'half' | 'outs'>): string =>
  `${line.inning}회${HALF_LABELS[line.half]} · ${line.outs}아웃`;

const sum = (runs: readonly number[]) => runs.reduce((a, b) => a + b, 0);

/** Runs, hits and errors of each side so far. */
export function lineTotals(line: LiveLine) {
  return {
    away: { runs: sum(line.away), hits: line.awayHits ?? null, errors: line.awayErrors ?? null },
    home: { runs: sum(line.home), hits: line.homeHits ?? null, errors: line.homeErrors ?? null },
  };
}

/** The number of innings each side's list must have at a given inning and half. */
export const expectedLengths = (inning: number, half: Half) => ({
  away: inning,
  home: half === 'top' ? inning - 1 : inning,
});

/**
 * What is impossible in a line score, in Korean, by field; empty when it can be so. Negative or
 * fractional runs and outs out of 0–2 are the schema's to refuse; this checks that the lists
 * match the inning being played: the away team has batted in every inning up to it, the home
 * team up to the one before in the top half and up to it in the bottom.
 */
export function lineProblems(line: LiveLine): Array<{ path: string; message: string }> {
  const want = expectedLengths(line.inning, line.half);
  const where = `${line.inning}회${HALF_LABELS[line.half]}`;
  const problems: Array<{ path: string; message: string }> = [];
  if (line.away.length !== want.away)
    problems.push({
      path: 'away',
      message: `${where}에는 원정 팀 이닝별 득점이 ${want.away}개여야 합니다 (보낸 것 ${line.away.length}개).`,
    });
  if (line.home.length !== want.home)
    problems.push({
      path: 'home',
      message: `${where}에는 홈 팀 이닝별 득점이 ${want.home}개여야 합니다 (보낸 것 ${line.home.length}개).`,
    });
  return problems;
}

/** What one tap on the scorer's screen does. */
export type Tap =
  | { kind: 'run' }
  | { kind: 'hit' }
  | { kind: 'error' }
  | { kind: 'out' }
  | { kind: 'endHalf' };

export const TAP_LABELS: Readonly<Record<Tap['kind'], string>> = {
  run: '득점',
  hit: '안타',
  error: '실책',
  out: '아웃',
  endHalf: '공수 교대',
};

/** The line at first pitch: the top of the first, no runs yet. */
export const firstPitch = (): LiveLine => ({
  away: [0],
  home: [],
  inning: 1,
  half: 'top',
  outs: 0,
  awayHits: 0,
  homeHits: 0,
  awayErrors: 0,
  homeErrors: 0,
});

/** The next half: top → bottom of the same inning, bottom → top of the next, with no outs. */
function nextHalf(line: LiveLine): LiveLine {
  if (line.half === 'top') return { ...line, half: 'bottom', outs: 0, home: [...line.home, 0] };
  return { ...line, inning: line.inning + 1, half: 'top', outs: 0, away: [...line.away, 0] };
}

/**
 * The line after a tap. A run or a hit counts for the side at bat, an error against the side in
 * the field; the third out ends the half, as 공수 교대 does.
 */
export function applyTap(line: LiveLine, tap: Tap): LiveLine {
  const batting = line.half === 'top' ? 'away' : 'home';
  const fielding = line.half === 'top' ? 'home' : 'away';
  switch (tap.kind) {
    case 'run': {
      const runs = [...line[batting]];
      runs[runs.length - 1] = (runs[runs.length - 1] ?? 0) + 1;
      return { ...line, [batting]: runs };
    }
    case 'hit': {
      const key = batting === 'away' ? 'awayHits' : 'homeHits';
      return { ...line, [key]: (line[key] ?? 0) + 1 };
    }
    case 'error': {
      const key = fielding === 'away' ? 'awayErrors' : 'homeErrors';
      return { ...line, [key]: (line[key] ?? 0) + 1 };
    }
    case 'out':
      return line.outs >= 2 ? nextHalf(line) : { ...line, outs: line.outs + 1 };
    case 'endHalf':
      return nextHalf(line);
  }
}
