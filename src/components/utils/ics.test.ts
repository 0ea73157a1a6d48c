import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine } from './ics.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('foldIcsLine', () => {
  it('keeps short lines as they are', () => {
    expect(foldIcsLine('SUMMARY:짧은 제목')).toBe('SUMMARY:짧은 제목');
  });

  it('folds at 75 octets without splitting a Korean character', () => {
    const line = `SUMMARY:${'가나다라마바사'.repeat(10)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('escapeIcsText', () => {
  it('folds any text into lines of at most 75 octets that unfold to it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }).filter((t) => !/[\r\n]/.test(t)),
        (text) => {
          const folded = foldIcsLine(`DESCRIPTION:${text}`);
          const lines = folded.split('\r\n');
          for (const line of lines)
            expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
          expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(
            `DESCRIPTION:${text}`,
          );
        },
      ),
    );
  });

  it('escapes backslashes, separators and line breaks', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });
});

describe('buildIcs', () => {
  const ics = buildIcs({
    name: '2026 여자부 리그',
    events: [
      {
        uid: 'game-1@sbsa',
        date: '2026-11-21',
        time: '18:30',
        summary: '서울 vs 부산',
        location: '화성, 드림파크',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
      {
        uid: 'game-2@sbsa',
        date: '2026-12-31',
        summary: '시간 미정',
        status: 'CANCELLED',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
    ],
  });
  const lines = ics.split('\r\n');

  it('uses CRLF everywhere and ends with one', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('describes Asia/Seoul and places timed games in it', () => {
    expect(lines).toContain('TZID:Asia/Seoul');
    expect(lines).toContain('TZOFFSETTO:+0900');
    expect(lines).toContain('DTSTART;TZID=Asia/Seoul:20261121T183000');
    expect(lines).toContain('DTEND;TZID=Asia/Seoul:20261121T203000');
    expect(lines).toContain('LOCATION:화성\\, 드림파크');
  });

  it('makes games without a time all-day events, across a year end', () => {
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101');
    expect(lines).toContain('STATUS:CANCELLED');
  });

  it('stamps events with their last change, so rebuilding gives the same file', () => {
    expect(lines).toContain('DTSTAMP:20261101T000000Z');
  });
});
