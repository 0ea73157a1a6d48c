import { describe, expect, it } from 'vitest';
import { deriveBox } from './derive-box.ts';
import type { GameEvent } from './derive-box.ts';
import { gameToEventFile, readEventFile } from './event-file.ts';
import type { GameRules } from './game-state.ts';
import { playSentence } from './play-sentence.ts';
import { nineASide } from './random-game.ts';

const rules: GameRules = { innings: 2, runAhead: [], tiebreakFrom: null };
const play = (text: string): GameEvent => ({ type: 'play', text });

/**
 * A two-inning game worked out by hand for the rest of the notation: a ground-rule double, K+SB,
 * an intentional walk, W+WP, an error on a foul fly, catcher's interference, a balk, pickoffs,
 * an error, defensive indifference, another advance, a lined double play, a triple play, a
 * pickoff caught stealing, a hit batter, K+WP, a pinch hitter's walk-off single.
 */
const events: GameEvent[] = [
  play('DGR/L9'),
  play('K+SB3'),
  play('IW'),
  play('W+WP.3-H;1-2'),
  play('FLE5'),
  play('8/F'),
  play('C/E2'),
  play('BK.3-H;2-3;1-2'),
  play('PO2(14)'),
  play('E5/G'),
  play('DI.1-2'),
  play('OA.2-3'),
  play('S8/G.3-H'),
  play('8(B)84(1)/LDP'),
  play('HR/F7'),
  play('9/F'),
  play('S7'),
  play('S8.1-2'),
  play('1(B)16(2)63(1)/LTP'),
  play('S7'),
  play('POCS2(1361)'),
  play('HP'),
  play('K+WP.1-2'),
  { type: 'sub', entry: { player: 'h10', side: 1, slot: 9, position: 11 } },
  play('S9/G.2-H'),
];

describe('the rest of the notation, in a hand-worked game', () => {
  const lineup = nineASide();
  const box = deriveBox(lineup, events, rules);
  const bat = (p: string) => box.batting.flat().find((l) => l.player === p)!;
  const pit = (p: string) => box.pitching.flat().find((l) => l.player === p)!;

  it('gives the scoresheet’s line score', () => {
    expect(box.innings).toEqual([
      [2, 0],
      [2, 1],
    ]);
    expect(box.hits).toEqual([3, 4]);
    expect(box.errors).toEqual([1, 2]);
    expect(box.leftOnBase).toEqual([1, 1]);
    expect(box.final.over).toBe('walkOff');
  });

  it('gives the batters’ lines', () => {
    expect(bat('a1')).toMatchObject({ pa: 1, ab: 1, h: 1, b2: 1, r: 1, sb: 1 });
    expect(bat('a2')).toMatchObject({ pa: 1, ab: 1, so: 1 });
    expect(bat('a3')).toMatchObject({ pa: 1, ab: 0, bb: 1, r: 1 });
    expect(bat('a4')).toMatchObject({ pa: 1, ab: 0, bb: 1, rbi: 0 });
    expect(bat('a5')).toMatchObject({ pa: 1, ab: 1 });
    expect(bat('a6')).toMatchObject({ pa: 1, ab: 0, ci: 1 });
    // a7 was at bat when the pickoff ended the 1st: he leads off the 2nd
    expect(bat('a7')).toMatchObject({ pa: 1, ab: 1, h: 1 });
    expect(bat('h1')).toMatchObject({ pa: 1, ab: 1, r: 1 });
    expect(bat('h2')).toMatchObject({ pa: 1, ab: 1, h: 1, rbi: 1 });
    expect(bat('h3')).toMatchObject({ pa: 1, ab: 1, gidp: 0 });
    expect(bat('h4')).toMatchObject({ pa: 1, ab: 1, h: 1, hr: 1, rbi: 1, r: 1 });
    expect(bat('h6')).toMatchObject({ pa: 1, ab: 1, h: 1, cs: 1 });
    expect(bat('h7')).toMatchObject({ pa: 1, ab: 0, hbp: 1, r: 1 });
    expect(bat('h8')).toMatchObject({ pa: 1, ab: 1, so: 1 });
    expect(bat('h10')).toMatchObject({ battingOrder: 9, seq: 2, pa: 1, ab: 1, h: 1, rbi: 1 });
    expect(bat('h8').e + bat('h4').e).toBe(2); // C/E2 and FLE5
    expect(bat('a4').e).toBe(1); // E5
  });

  it('gives the pitchers’ lines, earned runs after the interference counted as the third out', () => {
    expect(pit('h9')).toMatchObject({
      outs: 6,
      bf: 9,
      h: 3,
      r: 2,
      er: 1,
      bb: 2,
      so: 1,
      wp: 1,
      decision: 'W',
    });
    expect(pit('a9')).toMatchObject({
      outs: 5,
      bf: 9,
      h: 4,
      r: 3,
      er: 1,
      hr: 1,
      so: 1,
      hbp: 1,
      wp: 1,
      decision: 'L',
    });
  });

  it('adds up with interference: PA = AB + BB + HBP + SH + SF + CI', () => {
    for (const side of [0, 1] as const) {
      const sum = (k: 'pa' | 'ab' | 'bb' | 'hbp' | 'sh' | 'sf' | 'ci') =>
        box.batting[side].reduce((n, l) => n + l[k], 0);
      expect(sum('pa')).toBe(
        sum('ab') + sum('bb') + sum('hbp') + sum('sh') + sum('sf') + sum('ci'),
      );
    }
  });

  it('says each play in Korean', () => {
    const said = box.results
      .filter((r) => r !== null)
      .map((r) => playSentence(r.before, r.result, (p) => p));
    expect(said[0]).toBe('1회초 무사 주자 없음 · a1 인정 2루타 (0:0)');
    expect(said[1]).toBe('1회초 무사 2루 · a2 삼진, a1 3루 도루 성공 (0:0)');
    expect(said[2]).toBe('1회초 1사 3루 · a3 고의4구 (0:0)');
    expect(said[3]).toBe(
      '1회초 1사 1·3루 · a4 볼넷, 폭투, 3루 주자 a1 홈인, 1루 주자 a3 2루까지 (1:0)',
    );
    expect(said[6]).toBe(
      '1회초 2사 1·2루 · a6 타격 방해로 출루, 2루 주자 a3 3루까지, 1루 주자 a4 2루까지 (1:0)',
    );
    expect(said[7]).toBe(
      '1회초 2사 만루 · 보크, 3루 주자 a3 홈인, 2루 주자 a4 3루까지, 1루 주자 a6 2루까지 (2:0)',
    );
    expect(said[8]).toBe('1회초 2사 2·3루 · a6 견제사 (2:0)');
    expect(said[18]).toBe(
      '2회초 무사 1·2루 · a9 투수 삼중살, 2루 주자 a7 아웃, 1루 주자 a8 아웃 (2:2)',
    );
  });

  it('writes an event file that reads back to the same box score', () => {
    const text = gameToEventFile({ id: 'HOM202604050', info: [], lineup, events }, box, {});
    expect(text).toContain('info,wp,h9');
    expect(text).toContain('info,lp,a9');
    const file = readEventFile(text);
    const again = deriveBox(file.lineup, file.events, rules);
    expect(again.batting).toEqual(box.batting);
    expect(again.pitching).toEqual(box.pitching);
  });
});
