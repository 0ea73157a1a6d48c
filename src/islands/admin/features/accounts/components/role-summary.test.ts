import { describe, expect, it } from 'vitest';
import { roleRank, roleSummary } from './role-summary.ts';

const none = { isAdmin: false, grade: null, teams: [], noticeRole: null } as const;

describe('roleSummary', () => {
  it('names each role, highest first, with the managed teams', () => {
    expect(roleSummary({ ...none, isAdmin: true })).toBe('사이트 관리자');
    expect(roleSummary({ ...none, grade: 1 })).toBe('협회 관리자');
    expect(
      roleSummary({
        ...none,
        grade: 3,
        teams: [{ name: '서울 블루윙즈' }, { name: '부산 오션스' }],
      }),
    ).toBe('기록원, 팀 관리자(서울 블루윙즈, 부산 오션스)');
    expect(roleSummary({ ...none, grade: 2, noticeRole: 'write' })).toBe(
      '리그 운영자, 공지 작성자',
    );
  });

  it('counts write and admin on the notice board as writing, read as no role', () => {
    expect(roleSummary({ ...none, noticeRole: 'admin' })).toBe('공지 작성자');
    expect(roleSummary({ ...none, noticeRole: 'read' })).toBe('권한 없음');
    expect(roleSummary(none)).toBe('권한 없음');
  });
});

describe('roleRank', () => {
  it('orders site admins, grades, team managers, notice writers, then accounts without a role', () => {
    const ranks = [
      roleRank({ ...none, isAdmin: true, grade: 3 }),
      roleRank({ ...none, grade: 1 }),
      roleRank({ ...none, grade: 3, teams: [{ name: '팀' }] }),
      roleRank({ ...none, teams: [{ name: '팀' }] }),
      roleRank({ ...none, noticeRole: 'write' }),
      roleRank(none),
    ];
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(ranks.length);
  });
});
