import { describe, expect, it } from 'vitest';
import { handsLabel, scoreText, teamResult } from './game-labels.ts';

const game = {
  status: 'final' as const,
  homeScore: 3,
  awayScore: 5,
  home: { id: 1 },
  away: { id: 2 },
};

describe('game labels', () => {
  it('shows the score away first, or the status in plain Korean', () => {
    expect(scoreText(game)).toBe('5 : 3');
    expect(scoreText({ status: 'postponed', homeScore: null, awayScore: null })).toBe('연기');
    expect(scoreText({ status: 'cancelled', homeScore: null, awayScore: null })).toBe('취소');
    expect(scoreText({ status: 'scheduled', homeScore: null, awayScore: null })).toBe('예정');
  });

  it("gives the result from one team's side", () => {
    expect(teamResult(game, 2)).toBe('W');
    expect(teamResult(game, 1)).toBe('L');
    expect(teamResult({ ...game, status: 'postponed' }, 1)).toBeNull();
  });

  it('describes hands the Korean way', () => {
    expect(handsLabel('R', 'L')).toBe('우투좌타');
    expect(handsLabel(null, 'S')).toBe('양타');
    expect(handsLabel(null, null)).toBe('');
  });
});
