import { describe, expect, it } from 'vitest';
import * as stats from './index.ts';

describe('stats index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'sumBatting',
      'battingRates',
      'sumPitching',
      'pitchingRates',
      'formatInnings',
      'parseInnings',
      'formatInningsFraction',
      'formatRate',
      'formatEra',
      'formatPct',
      'formatGamesBehind',
      'computeStandings',
      'breakTies',
      'drawLots',
      'qualifiedBatters',
      'qualifiedPitchers',
      'topN',
    ]) {
      expect(typeof (stats as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(stats.TIE_BREAKER_LABELS.h2h).toBe('승자승');
  });
});
