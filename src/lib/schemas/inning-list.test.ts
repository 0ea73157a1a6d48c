import { describe, expect, it } from 'vitest';
import { inningsFromText, inningsToText } from './inning-list.ts';

describe('inning lists', () => {
  it('stores innings as a comma list and reads them back', () => {
    expect(inningsToText([3, 5])).toBe('3,5');
    expect(inningsToText([])).toBe('');
    expect(inningsFromText('3,5')).toEqual([3, 5]);
    expect(inningsFromText('')).toEqual([]);
  });

  it('reads what a scorer types: spaces, 회, a middle dot', () => {
    expect(inningsFromText('3 5')).toEqual([3, 5]);
    expect(inningsFromText('3회, 5회')).toEqual([3, 5]);
    expect(inningsFromText(' 7회·9 ')).toEqual([7, 9]);
  });

  it('refuses anything that is not an inning number', () => {
    expect(inningsFromText('3회초')).toBeNull();
    expect(inningsFromText('x')).toBeNull();
    expect(inningsFromText('-1')).toBeNull();
  });
});
