import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { $chosenSeason, chooseSeason, shownSeason } from './season-store.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($chosenSeason);
});

describe('$chosenSeason', () => {
  it('keeps the chosen season in storage', () => {
    chooseSeason(2);
    expect($chosenSeason.get()).toBe('2');
    expect(getTestStorage()).toEqual({ 'sbsa:season': '2' });
  });
});

describe('shownSeason', () => {
  const ids = [1, 2, 3];
  it('follows the page when the page belongs to a season', () => {
    expect(shownSeason(1, '2', ids, 3)).toBe(1);
  });

  it('uses the remembered choice elsewhere, falling back to the active season', () => {
    expect(shownSeason(null, '2', ids, 3)).toBe(2);
    expect(shownSeason(null, '', ids, 3)).toBe(3);
    expect(shownSeason(null, '9', ids, 3)).toBe(3);
  });
});
