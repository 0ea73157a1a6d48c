import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIE_BREAKERS,
  TIE_BREAKER_LABELS,
  isTieBreaker,
  leaguePoints,
  parseTieBreakers,
} from './standings-rules.ts';

describe('TIE_BREAKER_LABELS', () => {
  it('names every rule in Korean', () => {
    expect(DEFAULT_TIE_BREAKERS.map((rule) => TIE_BREAKER_LABELS[rule])).toEqual([
      '승자승',
      'TQB',
      'ER-TQB',
      '타율',
      '추첨',
    ]);
  });
});

describe('parseTieBreakers', () => {
  it('reads the stored JSON array', () => {
    expect(parseTieBreakers('["tqb","h2h","lots"]')).toEqual(['tqb', 'h2h', 'lots']);
  });

  it('drops unknown and repeated codes', () => {
    expect(parseTieBreakers('["h2h","runs","h2h",3]')).toEqual(['h2h']);
    expect(isTieBreaker('toString')).toBe(false);
  });

  it('falls back to the WBSC order when unreadable', () => {
    expect(parseTieBreakers('not json')).toEqual(DEFAULT_TIE_BREAKERS);
    expect(parseTieBreakers('{}')).toEqual(DEFAULT_TIE_BREAKERS);
  });
});

describe('leaguePoints', () => {
  it('weighs wins, draws and losses', () => {
    expect(leaguePoints({ w: 5, d: 2, l: 3 }, { pointsWin: 3, pointsDraw: 1, pointsLoss: 0 })).toBe(
      17,
    );
  });
});
