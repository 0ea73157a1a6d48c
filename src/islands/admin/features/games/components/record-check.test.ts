import { describe, expect, it } from 'vitest';
import { checkRecordForm, describePath } from './record-check.ts';
import type { FormProblem } from './record-check.ts';
import { makeRoster } from './record-players.ts';
import type { GridRow, RecordFormValues } from './record-values.ts';

const ctx = { homeTeamId: 100, awayTeamId: 200, tiesAllowed: true, inningsPerGame: 1 };
const batter = (playerId: number | undefined, v: Partial<GridRow> = {}): GridRow => ({
  playerId,
  position: '',
  sub: false,
  ab: '1',
  ...v,
});
const pitcher = (playerId: number, v: Partial<GridRow> = {}): GridRow => ({
  playerId,
  decision: null,
  ip: '1',
  ...v,
});
/** Messages by the path they are said at, as the summary lists them. */
const byPath = (problems: FormProblem[]) =>
  Object.fromEntries(problems.map((p) => [p.path, p.message])) as Record<string, string>;
const form = (over: Partial<RecordFormValues> = {}): RecordFormValues => ({
  status: 'final',
  innings: { away: ['0'], home: ['0'] },
  away: { batting: [batter(1)], pitching: [pitcher(2)] },
  home: { batting: [batter(11)], pitching: [pitcher(12)] },
  mvpPlayerId: null,
  forfeitWinnerTeamId: null,
  notes: '',
  ...over,
});

describe('checkRecordForm', () => {
  it('passes a tidy 1-inning draw and drops untouched lines', () => {
    const values = form();
    values.away.batting.push({ playerId: undefined, position: '', sub: false });
    const check = checkRecordForm(values, ctx);
    expect(check.errors).toEqual([]);
    expect(check.input?.away.batting).toHaveLength(1);
    expect(check.input?.away.pitching[0].outs).toBe(3);
    // 타석 and 상대 타자 left blank are filled in: 1 at-bat, 1 batter faced
    expect(check.input?.away.batting[0]).toMatchObject({ pa: 1, battingOrder: 1, seq: 1 });
    expect(check.input?.home.pitching[0]).toMatchObject({ bf: 1, seq: 1 });
  });

  it('names every problem in one round: missing player, bad cell, unreadable innings and the cross-checks', () => {
    const values = form({
      away: {
        batting: [batter(undefined, { h: '2' }), batter(3, { sb: 'x' })],
        pitching: [pitcher(2, { ip: '1.5' })],
      },
    });
    const check = checkRecordForm(values, ctx);
    const { input } = check;
    const errors = byPath(check.errors);
    expect(input).toBeNull();
    expect(errors['away.batting.0.player']).toBe(
      '선수를 적어 주세요. 등번호나 이름을 적으면 됩니다.',
    );
    expect(errors['away.batting.1.sb']).toBe('0 이상의 정수를 적어 주세요.');
    expect(errors['away.pitching.0.ip']).toMatch(/6\.2/);
    // a cross-check as well, in the same round
    expect(errors['away.batting.0.h']).toMatch(/안타\(2\)는 타수\(1\)/);
    expect(errors['home.pitching']).toBeDefined();
  });

  it('puts a cross-check on the grid row it came from when blank lines sit between', () => {
    const values = form();
    values.away.batting = [
      { playerId: undefined, position: '', sub: false },
      batter(1, { so: '2' }),
    ];
    const errors = byPath(checkRecordForm(values, ctx).errors);
    expect(errors['away.batting.1.so']).toMatch(/삼진/);
    expect(errors['away.batting.0.so']).toBeUndefined();
  });

  it('warns of five stolen bases by one batter without refusing the record', () => {
    const values = form();
    values.away.batting[0].sb = '5';
    const check = checkRecordForm(values, ctx);
    expect(check.errors).toEqual([]);
    expect(byPath(check.warnings)['away.batting.0.sb']).toMatch(/도루 5개는/);
  });

  it('reads 병살타, an O for 결승타 and innings typed as 3,5 or 3회 5회', () => {
    const values = form({ innings: { away: ['0', '1'], home: ['2', null] } });
    values.away.batting[0] = batter(1, {
      pa: '2',
      ab: '2',
      r: '1',
      h: '1',
      hr: '1',
      rbi: '1',
      hrInnings: '2',
    });
    values.away.pitching[0] = pitcher(2, { ip: '1', bf: '3', r: '2', er: '2' });
    values.home.batting[0] = batter(11, {
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
    expect(check.errors).toEqual([]);
    expect(check.input?.home.batting[0]).toMatchObject({ gidp: 1, gwrbi: true, gidpInnings: [1] });
    expect(check.input?.away.batting[0]).toMatchObject({ gwrbi: false, hrInnings: [2] });
  });

  it('names an unreadable 결승타 or innings cell', () => {
    const values = form();
    values.away.batting[0] = batter(1, { gwrbi: '예스', sbInnings: '3회초' });
    const errors = byPath(checkRecordForm(values, ctx).errors);
    expect(errors['away.batting.0.gwrbi']).toBe('결승타는 O로 표시하거나 비워 두세요.');
    expect(errors['away.batting.0.sbInnings']).toBe('이닝은 3,5처럼 숫자로 적어 주세요.');
    const names = { team: () => '블루윙즈', player: () => '김민준' };
    expect(describePath('away.batting.0.sbInnings', values, names)).toBe(
      '원정 팀 블루윙즈 타자 1행(김민준) 도루 이닝',
    );
  });

  it('numbers the batting order from the lines as they stand, a 교체 line in the place above', () => {
    const values = form();
    values.away.batting = [
      { playerId: undefined, position: '', sub: false }, // a header line emptied by hand
      batter(1),
      batter(3),
      batter(4, { sub: true }),
      batter(5),
    ];
    const check = checkRecordForm(values, ctx);
    expect(check.input?.away.batting.map((l) => [l.playerId, l.battingOrder, l.seq])).toEqual([
      [1, 1, 1],
      [3, 2, 1],
      [4, 2, 2],
      [5, 3, 1],
    ]);
    values.away.batting[1].sub = true;
    expect(byPath(checkRecordForm(values, ctx).errors)['away.batting.1.sub']).toMatch(
      /^맨 윗줄 타자는 교체 선수일 수 없습니다/,
    );
  });

  it('checks a typed 타석 against its parts and leaves a blank one to the formula', () => {
    const values = form();
    values.away.batting[0] = batter(1, { pa: '3', ab: '1', bb: '1' });
    expect(byPath(checkRecordForm(values, ctx).errors)['away.batting.0.pa']).toBe(
      '타석(3)은 타수+볼넷+사구+희생번트+희생플라이(2)와 같아야 합니다.',
    );
  });

  it('says innings in innings and puts a team-wide problem on the cells it adds up', () => {
    const values = form();
    values.away.pitching = [pitcher(2, { ip: '2' }), pitcher(3, { ip: '0.2' })];
    const problem = checkRecordForm(values, ctx).errors.find((e) => e.path === 'away.pitching');
    expect(problem).toEqual({
      path: 'away.pitching',
      message: '원정 팀 투수 이닝 합계(2⅔이닝)가 홈 팀 공격 이닝(1이닝)과 맞지 않습니다.',
      cells: ['away.pitching.0.ip', 'away.pitching.1.ip'],
    });
  });

  it('does not warn about batters faced the grid filled in itself', () => {
    const values = form();
    // a double play: 3 outs against 2 batters, typed → warned; left blank → filled, not warned
    values.home.pitching[0] = pitcher(12, { bf: '2' });
    const typed = checkRecordForm(values, ctx);
    expect(typed.warnings.map((w) => w.path)).toEqual(['home.pitching.0.ip']);
    values.home.pitching[0] = pitcher(12);
    expect(checkRecordForm(values, ctx).warnings).toEqual([]);
  });

  it('finds each line’s player by what its cell says, and names a player not on the roster', () => {
    const rosters = {
      away: makeRoster([{ playerId: 1, name: '김민준', backNumber: 7 }], []),
      home: makeRoster([{ playerId: 11, name: '이서준', backNumber: 7 }], []),
    };
    const values = form();
    values.away.batting[0] = batter(undefined, { player: '7' });
    values.away.batting.push(batter(undefined, { player: '홍길동' }));
    values.home.batting[0] = batter(undefined, { player: '이서준' });
    const check = checkRecordForm(values, ctx, rosters);
    expect(byPath(check.errors)['away.batting.1.player']).toBe(
      "명단에 없는 선수입니다: '홍길동'. 등번호나 이름을 확인해 주세요.",
    );
    values.away.batting.pop();
    const fixed = checkRecordForm(values, ctx, rosters);
    expect(fixed.errors).toEqual([]);
    expect(fixed.input?.away.batting[0].playerId).toBe(1);
    expect(fixed.input?.home.batting[0].playerId).toBe(11);
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
