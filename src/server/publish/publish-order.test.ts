import { describe, expect, it } from 'vitest';
import { SPLIT_MIN, publishOrder } from './publish-order.ts';

/** The files a saved record of league 11 changes on the demo, by kind. */
const box = 'sbsa/result/game/11/452/index.html';
const standings = 'sbsa/result/league/index.html';
const player = 'sbsa/stats/team/15/player/248/index.html';
const pastPlayer = 'sbsa/season/1/stats/team/15/player/248/index.html';
const leaders = 'sbsa/records/11/batting-avg/index.html';
const calendar = 'sbsa/calendar/league/11.ics';
const players = 'sbsa/records/players.json';
const teamPlayers = Array.from(
  { length: SPLIT_MIN },
  (_, i) => `sbsa/stats/team/${i}/players/index.html`,
);

describe('publishOrder', () => {
  it("puts the current season's pages first; leaderboards, past seasons, calendars and data files after", () => {
    const files = [leaders, box, pastPlayer, calendar, standings, players, player, ...teamPlayers];
    expect(publishOrder(files)).toEqual([
      [box, standings, player, ...teamPlayers],
      [leaders, pastPlayer, calendar, players],
    ]);
  });

  it("puts first, of the teams' own pages, those of the teams the change is about", () => {
    const schedule = (team: number) => `sbsa/schedule/league/11/${team}/index.html`;
    const files = [
      box,
      standings,
      player,
      leaders,
      ...teamPlayers,
      schedule(3),
      schedule(15),
      schedule(7),
    ];
    const [first, rest] = publishOrder(files, new Set([3, 15]));
    expect(first).toEqual([
      box,
      standings,
      player,
      teamPlayers[3],
      teamPlayers[15],
      schedule(3),
      schedule(15),
    ]);
    expect(rest).toEqual([
      leaders,
      ...teamPlayers.filter((_, i) => i !== 3 && i !== 15),
      schedule(7),
    ]);
    // a change that names no team keeps every team's pages first
    expect(publishOrder(files)[0]).toHaveLength(files.length - 1);
  });

  it('publishes a small change in one switch', () => {
    const files = [box, standings, player, leaders, pastPlayer];
    expect(publishOrder(files)).toEqual([files]);
  });

  it('publishes in one switch when one of the two parts would be empty', () => {
    expect(publishOrder(teamPlayers)).toEqual([teamPlayers]);
    const later = teamPlayers.map((f) => f.replace('sbsa/', 'sbsa/season/2/'));
    expect(publishOrder(later)).toEqual([later]);
  });
});
