import { describe, expect, it } from 'vitest';
import { deriveBox } from './derive-box.ts';
import type { GameEvent } from './derive-box.ts';
import { PlayError } from './game-state.ts';
import { playSentence } from './play-sentence.ts';
import type { GameRules, LineupEntry } from './game-state.ts';

/** Nine a side, the pitcher batting ninth: away a1–a9, home h1–h9 at 8 6 3 5 7 9 4 2 1. */
const POSITIONS = [8, 6, 3, 5, 7, 9, 4, 2, 1];
const lineup: LineupEntry[] = (['a', 'h'] as const).flatMap((t, side) =>
  POSITIONS.map((position, i) => ({
    player: `${t}${i + 1}`,
    side: side as 0 | 1,
    slot: i + 1,
    position,
  })),
);
const rules: GameRules = { innings: 3, runAhead: [], tiebreakFrom: null };
const play = (text: string): GameEvent => ({ type: 'play', text });
const sub = (player: string, side: 0 | 1, slot: number, position: number): GameEvent => ({
  type: 'sub',
  entry: { player, side, slot, position },
});

/** A three-inning game worked out by hand on a scoresheet (the figures in the test below). */
const events: GameEvent[] = [
  // 1st, top: 4 runs, 1 earned (the error on what would have been the third out)
  play('S7/G'),
  play('SB2'),
  play('K'),
  play('D8/L.2-H'),
  play('63/G.2-3'),
  play('E6/G.3-H'),
  play('HR/F9.1-H'),
  play('8/F'),
  // 1st, bottom: 2 runs on a sacrifice fly and a wild pitch
  play('W'),
  play('HP'),
  play('13/SH.2-3;1-2'),
  play('9/SF.3-H;2-3'),
  play('WP.3-H'),
  play('K'),
  // 2nd, top: a double play, caught stealing
  play('S9/G'),
  play('64(1)3/GDP'),
  play('S7/L'),
  play('CS2(26)'),
  // 2nd, bottom: a new pitcher, a pinch hitter, a passed ball, a fielder's choice at the plate
  sub('a10', 0, 9, 1),
  play('S8/G'),
  sub('h10', 1, 7, 11),
  play('D7/L.1-3'),
  play('PB.3-H;2-3'),
  play('FC5/G.3XH(52)'),
  play('K'),
  play('S7/G.1-2'),
  play('43/G'),
  // 3rd, top: the pinch hitter stays at second; a pinch runner steals
  sub('h10', 1, 7, 4),
  play('T8/F'),
  play('63/G.3-H'),
  play('K'),
  play('W'),
  sub('a11', 0, 5, 12),
  play('SB2'),
  play('6/L'),
  sub('a11', 0, 5, 7),
  // 3rd, bottom: 3 runs, the last a walk-off single
  play('HR/F7'),
  play('K'),
  play('S9/G'),
  play('D8/L.1-H'),
  play('S7/G.2-H'),
];

describe('deriveBox', () => {
  const box = deriveBox(lineup, events, rules);
  const bat = (p: string) => box.batting.flat().find((l) => l.player === p)!;
  const pit = (p: string) => box.pitching.flat().find((l) => l.player === p)!;

  it('gives the line score, hits, errors and left on base of the scoresheet', () => {
    expect(box.innings).toEqual([
      [4, 0, 1],
      [2, 1, 3],
    ]);
    expect(box.runs).toEqual([5, 6]);
    expect(box.hits).toEqual([6, 7]);
    expect(box.errors).toEqual([0, 1]);
    expect(box.leftOnBase).toEqual([1, 3]);
    expect(box.final.over).toBe('walkOff');
    expect(box.outsPlayed).toBe(16);
  });

  it('gives each batter’s line', () => {
    expect(bat('a1')).toMatchObject({ pa: 2, ab: 2, h: 2, r: 1, sb: 1, cs: 1, sbInnings: [1] });
    expect(bat('a2')).toMatchObject({ pa: 2, ab: 2, h: 1, b3: 1, so: 1, r: 1 });
    expect(bat('a3')).toMatchObject({ pa: 2, ab: 2, h: 1, b2: 1, rbi: 2, r: 1 });
    expect(bat('a5')).toMatchObject({ pa: 2, ab: 1, bb: 1, r: 1 });
    expect(bat('a11')).toMatchObject({ battingOrder: 5, seq: 2, pa: 0, sb: 1, position: 12 });
    expect(bat('a6')).toMatchObject({ pa: 2, ab: 2, h: 1, hr: 1, rbi: 2, r: 1, hrInnings: [1] });
    expect(bat('a9')).toMatchObject({ pa: 1, ab: 1, gidp: 1, gidpInnings: [2] });
    expect(bat('h1')).toMatchObject({ pa: 2, ab: 1, h: 1, bb: 1, r: 1 });
    expect(bat('h2')).toMatchObject({ pa: 2, ab: 1, hbp: 1, r: 1, e: 1, eInnings: [1] });
    expect(bat('h3')).toMatchObject({ pa: 2, ab: 1, sh: 1, h: 1, hr: 1, rbi: 1, r: 1 });
    expect(bat('h4')).toMatchObject({ pa: 2, ab: 1, sf: 1, so: 1, rbi: 1 });
    expect(bat('h6')).toMatchObject({ pa: 2, ab: 2, h: 2, b2: 1, rbi: 1, r: 2 });
    expect(bat('h7')).toMatchObject({ pa: 0 });
    expect(bat('h10')).toMatchObject({
      battingOrder: 7,
      seq: 2,
      pa: 2,
      ab: 2,
      h: 2,
      b2: 1,
      rbi: 1,
    });
    expect(bat('h8')).toMatchObject({ pa: 1, ab: 1, h: 0 });
  });

  it('gives each pitcher’s line with earned runs by the inning without errors and passed balls', () => {
    expect(pit('h9')).toMatchObject({
      outs: 9,
      bf: 15,
      h: 6,
      r: 5,
      er: 2,
      bb: 1,
      so: 2,
      hr: 1,
      decision: 'W',
    });
    expect(pit('a9')).toMatchObject({
      outs: 3,
      bf: 5,
      h: 0,
      r: 2,
      er: 2,
      bb: 1,
      hbp: 1,
      so: 1,
      wp: 1,
    });
    expect(pit('a10')).toMatchObject({
      seq: 2,
      outs: 4,
      bf: 11,
      h: 7,
      r: 4,
      er: 3,
      so: 2,
      hr: 1,
      decision: 'L',
    });
  });

  it('adds up: each side’s PA is AB+BB+HBP+SH+SF, runs are the line score, BF is the PA faced', () => {
    for (const side of [0, 1] as const) {
      const lines = box.batting[side];
      const total = (k: 'pa' | 'ab' | 'bb' | 'hbp' | 'sh' | 'sf' | 'r') =>
        lines.reduce((n, l) => n + l[k], 0);
      expect(total('pa')).toBe(
        total('ab') + total('bb') + total('hbp') + total('sh') + total('sf'),
      );
      expect(total('r')).toBe(box.runs[side]);
      const faced = box.pitching[1 - side].reduce((n, l) => n + l.bf, 0);
      expect(faced).toBe(total('pa'));
    }
  });

  it('refuses a play the state does not allow, naming the event', () => {
    const bad = (extra: GameEvent[]) => () => deriveBox(lineup, extra, rules);
    expect(bad([play('S7.2-3')])).toThrow(PlayError);
    expect(bad([play('S7.2-3')])).toThrow('1번째 기록: 2루에 주자가 없습니다');
    expect(bad([play('K'), play('K'), play('63(B)(1)')])).toThrow(PlayError);
    expect(bad([play('S7'), play('S8.B-1')])).toThrow('1루에 주자가 둘입니다');
    expect(bad([...events, play('K')])).toThrow('경기가 이미 끝났습니다');
    expect(() => deriveBox(lineup, [{ type: 'play', text: 'K', batter: 'a2' }], rules)).toThrow(
      '타순이 맞지 않습니다',
    );
  });
});

describe('playSentence', () => {
  const box = deriveBox(lineup, events, rules);
  const names: Record<string, string> = {
    a1: '김민서',
    a2: '이서연',
    a3: '박지우',
    h6: '최하은',
    h10: '정유나',
  };
  const sentences = box.results
    .filter((r) => r !== null)
    .map((r) => playSentence(r.before, r.result, (p) => names[p] ?? p));

  it('says the situation, the play, each runner who moved and the score', () => {
    expect(sentences[0]).toBe('1회초 무사 주자 없음 · 김민서 좌전 안타 (0:0)');
    expect(sentences[1]).toBe('1회초 무사 1루 · 김민서 2루 도루 성공 (0:0)');
    expect(sentences[3]).toBe('1회초 1사 2루 · 박지우 중견수 쪽 2루타, 2루 주자 김민서 홈인 (1:0)');
    expect(sentences[5]).toBe(
      '1회초 2사 3루 · a5 유격수 실책으로 출루, 3루 주자 박지우 홈인 (2:0)',
    );
    expect(sentences[6]).toBe('1회초 2사 1루 · a6 우월 홈런, 1루 주자 a5 홈인 (4:0)');
    expect(sentences[10]).toBe(
      '1회말 무사 1·2루 · h3 투수 희생번트, 2루 주자 h1 3루까지, 1루 주자 h2 2루까지 (4:0)',
    );
    expect(sentences[12]).toBe('1회말 2사 3루 · 폭투, 3루 주자 h2 홈인 (4:2)');
    expect(sentences[15]).toBe('2회초 무사 1루 · a9 유격수 병살타, 1루 주자 a8 아웃 (4:2)');
    expect(sentences[17]).toBe('2회초 2사 1루 · 김민서 2루 도루 실패 (4:2)');
    expect(sentences[21]).toBe(
      '2회말 무사 3루 · h8 야수 선택으로 출루, 3루 주자 정유나 아웃 (4:3)',
    );
    expect(sentences.at(-1)).toBe('3회말 1사 2루 · 정유나 좌전 안타, 2루 주자 최하은 홈인 (5:6)');
  });
});
