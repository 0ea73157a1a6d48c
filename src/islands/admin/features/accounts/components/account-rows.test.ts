import { describe, expect, it } from 'vitest';
import { accountRows } from './account-rows.ts';
import type { User } from '../../../../../lib/schemas/user.ts';

const user = (id: number, username: string): User => ({
  id,
  username,
  email: `u${id}@sbsa.kr`,
  nickname: '',
  phone: null,
  photo: null,
  gender: null,
  birthday: null,
  isAdmin: false,
  disabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  playerIds: [],
  coachIds: [],
});

describe('accountRows', () => {
  it('gives each account only its own grade, teams and notice role', () => {
    const rows = accountRows([user(1, '가'), user(2, '나')], {
      managers: [{ userId: 2, grade: 3 }],
      teamManagers: [
        { teamId: 7, teamName: '서울 블루윙즈', userId: 2 },
        { teamId: 8, teamName: '부산 오션스', userId: 2 },
      ],
      noticeRoles: [{ userId: 1, role: 'write' }],
    });
    expect(
      rows.map(({ id, grade, teams, noticeRole }) => ({ id, grade, teams, noticeRole })),
    ).toEqual([
      { id: 1, grade: null, teams: [], noticeRole: 'write' },
      {
        id: 2,
        grade: 3,
        teams: [
          { id: 7, name: '서울 블루윙즈' },
          { id: 8, name: '부산 오션스' },
        ],
        noticeRole: null,
      },
    ]);
  });
});
