import { describe, expect, it } from 'vitest';
import {
  GAME_BATTING_COLUMNS,
  GAME_PITCHING_COLUMNS,
  gameBattingCells,
} from '../../../../../components/utils/stat-tables.ts';
import type { BattingLine } from '../../../../../lib/stats/batting.ts';
import { BATTING, PITCHING } from './record-columns.ts';

describe('the record grid’s columns', () => {
  it('follow the public box score’s order: 타수 안타 타점 득점 first, its CSV the same', () => {
    expect(BATTING.slice(0, 4).map(([, label]) => label)).toEqual(['타수', '안타', '타점', '득점']);
    // each count its own number: the cells of the public line tell the order of its columns
    const keys = BATTING.map(([k]) => k);
    const line = Object.fromEntries(keys.map((k, i) => [k, i])) as unknown as BattingLine;
    const shown = gameBattingCells(line).map((n) => keys[n as number]);
    // the box score shows every count but 도루실패 and 병살타 (its summary lines), in the grid's order
    expect(shown).toEqual(keys.filter((k) => k !== 'cs' && k !== 'gidp'));
    expect(GAME_BATTING_COLUMNS).toHaveLength(shown.length);
  });

  it('put a pitcher’s figures in the box score’s order after his innings', () => {
    const publicLabels = GAME_PITCHING_COLUMNS.map((c) => c.abbr ?? c.label);
    expect(publicLabels[0]).toBe('이닝');
    expect(PITCHING.map(([, label]) => label)).toEqual([
      '피안타',
      '실점',
      '자책',
      '볼넷',
      '탈삼진',
      '상대타자',
      '사구',
      '피홈런',
      '폭투',
    ]);
    expect(publicLabels.slice(1)).toEqual([
      '피안타',
      '실점',
      '자책점',
      '볼넷',
      '탈삼진',
      '상대 타자',
      '몸에 맞는 공',
      '피홈런',
      '폭투',
    ]);
  });
});
