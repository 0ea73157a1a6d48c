import { describe, expect, it } from 'vitest';
import { describeStorageError, storageProblem } from './storage-error.ts';

const sqliteError = (message: string, errcode: number) =>
  Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });
const fsError = (code: string) =>
  Object.assign(new Error(`${code}: something, open '/data/x'`), { code });

describe('storageProblem', () => {
  it('tells the file-system and SQLite errors of a bad data folder apart', () => {
    expect(storageProblem(fsError('EROFS'))).toBe('read-only');
    expect(storageProblem(sqliteError('attempt to write a readonly database', 8))).toBe(
      'read-only',
    );
    expect(storageProblem(fsError('ENOSPC'))).toBe('disk-full');
    expect(storageProblem(sqliteError('database or disk is full', 13))).toBe('disk-full');
    expect(storageProblem(fsError('EACCES'))).toBe('permission');
    expect(storageProblem(sqliteError('database disk image is malformed', 11))).toBe('corrupt');
    expect(storageProblem(sqliteError('file is not a database', 26))).toBe('corrupt');
    expect(
      storageProblem(
        new Error(
          '데이터베이스가 이 프로그램보다 새로운 버전입니다 (database is newer than this program: 009-x)',
        ),
      ),
    ).toBe('newer-version');
    expect(storageProblem(new Error('something else'))).toBeNull();
  });

  it('writes a Korean and English message with the cause on its own line', () => {
    const { message } = describeStorageError(fsError('ENOSPC'), '/srv/sbsa/data');
    expect(message.split('\n')[0]).toContain('디스크 공간이 부족합니다');
    expect(message).toContain('The disk is full');
    expect(message).toContain('/srv/sbsa/data');
    expect(message).toContain('원인 / cause: ENOSPC');
  });
});
