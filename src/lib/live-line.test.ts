import { describe, expect, it } from 'vitest';
import { applyTap, firstPitch, lineProblems, lineTotals, situationText } from './live-line.ts';
import type { LiveLine, Tap } from './live-line.ts';

const tapAll = (line: LiveLine, taps: Tap['kind'][]) =>
  taps.reduce((l, kind) => applyTap(l, { kind } as Tap), line);

describe('live line', () => {
  it('counts runs and hits for the side at bat and errors against the side in the field', () => {
    const line = tapAll(firstPitch(), ['hit', 'run', 'error', 'out']);
    expect(line.away).toEqual([1]);
    expect(line.awayHits).toBe(1);
    expect(line.homeErrors).toBe(1);
    expect(line.outs).toBe(1);
    expect(situationText(line)).toBe('1회초 · 1아웃');
  });

  it('ends the half on the third out and begins the next inning after the bottom', () => {
    let line = tapAll(firstPitch(), ['run', 'out', 'out', 'out']);
    expect(line).toMatchObject({ inning: 1, half: 'bottom', outs: 0, home: [0] });
    line = tapAll(line, ['run', 'run', 'endHalf']);
    expect(line).toMatchObject({ inning: 2, half: 'top', away: [1, 0], home: [2] });
    expect(lineTotals(line).home.runs).toBe(2);
    expect(lineProblems(line)).toEqual([]);
  });

  it('names a list that does not match the inning being played', () => {
    const problems = lineProblems({ away: [0], home: [], inning: 3, half: 'top', outs: 0 });
    expect(problems.map((p) => p.path)).toEqual(['away', 'home']);
    expect(problems[0]?.message).toBe(
      '3회초에는 원정 팀 이닝별 득점이 3개여야 합니다 (보낸 것 1개).',
    );
  });
});
