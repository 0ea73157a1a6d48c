import { describe, expect, it } from 'vitest';
import { applyPaste, planPaste } from './record-paste.ts';
import { makeRoster } from './record-players.ts';
import { emptyRow } from './record-values.ts';

const roster = makeRoster(
  [
    { playerId: 1, name: '김민준', backNumber: 7 },
    { playerId: 2, name: '이서준', backNumber: 10 },
    { playerId: 3, name: '박하나', backNumber: 3 },
  ],
  [],
);
const gridColumns = ['player', 'position', 'pa', 'ab', 'r', 'h'];
const plan = (cells: string[][], row = 0, column = 0, kind: 'batting' | 'pitching' = 'batting') =>
  planPaste({ kind, cells, gridColumns, row, column, maxRows: 40, roster });

describe('planPaste', () => {
  it('reads a header in a scoresheet’s order and puts each column where its header says', () => {
    const p = plan([
      ['이름', '타수', '득점', '안타', '타점', '볼넷', '삼진'],
      ['김민준', '4', '1', '2', '0', '0', '1'],
      ['이서준', '3', '0', '1', '1', '1', '0'],
    ]);
    expect(p.header).toBe(true);
    expect(p.columns.map((c) => c.key)).toEqual(['player', 'ab', 'r', 'h', 'rbi', 'bb', 'so']);
    expect(p.rows.map((r) => [r.line, r.target, r.match])).toEqual([
      [2, 0, { playerId: 1 }],
      [3, 1, { playerId: 2 }],
    ]);
    const rows = applyPaste([emptyRow('batting')], p, roster);
    expect(rows[0]).toMatchObject({ player: '7 김민준', playerId: 1, ab: '4', h: '2', so: '1' });
    expect(rows[1]).toMatchObject({ player: '10 이서준', rbi: '1', bb: '1' });
    expect(rows[0].position).toBe('');
  });

  it('knows the English abbreviations, names the columns it has no place for, and skips a totals line', () => {
    const p = plan([
      ['No', 'Player', 'AB', 'R', 'H', 'RBI', 'BB', 'K', 'AVG'],
      ['7', '김민준', '4', '1', '2', '0', '0', '1', '.500'],
      ['99', '홍길동', '3', '0', '0', '0', '0', '2', '.000'],
      ['', '합계', '7', '1', '2', '0', '0', '3', ''],
    ]);
    expect(p.columns.map((c) => c.key)).toEqual([
      'backNumber',
      'player',
      'ab',
      'r',
      'h',
      'rbi',
      'bb',
      'so',
      null,
    ]);
    expect(p.columns[8]).toEqual({ from: 'AVG', key: null, why: 'unknown' });
    expect(p.rows.map((r) => [r.player, r.target, r.match, r.skipped])).toEqual([
      ['7 김민준', 0, { playerId: 1 }, undefined],
      ['99 홍길동', 1, { problem: 'none' }, undefined],
      ['합계', null, null, 'total'],
    ]);
  });

  it('marks a line with the batting order of the line above as a substitute', () => {
    const p = plan([
      ['타순', '선수', 'AB'],
      ['1', '김민준', '2'],
      ['1', '박하나', '1'],
      ['2', '이서준', '3'],
    ]);
    const rows = applyPaste([], p, roster);
    expect(rows.map((r) => [r.playerId, r.sub])).toEqual([
      [1, false],
      [3, true],
      [2, false],
    ]);
  });

  it('without a header fills the grid from the cell pasted into, naming what falls outside it', () => {
    const p = plan(
      [
        ['3', '4', '1', '2', '9'],
        ['3', '3', '0', '1', '9'],
      ],
      2,
      2,
    );
    expect(p.header).toBe(false);
    expect(p.columns.map((c) => c.key)).toEqual(['pa', 'ab', 'r', 'h', null]);
    expect(p.columns[4]).toEqual({ from: '5번째 열', key: null, why: 'outside' });
    expect(p.rows.map((r) => [r.target, r.player])).toEqual([
      [2, null],
      [3, null],
    ]);
    const rows = applyPaste([], p, roster);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({ pa: '3', ab: '3', r: '0', h: '1' });
  });

  it('reads a pitchers’ header: 이닝, 피안타 or H, 자책, 탈삼진 or SO, 결과', () => {
    const p = plan(
      [
        ['투수', 'IP', 'H', 'R', 'ER', 'BB', 'SO', '결과'],
        ['10', '6', '4', '2', '2', '1', '4', '승'],
      ],
      0,
      0,
      'pitching',
    );
    expect(p.columns.map((c) => c.key)).toEqual([
      'player',
      'ip',
      'h',
      'r',
      'er',
      'bb',
      'so',
      'decision',
    ]);
    expect(applyPaste([], p, roster)[0]).toMatchObject({ playerId: 2, ip: '6', decision: '승' });
  });

  it('does not take a line of figures for a header', () => {
    expect(
      plan([
        ['7', '타수'],
        ['8', '3'],
      ]).header,
    ).toBe(false);
  });
});
