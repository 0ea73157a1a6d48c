import { describe, expect, it } from 'vitest';
import { checkRecordForm, describePath } from './record-check.ts';
import type { GridRow, RecordFormValues } from './record-check.ts';

const ctx = { homeTeamId: 100, awayTeamId: 200, tiesAllowed: true, inningsPerGame: 1 };
const batter = (
  playerId: number | undefined,
  order: number,
  v: Partial<GridRow> = {},
): GridRow => ({
  playerId,
  position: '',
  battingOrder: order,
  seq: 1,
  pa: '1',
  ab: '1',
  ...v,
});
const pitcher = (playerId: number, v: Partial<GridRow> = {}): GridRow => ({
  playerId,
  seq: 1,
  decision: null,
  ip: '1',
  bf: '1',
  ...v,
});
const form = (over: Partial<RecordFormValues> = {}): RecordFormValues => ({
  status: 'final',
  innings: { away: ['0'], home: ['0'] },
  away: { batting: [batter(1, 1)], pitching: [pitcher(2)] },
  home: { batting: [batter(11, 1)], pitching: [pitcher(12)] },
  winPitcherId: null,
  lossPitcherId: null,
  savePitcherId: null,
  mvpPlayerId: null,
  forfeitWinnerTeamId: null,
  notes: '',
  ...over,
});

describe('checkRecordForm', () => {
  it('passes a tidy 1-inning draw and drops untouched lines', () => {
    const values = form();
    values.away.batting.push({ playerId: undefined, position: '', battingOrder: 2, seq: 1 });
    const check = checkRecordForm(values, ctx);
    expect(check.errors).toEqual({});
    expect(check.input?.away.batting).toHaveLength(1);
    expect(check.input?.away.pitching[0].outs).toBe(3);
  });

  it('names every problem in one round: missing player, bad cell, unreadable innings and the cross-checks', () => {
    const values = form({
      away: {
        batting: [batter(undefined, 1, { h: '2' }), batter(3, 2, { sb: 'x' })],
        pitching: [pitcher(2, { ip: '1.5' })],
      },
    });
    const { errors, input } = checkRecordForm(values, ctx);
    expect(input).toBeNull();
    expect(errors['away.batting.0.playerId']).toBe('선수를 골라 주세요.');
    expect(errors['away.batting.1.sb']).toBe('0 이상의 정수를 적어 주세요.');
    expect(errors['away.pitching.0.ip']).toMatch(/6\.2/);
    // a cross-check as well, in the same round
    expect(errors['away.batting.0.h']).toMatch(/안타\(2\)는 타수\(1\)/);
    expect(errors['home.pitching']).toBeDefined();
  });

  it('puts a cross-check on the grid row it came from when blank lines sit between', () => {
    const values = form();
    values.away.batting = [
      { playerId: undefined, position: '', battingOrder: 1, seq: 1 },
      batter(1, 1, { so: '2' }),
    ];
    const { errors } = checkRecordForm(values, ctx);
    expect(errors['away.batting.1.so']).toMatch(/삼진/);
    expect(errors['away.batting.0.so']).toBeUndefined();
  });

  it('warns of five stolen bases by one batter without refusing the record', () => {
    const values = form();
    values.away.batting[0].sb = '5';
    const check = checkRecordForm(values, ctx);
    expect(check.errors).toEqual({});
    expect(check.warnings['away.batting.0.sb']).toMatch(/도루 5개는/);
  });

  it('reads 병살타, an O for 결승타 and innings typed as 3,5 or 3회 5회', () => {
    const values = form({ innings: { away: ['0', '1'], home: ['2', null] } });
    values.away.batting[0] = batter(1, 1, {
      pa: '2',
      ab: '2',
      r: '1',
      h: '1',
      hr: '1',
      rbi: '1',
      hrInnings: '2',
    });
    values.away.pitching[0] = pitcher(2, { ip: '1', bf: '3', r: '2', er: '2' });
    values.home.batting[0] = batter(11, 1, {
      pa: '3',
      ab: '3',
      r: '2',
      rbi: '2',
      gidp: '1',
      gidpInnings: '1회',
      gwrbi: 'o',
    });
    values.home.pitching[0] = pitcher(12, { ip: '2', bf: '2', h: '1', hr: '1', r: '1', er: '1' });
    const check = checkRecordForm(values, { ...ctx, inningsPerGame: 2 });
    expect(check.errors).toEqual({});
    expect(check.input?.home.batting[0]).toMatchObject({ gidp: 1, gwrbi: true, gidpInnings: [1] });
    expect(check.input?.away.batting[0]).toMatchObject({ gwrbi: false, hrInnings: [2] });
  });

  it('names an unreadable 결승타 or innings cell', () => {
    const values = form();
    values.away.batting[0] = batter(1, 1, { gwrbi: '예스', sbInnings: '3회초' });
    const { errors } = checkRecordForm(values, ctx);
    expect(errors['away.batting.0.gwrbi']).toBe('결승타는 O로 표시하거나 비워 두세요.');
    expect(errors['away.batting.0.sbInnings']).toBe('이닝은 3,5처럼 숫자로 적어 주세요.');
    const names = { team: () => '블루윙즈', player: () => '김민준' };
    expect(describePath('away.batting.0.sbInnings', values, names)).toBe(
      '원정 팀 블루윙즈 타자 1행(김민준) 도루 이닝',
    );
  });

  it('says where a problem is: team, row with the player, column', () => {
    const values = form();
    const names = {
      team: (s: string) => (s === 'away' ? '블루윙즈' : '레드삭스'),
      player: () => '김민준',
    };
    expect(describePath('away.batting.0.h', values, names)).toBe(
      '원정 팀 블루윙즈 타자 1행(김민준) 안타',
    );
    expect(describePath('innings.home.2', values, names)).toBe('홈 팀 레드삭스 3회 득점');
    expect(describePath('winPitcherId', values, names)).toBe('승리 투수');
  });
});
