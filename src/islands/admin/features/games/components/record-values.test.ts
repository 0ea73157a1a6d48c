import { describe, expect, it } from 'vitest';
import { fromDraftValues } from './record-values.ts';
import type { RecordFormValues } from './record-values.ts';

const label = (_side: string, id: number) => `${id % 100} 선수${id}`;

describe('fromDraftValues', () => {
  it('reads a draft of the earlier grid: 순번 as 교체, ids as player text, the boxes as 결과 marks', () => {
    const old = {
      status: 'final',
      innings: { away: ['1'], home: ['0'] },
      away: {
        batting: [
          { playerId: 101, position: '', battingOrder: 1, seq: 1, ab: '3' },
          { playerId: 102, position: '', battingOrder: 1, seq: 2, ab: '1' },
        ],
        pitching: [{ playerId: 110, seq: 1, ip: '1', decision: null }],
      },
      home: {
        batting: [{ playerId: 201, position: '', battingOrder: 1, seq: 1, ab: '3' }],
        pitching: [{ playerId: 210, seq: 1, ip: '1', decision: 'L' }],
      },
      winPitcherId: 110,
      lossPitcherId: 210,
      savePitcherId: null,
      mvpPlayerId: 101,
      forfeitWinnerTeamId: null,
      notes: '',
    } as unknown as RecordFormValues;
    const values = fromDraftValues(old, label);
    expect(values.away.batting.map((r) => [r.player, r.sub, 'seq' in r])).toEqual([
      ['1 선수101', false, false],
      ['2 선수102', true, false],
    ]);
    expect(values.away.pitching[0]).toMatchObject({ player: '10 선수110', decision: '승' });
    expect(values.home.pitching[0]).toMatchObject({ decision: '패' });
    expect('winPitcherId' in values).toBe(false);
    expect(values.mvpPlayerId).toBe(101);
  });
});
