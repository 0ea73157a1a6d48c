import { describe, expect, it } from 'vitest';
import { boxSummaryLines } from './box-summary.ts';
import { emptyBatting } from '../../lib/stats/index.ts';
import type { BoxScore, BoxBatter } from '../../server/read/box-score.ts';

const away = { id: 1, name: '광주 프리지아', shortName: '프리지아' };
const home = { id: 2, name: '서울 블루윙즈', shortName: '블루윙즈' };
let nextId = 1;
const batter = (
  name: string,
  teamId: number,
  counts: Partial<BoxBatter['line']>,
  more: Partial<Omit<BoxBatter, 'innings'>> & { innings?: Partial<BoxBatter['innings']> } = {},
): BoxBatter => ({
  player: { id: nextId++, name, teamId, backNumber: null },
  order: 1,
  seq: 1,
  position: 'SS',
  line: { ...emptyBatting(), ...counts },
  gidp: more.gidp ?? 0,
  gwrbi: more.gwrbi ?? false,
  innings: { hr: [], b2: [], b3: [], sb: [], e: [], gidp: [], ...more.innings },
});

describe('boxSummaryLines', () => {
  it('lists home runs, doubles, triples, steals and errors with names, counts and teams', () => {
    const box = {
      game: { away, home },
      away: { batters: [batter('김하나', 1, { hr: 2, sb: 1 }), batter('이두리', 1, { b2: 1 })] },
      home: { batters: [batter('박세나', 2, { hr: 1, e: 1 }), batter('최네리', 2, {})] },
    } as unknown as BoxScore;
    expect(boxSummaryLines(box)).toEqual([
      { label: '홈런', entries: ['김하나 2 (프리지아)', '박세나 (블루윙즈)'] },
      { label: '2루타', entries: ['이두리 (프리지아)'] },
      { label: '도루', entries: ['김하나 (프리지아)'] },
      { label: '실책', entries: ['박세나 (블루윙즈)'] },
    ]);
  });

  it('names the 결승타 first and gives each event its innings, double plays included', () => {
    const box = {
      game: { away, home },
      away: {
        batters: [
          batter('김하나', 1, { hr: 2, rbi: 3 }, { gwrbi: true, innings: { hr: [3, 5] } }),
          batter('이두리', 1, { b3: 1, ab: 3 }, { gidp: 1, innings: { b3: [7], gidp: [2] } }),
        ],
      },
      home: {
        batters: [batter('박세나', 2, { e: 1, sb: 2 }, { innings: { e: [4], sb: [1, 6] } })],
      },
    } as unknown as BoxScore;
    expect(boxSummaryLines(box)).toEqual([
      { label: '결승타', entries: ['김하나 (프리지아)'] },
      { label: '홈런', entries: ['김하나 3회·5회 (프리지아)'] },
      { label: '3루타', entries: ['이두리 7회 (프리지아)'] },
      { label: '도루', entries: ['박세나 1회·6회 (블루윙즈)'] },
      { label: '실책', entries: ['박세나 4회 (블루윙즈)'] },
      { label: '병살타', entries: ['이두리 2회 (프리지아)'] },
    ]);
  });

  it('has no lines for a game with none of these events', () => {
    const box = {
      game: { away, home },
      away: { batters: [batter('김하나', 1, { h: 1 })] },
      home: { batters: [] },
    } as unknown as BoxScore;
    expect(boxSummaryLines(box)).toEqual([]);
  });
});
