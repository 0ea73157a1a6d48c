import { describe, expect, it } from 'vitest';
import { deleteBlocked, missingField } from './access.ts';
import { notFound } from '../http/api-error.ts';

describe('deleteBlocked', () => {
  it('is null when nothing blocks', () => {
    expect(deleteBlocked('선수', [{ what: '경기 기록', count: 0 }])).toBeNull();
  });

  it('names the first blocker and counts every one, with the right particles', () => {
    const err = deleteBlocked('선수', [
      { what: '경기 기록', count: 12 },
      { what: '리그 명단', count: 0 },
      { what: '선수 경력', count: 2 },
    ]);
    expect(err?.status).toBe(409);
    expect(err?.message).toBe(
      '경기 기록이 있는 선수는 삭제할 수 없습니다. (경기 기록 12건, 선수 경력 2건)',
    );
    expect(deleteBlocked('부', [{ what: '리그', count: 1, unit: '개' }])?.message).toBe(
      '리그가 있는 부는 삭제할 수 없습니다. (리그 1개)',
    );
    expect(deleteBlocked('팀', [{ what: '선수 경력', count: 3 }])?.message).toBe(
      '선수 경력이 있는 팀은 삭제할 수 없습니다. (선수 경력 3건)',
    );
  });
});

describe('notFound', () => {
  it('says what was not found with the right particle', () => {
    expect(notFound('팀').message).toBe('팀을 찾을 수 없습니다.');
    expect(notFound('선수').message).toBe('선수를 찾을 수 없습니다.');
    expect(notFound('팀').status).toBe(404);
    const field = missingField('divisionId', '부');
    expect(field.status).toBe(400);
    expect(field.errors).toEqual({ divisionId: '부를 찾을 수 없습니다.' });
  });
});
