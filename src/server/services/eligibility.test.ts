import { describe, expect, it } from 'vitest';
import { ineligibleReason } from './eligibility.ts';

describe('ineligibleReason', () => {
  const day = '2025-05-10';
  const ok = { rosterTeamId: 1, status: 'active' as const, registeredOn: '2025-03-01' };

  it('lets an active player registered by the game day play for his team', () => {
    expect(ineligibleReason(ok, 1, day)).toBeNull();
    expect(ineligibleReason({ ...ok, registeredOn: day }, 1, day)).toBeNull();
  });

  it('gives the Korean reason otherwise, roster first', () => {
    expect(ineligibleReason({ rosterTeamId: null, status: null, registeredOn: null }, 1, day)).toBe(
      '리그 명단에 없음',
    );
    expect(ineligibleReason({ ...ok, rosterTeamId: 2 }, 1, day)).toBe('다른 팀 소속');
    expect(ineligibleReason({ ...ok, status: 'suspended' }, 1, day)).toBe('출장 정지');
    expect(ineligibleReason({ ...ok, status: 'released' }, 1, day)).toBe('방출');
    expect(ineligibleReason({ ...ok, registeredOn: '2025-05-11' }, 1, day)).toBe(
      '경기일 이후 등록',
    );
  });
});
