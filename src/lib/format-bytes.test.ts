import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('counts in steps of 1024 with one decimal, none when whole', () => {
    expect(formatBytes(0)).toBe('0바이트');
    expect(formatBytes(1023)).toBe('1023바이트');
    expect(formatBytes(1024)).toBe('1KB');
    expect(formatBytes(3.4 * 1024)).toBe('3.4KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5GB');
    expect(formatBytes(10n * 1024n)).toBe('10KB');
  });
});
