import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('keeps bytes whole and gives one decimal above', () => {
    expect(formatBytes(0)).toBe('0B');
    expect(formatBytes(1023)).toBe('1023B');
    expect(formatBytes(1024)).toBe('1.0KB');
    expect(formatBytes(3.4 * 1024)).toBe('3.4KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12.0MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5GB');
  });
});
