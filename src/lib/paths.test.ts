import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  menuItems,
  menuSectionOf,
  paths,
  seasonIdFromParam,
  seasonIdOfPath,
  seasonParam,
  teamIdOfTeamPage,
} from './paths.ts';

const active = { id: 3, active: true };
const past = { id: 1, active: false };

describe('paths', () => {
  it('puts the active season on the spec routes', () => {
    expect(paths.home(active)).toBe('/sbsa');
    expect(paths.leagueSchedules(active)).toBe('/sbsa/schedule/league');
    expect(paths.teamSchedule(active, 4, 9)).toBe('/sbsa/schedule/league/4/9');
    expect(paths.boxScore(active, 4, 77)).toBe('/sbsa/result/game/4/77');
    expect(paths.player(active, 9, 120)).toBe('/sbsa/stats/team/9/player/120');
  });

  it('puts other seasons under /sbsa/season/{id} with the same sub-paths', () => {
    expect(paths.home(past)).toBe('/sbsa/season/1');
    expect(paths.gameSchedule(past)).toBe('/sbsa/season/1/schedule/game');
    expect(paths.teamPlayers(past, 9)).toBe('/sbsa/season/1/stats/team/9/players');
  });

  it('pages notices from the second page on', () => {
    expect(paths.notices()).toBe('/sbsa/notice');
    expect(paths.notices(1)).toBe('/sbsa/notice');
    expect(paths.notices(2)).toBe('/sbsa/notice/page/2');
    expect(paths.notice(15)).toBe('/sbsa/notice/15');
  });

  it('round-trips the season route parameter', () => {
    expect(seasonParam(active)).toBeUndefined();
    expect(seasonParam(past)).toBe('season/1');
    expect(seasonIdFromParam('season/1')).toBe(1);
    expect(seasonIdFromParam(undefined)).toBeNull();
    expect(seasonIdFromParam('season/x')).toBeNull();
    expect(seasonIdOfPath(paths.player(past, 15, 248))).toBe(1);
    expect(seasonIdOfPath(paths.home(past))).toBe(1);
    expect(seasonIdOfPath(paths.player(active, 15, 248))).toBeNull();
    expect(seasonIdOfPath('/sbsa/seasonal/1')).toBeNull();
  });

  it("finds the team of a team's own pages, and of no other", () => {
    expect(teamIdOfTeamPage(paths.teamPlayers(active, 9))).toBe(9);
    expect(teamIdOfTeamPage(`${paths.teamPlayers(past, 12)}/index.html`)).toBe(12);
    expect(teamIdOfTeamPage(paths.teamSchedule(active, 4, 9))).toBe(9);
    expect(teamIdOfTeamPage(`${paths.teamSchedule(past, 4, 31)}/index.html`)).toBe(31);
    expect(teamIdOfTeamPage(paths.player(active, 9, 120))).toBeNull();
    expect(teamIdOfTeamPage(paths.leagueSchedule(active, 4))).toBeNull();
    expect(teamIdOfTeamPage(paths.boxScore(active, 4, 77))).toBeNull();
    expect(teamIdOfTeamPage('/sbsa/stats/team/9/players-old')).toBeNull();
  });
});

describe('menu', () => {
  it('lists the sections in the words fans use, in order, on the routes of SPEC.md §2', () => {
    expect(menuItems(active).map((item) => [item.label, item.href])).toEqual([
      ['순위', '/sbsa/result/league'],
      ['일정', '/sbsa/schedule/game'],
      ['결과', '/sbsa/result/game'],
      ['기록실', '/sbsa/records'],
      ['팀', '/sbsa/stats/teams'],
      ['공지', '/sbsa/notice'],
    ]);
    expect(menuItems(past)[4].href).toBe('/sbsa/season/1/stats/teams');
  });

  it('finds the section of any public path', () => {
    expect(menuSectionOf('/sbsa/schedule/league/4/9')).toBe('schedule');
    expect(menuSectionOf('/sbsa/season/1/schedule/game')).toBe('schedule');
    expect(menuSectionOf('/sbsa/result/game/4/77')).toBe('results');
    expect(menuSectionOf('/sbsa/season/2/result/league')).toBe('standings');
    expect(menuSectionOf('/sbsa/stats/team/9/player/120')).toBe('teams');
    expect(menuSectionOf('/sbsa/notice/3')).toBe('notices');
    expect(menuSectionOf('/sbsa/season/1/records/4/batting-hr')).toBe('records');
    expect(menuSectionOf('/sbsa/notice/page/2')).toBe('notices');
    expect(menuSectionOf('/sbsa')).toBeNull();
    expect(menuSectionOf('/policy/privacy')).toBeNull();
  });
});

describe('absoluteUrl', () => {
  it('joins a path to the public origin', () => {
    expect(absoluteUrl('/sbsa/notice', 'https://sbsa.example.kr')).toBe(
      'https://sbsa.example.kr/sbsa/notice',
    );
    expect(absoluteUrl('/sbsa', 'http://localhost:4321/')).toBe('http://localhost:4321/sbsa');
  });
});
