import { describe, expect, it } from 'vitest';
import { NotationError, battedBall, parsePlay } from './notation.ts';

describe('parsePlay', () => {
  it('reads hits with their locations and advances', () => {
    const p = parsePlay('S8/L.2-H;1-3');
    expect(p.kind).toBe('single');
    expect(p.fielder).toBe(8);
    expect(p.modifiers).toEqual(['L']);
    expect(p.advances.map((a) => [a.from, a.to, a.out])).toEqual([
      [2, 4, false],
      [1, 3, false],
    ]);
    expect(parsePlay('D78/F').kind).toBe('double');
    expect(parsePlay('DGR').kind).toBe('groundRuleDouble');
    expect(parsePlay('T9').kind).toBe('triple');
    expect(parsePlay('HR/F7').kind).toBe('homeRun');
    expect(parsePlay('H').kind).toBe('homeRun');
  });

  it('reads fielded outs, force outs and double and triple plays', () => {
    expect(parsePlay('63/G').outs).toEqual([{ runner: 0, fielders: '63' }]);
    expect(parsePlay('8/F').outs).toEqual([{ runner: 0, fielders: '8' }]);
    expect(parsePlay('54(1)/FO').outs).toEqual([{ runner: 1, fielders: '54' }]);
    const gdp = parsePlay('64(1)3/GDP');
    expect(gdp.outs).toEqual([
      { runner: 1, fielders: '64' },
      { runner: 0, fielders: '3' },
    ]);
    expect(battedBall(gdp)).toBe('G');
    expect(parsePlay('8(B)84(2)/LDP').outs).toHaveLength(2);
    expect(parsePlay('1(B)16(2)63(1)/LTP').outs).toHaveLength(3);
  });

  it('reads strikeouts, walks and their runners’ parts', () => {
    expect(parsePlay('K').kind).toBe('strikeout');
    const k = parsePlay('K+SB2');
    expect(k.also?.kind).toBe('stolenBase');
    expect(k.also?.steals[0]).toMatchObject({ from: 1, to: 2, out: false });
    expect(parsePlay('K23').outs).toEqual([{ runner: 0, fielders: '23' }]);
    expect(parsePlay('K+WP.B-1').advances[0]).toMatchObject({ from: 0, to: 1 });
    expect(parsePlay('W+WP.2-3').also?.kind).toBe('wildPitch');
    expect(parsePlay('IW').kind).toBe('intentionalWalk');
    expect(parsePlay('I').kind).toBe('intentionalWalk');
    expect(parsePlay('HP').kind).toBe('hitByPitch');
  });

  it('reads errors, fielder’s choices, sacrifices and interference', () => {
    expect(parsePlay('E6').errors).toEqual([6]);
    expect(parsePlay('6E3').errors).toEqual([3]);
    expect(parsePlay('FLE5').kind).toBe('foulError');
    expect(parsePlay('FC6.1X2(64)').advances[0]).toMatchObject({ from: 1, to: 2, out: true });
    expect(parsePlay('13/SH.1-2').modifiers).toContain('SH');
    expect(parsePlay('9/SF.3-H').modifiers).toContain('SF');
    expect(parsePlay('C/E2').kind).toBe('interference');
  });

  it('reads runner plays: steals, caught stealing, pickoffs, wild pitches, balks', () => {
    expect(parsePlay('SB3;SB2').steals.map((s) => s.to)).toEqual([3, 2]);
    expect(parsePlay('SBH').steals[0]).toMatchObject({ from: 3, to: 4 });
    expect(parsePlay('CS2(26)').steals[0]).toMatchObject({ from: 1, to: 2, out: true });
    expect(parsePlay('CS2(2E4).1-3').steals[0]).toMatchObject({ out: false, errors: [4] });
    expect(parsePlay('PO1(13)').outs).toEqual([{ runner: 1, fielders: '13' }]);
    expect(parsePlay('PO2(E1).2-3').outs).toEqual([]);
    expect(parsePlay('POCS2(1361)').steals[0]).toMatchObject({ from: 1, out: true });
    for (const k of ['WP', 'PB', 'BK', 'DI', 'OA', 'NP']) expect(parsePlay(k).kind).toBeTruthy();
  });

  it('reads the flags of an advance: errors, unearned, RBI', () => {
    const [a] = parsePlay('S9.1-H(E9)(UR)(NR)').advances;
    expect(a).toMatchObject({ from: 1, to: 4, errors: [9], unearned: true, noRbi: true });
    expect(parsePlay('S7.1X3(75)').advances[0]).toMatchObject({ out: true, fielders: '75' });
    expect(parsePlay('S7.1X3(7E5)').advances[0]).toMatchObject({ out: false, errors: [5] });
    expect(parsePlay('63.3-H(RBI)').advances[0].rbi).toBe(true);
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['', 'ZZ', 'S7.1-', 'S7.2-1', 'K+S7', 'CS1(23)', '6(1'])
      expect(() => parsePlay(bad)).toThrow(NotationError);
  });
});
