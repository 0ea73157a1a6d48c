import { describe, expect, it } from 'vitest';
import { formatEra, formatGamesBehind, formatPct, formatRate, formatWhip } from './format.ts';

describe('formatRate', () => {
  it('drops the leading zero below 1', () => {
    expect(formatRate(1 / 3)).toBe('.333');
    expect(formatRate(2 / 3)).toBe('.667');
    expect(formatRate(0)).toBe('.000');
    expect(formatRate(0.25)).toBe('.250');
  });

  it('keeps the integer part from 1 up', () => {
    expect(formatRate(1)).toBe('1.000');
    expect(formatRate(1.5)).toBe('1.500');
    expect(formatRate(0.9996)).toBe('1.000');
  });

  it('rounds half up where the value is exact', () => {
    expect(formatRate(1 / 16)).toBe('.063');
  });

  it("writes '-' for missing values", () => {
    expect(formatRate(null)).toBe('-');
    expect(formatRate(undefined)).toBe('-');
    expect(formatRate(Number.NaN)).toBe('-');
  });

  it('handles negatives', () => {
    expect(formatRate(-0.25)).toBe('-.250');
    expect(formatRate(-0.0001)).toBe('.000');
  });
});

describe('formatPct', () => {
  it('writes like a rate', () => {
    expect(formatPct(7 / 10)).toBe('.700');
    expect(formatPct(1)).toBe('1.000');
    expect(formatPct(null)).toBe('-');
  });
});

describe('formatEra', () => {
  it('uses two decimals', () => {
    expect(formatEra(7 / 3)).toBe('2.33');
    expect(formatEra(0)).toBe('0.00');
    expect(formatEra(3.15)).toBe('3.15');
    expect(formatEra(10.5)).toBe('10.50');
  });

  it("writes '-' for missing and '∞' for infinite", () => {
    expect(formatEra(null)).toBe('-');
    expect(formatEra(Infinity)).toBe('∞');
    expect(formatWhip(Infinity)).toBe('∞');
    expect(formatWhip(1.25)).toBe('1.25');
  });
});

describe('formatGamesBehind', () => {
  it("writes '-' for the leader and one decimal otherwise", () => {
    expect(formatGamesBehind(0)).toBe('-');
    expect(formatGamesBehind(1.5)).toBe('1.5');
    expect(formatGamesBehind(2)).toBe('2.0');
    expect(formatGamesBehind(0.5)).toBe('0.5');
    expect(formatGamesBehind(null)).toBe('-');
  });
});
