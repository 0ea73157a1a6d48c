import { describe, expect, it } from 'vitest';
import { backupFilePattern, backupStamp, stampTime } from './backup-stamp.ts';

describe('backup names', () => {
  it('stamps in Asia/Seoul and reads the instant back', () => {
    const when = new Date('2026-03-01T18:04:05Z');
    expect(backupStamp(when)).toBe('20260302-030405');
    expect(stampTime(`sbsa-${backupStamp(when)}.sqlite`)?.toISOString()).toBe(when.toISOString());
    expect(stampTime('sbsa-20260302-030405-2.sqlite')?.toISOString()).toBe(when.toISOString());
  });

  it('recognises only backup files', () => {
    expect(backupFilePattern.test('sbsa-20260302-030405.sqlite')).toBe(true);
    expect(backupFilePattern.test('sbsa-20260302-030405.sqlite.partial')).toBe(false);
    expect(backupFilePattern.test('sbsa.sqlite')).toBe(false);
    // PostgreSQL's pg_dump archives are named alike
    expect(backupFilePattern.test('sbsa-20260302-030405-2.dump')).toBe(true);
    expect(backupFilePattern.test('sbsa-20260302-030405.dump.partial')).toBe(false);
    expect(stampTime('notes.txt')).toBeNull();
  });
});
