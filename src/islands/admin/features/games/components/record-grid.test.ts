import { describe, expect, it } from 'vitest';
import {
  decisionFromCell,
  inningsLabel,
  isBlock,
  outsFromInningsText,
  parseTsv,
  playerFromCell,
} from './record-grid.ts';

describe('record grid helpers', () => {
  it('reads a block copied from a spreadsheet, Windows line ends and a last empty line too', () => {
    expect(parseTsv('1\t2\t3\r\n4\t\t6\r\n')).toEqual([
      ['1', '2', '3'],
      ['4', '', '6'],
    ]);
    expect(isBlock(parseTsv('7'))).toBe(false);
    expect(isBlock(parseTsv('7\t8'))).toBe(true);
    expect(isBlock(parseTsv('7\n8'))).toBe(true);
  });

  it('reads innings as scorers write them, and outs given outright', () => {
    expect(outsFromInningsText('6.2')).toBe(20);
    expect(outsFromInningsText('6⅔')).toBe(20);
    expect(outsFromInningsText('6 2/3')).toBe(20);
    expect(outsFromInningsText('⅓')).toBe(1);
    expect(outsFromInningsText('7')).toBe(21);
    expect(outsFromInningsText('20아웃')).toBe(20);
    expect(outsFromInningsText('20o')).toBe(20);
    expect(outsFromInningsText('')).toBe(0);
    expect(outsFromInningsText('6.3')).toBeNull();
    expect(outsFromInningsText('여섯')).toBeNull();
  });

  it('shows innings with thirds', () => {
    expect(inningsLabel(20)).toBe('6⅔');
    expect(inningsLabel(21)).toBe('7');
    expect(inningsLabel(1)).toBe('⅓');
    expect(inningsLabel(0)).toBe('0');
  });

  it('finds the player of a pasted cell by back number, name or both, and refuses a guess', () => {
    const players = [
      { playerId: 1, name: '김민준', backNumber: 7 },
      { playerId: 2, name: '이서준', backNumber: 10 },
      { playerId: 3, name: '이서준', backNumber: 11 },
    ];
    expect(playerFromCell('7', players)).toBe(1);
    expect(playerFromCell('#10', players)).toBe(2);
    expect(playerFromCell('김 민준', players)).toBe(1);
    expect(playerFromCell('11 이서준', players)).toBe(3);
    expect(playerFromCell('이서준', players)).toBeNull();
    expect(playerFromCell('99', players)).toBeNull();
  });

  it('reads a decision in Korean or English', () => {
    expect(decisionFromCell('승')).toBe('W');
    expect(decisionFromCell('L')).toBe('L');
    expect(decisionFromCell('세이브')).toBe('S');
    expect(decisionFromCell('')).toBeNull();
  });
});
