import { describe, expect, it } from 'vitest';
import { SHOWN_STATUS_LABELS, shownStatus, shownStatusLabel } from './game-status.ts';

const today = '2026-05-10';

describe('shownStatus', () => {
  it('says 결과 입력 대기 for a game past its day with no result, 예정 before and on the day', () => {
    expect(shownStatusLabel({ status: 'scheduled', date: '2026-05-04' }, today)).toBe(
      '결과 입력 대기',
    );
    expect(shownStatus({ status: 'scheduled', date: today }, today)).toBe('scheduled');
    expect(shownStatus({ status: 'scheduled', date: '2026-05-11' }, today)).toBe('scheduled');
  });

  it('says 경기 중 while the line score comes in live, whatever the day, and 결과 입력 대기 once ended', () => {
    const playing = { state: 'playing' } as const;
    expect(shownStatusLabel({ status: 'scheduled', date: today, live: playing }, today)).toBe(
      '경기 중',
    );
    expect(shownStatus({ status: 'scheduled', date: '2026-05-11', live: playing }, today)).toBe(
      'live',
    );
    expect(
      shownStatus({ status: 'scheduled', date: '2026-05-11', live: { state: 'ended' } }, today),
    ).toBe('awaiting');
    // the record saved, the game is over whatever the line score said
    expect(shownStatus({ status: 'final', date: today, live: playing }, today)).toBe('final');
  });

  it('says 종료 for a game over, forfeits too, and 연기, 취소, 중단 whatever the day', () => {
    expect(shownStatus({ status: 'final', date: '2026-05-04' }, today)).toBe('final');
    expect(shownStatus({ status: 'forfeit', date: '2026-05-04' }, today)).toBe('final');
    for (const status of ['postponed', 'cancelled', 'suspended'] as const)
      expect(shownStatus({ status, date: '2026-05-04' }, today)).toBe(status);
    expect(Object.values(SHOWN_STATUS_LABELS)).toEqual([
      '예정',
      '경기 중',
      '종료',
      '결과 입력 대기',
      '연기',
      '취소',
      '중단',
    ]);
  });
});
