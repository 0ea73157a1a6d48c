import { describe, expect, it } from 'vitest';
import { standingsTable, tieNoteText } from './standings-table.ts';
import type { LeagueStandings } from '../../server/read/standings.ts';

describe('tieNoteText', () => {
  it('says which rules placed a tied team, with the right particle', () => {
    expect(tieNoteText('승자승 · TQB')).toBe('동률, 승자승 · TQB로 순위 결정');
    expect(tieNoteText('승자승')).toBe('동률, 승자승으로 순위 결정');
    expect(tieNoteText('TQB')).toBe('동률, TQB로 순위 결정');
    expect(tieNoteText('타율')).toBe('동률, 타율로 순위 결정');
    expect(tieNoteText('추첨')).toBe('동률, 추첨으로 순위 결정');
    expect(tieNoteText(undefined)).toBe('');
  });
});

describe('standingsTable', () => {
  const base = {
    g: 2,
    w: 1,
    l: 1,
    d: 0,
    pct: 0.5,
    pctExact: { n: 1, d: 2 },
    gb: 0,
    rs: 5,
    ra: 5,
    streak: '1승',
    last10: '1승 1패 0무',
  };
  const standings = {
    league: { id: 4, name: '2026 남자 2부 리그', rankingMethod: 'points' },
    rows: [
      {
        ...base,
        rank: 1,
        teamId: 1,
        team: { id: 1, name: '고양 킹스', shortName: '킹스' },
        points: 3,
        tieNote: 'TQB',
      },
      {
        ...base,
        rank: 2,
        teamId: 2,
        team: { id: 2, name: '용인 유니콘스', shortName: '유니콘스' },
        points: 3,
      },
    ],
    methodLabel: '',
    tieBreakerLabels: [],
  } as unknown as LeagueStandings;

  it('adds the points column for a points league and links each team', () => {
    const table = standingsTable(standings, { id: 3, active: true });
    expect(table.columns.map((c) => c.label)).toContain('승점');
    expect(table.rows[0][1]).toEqual({ text: '고양 킹스', href: '/sbsa/schedule/league/4/1' });
    expect(table.rows[0].at(-1)).toBe('동률, TQB로 순위 결정');
    expect(table.rows[0][6]).toBe('0.500');
  });

  it('keeps the main page version narrow', () => {
    const table = standingsTable(standings, { id: 3, active: true }, { compact: true });
    expect(table.columns.map((c) => c.label)).toEqual([
      '순위',
      '팀',
      '승',
      '패',
      '무',
      '승점',
      '승률',
      '게임차',
      '경기',
    ]);
  });
});
