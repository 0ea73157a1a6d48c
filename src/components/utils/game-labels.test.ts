import { describe, expect, it } from 'vitest';
import { handsLabel, resultText, shownStatus, teamResult } from './game-labels.ts';

const game = {
  status: 'final' as const,
  homeScore: 3,
  awayScore: 5,
  home: { id: 1 },
  away: { id: 2 },
};

describe('game labels', () => {
  it('shows the score away first, or the status in plain Korean', () => {
    expect(resultText(game)).toBe('5 : 3');
    expect(resultText({ status: 'forfeit', homeScore: 0, awayScore: 7 })).toBe('몰수 7 : 0');
    expect(resultText({ status: 'postponed', homeScore: null, awayScore: null })).toBe('연기');
    expect(resultText({ status: 'cancelled', homeScore: null, awayScore: null })).toBe('취소');
    expect(resultText({ status: 'scheduled', homeScore: null, awayScore: null })).toBe('예정');
    expect(resultText({ status: 'suspended', homeScore: 1, awayScore: 2 })).toBe('중단 2 : 1');
    // past its day, with the day given: waiting for its result
    const past = {
      status: 'scheduled' as const,
      homeScore: null,
      awayScore: null,
      date: '2026-11-15',
    };
    expect(resultText(past, '2026-11-21')).toBe('결과 입력 대기');
  });

  it('says a game past its day without a result is waiting for it, not still to come', () => {
    const today = '2026-11-21';
    expect(shownStatus({ status: 'scheduled', date: '2026-11-20' }, today)).toBe('awaiting');
    expect(shownStatus({ status: 'scheduled', date: '2026-11-21' }, today)).toBe('scheduled');
    expect(shownStatus({ status: 'postponed', date: '2026-11-01' }, today)).toBe('postponed');
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
