import { describe, expect, it } from 'vitest';
import {
  allows,
  mayEditRoster,
  mayEnter,
  refusalTarget,
  roleName,
  whoGrants,
} from './permissions.ts';
import type { Access, Need } from './permissions.ts';

const base: Access = { mainId: 1, isAdmin: false, grade: null, teamIds: [], noticeWriter: false };
const admin = { ...base, isAdmin: true };
const grade1 = { ...base, grade: 1 as const };
const grade2 = { ...base, grade: 2 as const };
const scorer = { ...base, grade: 3 as const };
const teamManager = { ...base, teamIds: [5] };
const noticeWriter = { ...base, noticeWriter: true };
const needs: Need[] = ['any', 'site', 'association', 'league', 'notice', 'records', 'roster'];
const allowed = (a: Access) => needs.filter((n) => allows(a, n));

describe('permissions', () => {
  it('gives site admins everything and grade 1 all but backups, export and import', () => {
    expect(allowed(admin)).toEqual(needs);
    expect(allowed(grade1)).toEqual([
      'any',
      'association',
      'league',
      'notice',
      'records',
      'roster',
    ]);
  });

  it('gives grade 2 all but the association data', () => {
    expect(allowed(grade2)).toEqual(['any', 'league', 'notice', 'records', 'roster']);
  });

  it('gives the scorer game records only', () => {
    expect(allowed(scorer)).toEqual(['any', 'records']);
  });

  it('gives a team manager only league rosters, of his own team', () => {
    expect(allowed(teamManager)).toEqual(['any', 'roster']);
    expect(mayEditRoster(teamManager, 5)).toBe(true);
    expect(mayEditRoster(teamManager, 6)).toBe(false);
    expect(mayEditRoster(grade2, 6)).toBe(true);
  });

  it('gives a notice-board writer the notices alone', () => {
    expect(mayEnter(noticeWriter)).toBe(true);
    expect(allowed(noticeWriter)).toEqual(['any', 'notice']);
    expect(allowed({ ...scorer, noticeWriter: true })).toEqual(['any', 'notice', 'records']);
  });

  it('keeps out users with no role', () => {
    expect(mayEnter(base)).toBe(false);
    expect(allowed(base)).toEqual([]);
  });

  it('offers a failed league check /league/{id} and a failed team check / as the way out', () => {
    expect(refusalTarget(scorer, 'league')).toBe('/league/1');
    expect(refusalTarget(grade1, 'site')).toBe('/league/1');
    expect(refusalTarget(base, 'any')).toBe('/league/1');
    expect(refusalTarget(teamManager, 'league')).toBe('/');
    expect(refusalTarget(scorer, 'roster')).toBe('/');
  });

  it('names who can grant the role a refused screen needs', () => {
    expect(whoGrants('site')).toBe('사이트 관리자');
    expect(whoGrants('league')).toBe('협회 관리자(회원 관리 화면)');
    expect(whoGrants('roster')).toBe('협회 관리자(회원 관리 화면)');
  });

  it('names the role in Korean', () => {
    expect([admin, grade1, grade2, scorer, teamManager, noticeWriter, base].map(roleName)).toEqual([
      '사이트 관리자',
      '협회 관리자',
      '리그 운영자',
      '기록원',
      '팀 관리자',
      '공지 작성자',
      '권한 없음',
    ]);
  });
});
