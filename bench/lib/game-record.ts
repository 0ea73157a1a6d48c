/**
 * A box score for a scheduled game of the bench association, as the record API takes it: line-ups
 * from the teams' eligible league rosters and a game played by the demo seed's simulation.
 */
import type { DatabaseSync } from 'node:sqlite';
import { pickLineup } from '../../src/server/db/seed/lineup.ts';
import type { DemoPlayer } from '../../src/server/db/seed/people.ts';
import { createRng } from '../../src/server/db/seed/random.ts';
import { DEFAULT_RUN_AHEAD, simulateGame } from '../../src/server/db/seed/simulate-game.ts';
import type { BoxScoreInput } from '../../src/lib/schemas/box-score.ts';

export interface TargetGame {
  gameId: number;
  leagueId: number;
  seasonId: number;
  date: string;
  homeTeamId: number;
  awayTeamId: number;
  tiesAllowed: boolean;
}

/** Scheduled games of the active season whose teams both have a full eligible roster, in date order. */
export function scheduledGames(sqlite: DatabaseSync, count: number): TargetGame[] {
  const rows = sqlite
    .prepare(`
    SELECT g.id AS gameId, g.league_id AS leagueId, l.season_id AS seasonId, g.game_date AS date,
           g.home_team_id AS homeTeamId, g.away_team_id AS awayTeamId, l.ties_allowed AS ties
    FROM games g JOIN leagues l ON l.id = g.league_id JOIN seasons s ON s.id = l.season_id
    WHERE s.active = 1 AND g.status = 'scheduled'
    ORDER BY g.game_date, g.id`)
    .all() as unknown as (Omit<TargetGame, 'tiesAllowed'> & { ties: number })[];
  // Two games of the same team would make the second measurement wait on the first's pages; keep teams apart.
  const used = new Set<number>();
  const out: TargetGame[] = [];
  for (const r of rows) {
    if (used.has(r.homeTeamId) || used.has(r.awayTeamId)) continue;
    used.add(r.homeTeamId);
    used.add(r.awayTeamId);
    out.push({
      gameId: r.gameId,
      leagueId: r.leagueId,
      seasonId: r.seasonId,
      date: r.date,
      homeTeamId: r.homeTeamId,
      awayTeamId: r.awayTeamId,
      tiesAllowed: r.ties === 1,
    });
    if (out.length === count) break;
  }
  return out;
}

function eligible(sqlite: DatabaseSync, game: TargetGame, teamId: number): DemoPlayer[] {
  const rows = sqlite
    .prepare(`
    SELECT p.id, p.name, p.position, p.gender, p.birth_date AS birthDate
    FROM league_players lp JOIN players p ON p.id = lp.player_id
    WHERE lp.league_id = ? AND lp.team_id = ? AND lp.status = 'active' AND lp.registered_on <= ?
    ORDER BY p.id`)
    .all(game.leagueId, teamId, game.date) as unknown as {
    id: number;
    name: string;
    position: string;
    gender: 'M' | 'F';
    birthDate: string;
  }[];
  return rows.map((r) => ({
    ...r,
    bats: 'R',
    throws: 'R',
    userId: null,
    skills: {
      contact: 1,
      power: 1,
      eye: 1,
      speed: 1,
      stuff: r.position === '투수' ? 1 : 0.75,
      control: r.position === '투수' ? 1 : 0.8,
      stamina: r.position === '투수' ? 28 : 10,
    },
  }));
}

/** A complete final box score for the game (PUT /api/league/game/{gameId}/record body) and the facts the bench polls for. */
export function gameRecord(sqlite: DatabaseSync, game: TargetGame, seed: string) {
  const rng = createRng(`${seed}:${game.gameId}`);
  const away = pickLineup(rng, eligible(sqlite, game, game.awayTeamId), 9);
  const home = pickLineup(rng, eligible(sqlite, game, game.homeTeamId), 9);
  const sim = simulateGame(rng, away, home, {
    innings: 7,
    runAhead: DEFAULT_RUN_AHEAD,
    tiesAllowed: game.tiesAllowed,
  });
  const side = (s: typeof sim.away) => ({
    batting: s.batting.map((l) => ({ ...l })),
    pitching: s.pitching.map((l) => ({ ...l })),
  });
  const body: BoxScoreInput = {
    status: 'final',
    innings: {
      away: sim.halves.filter((h) => h.half === 'top').map((h) => h.runs),
      home: sim.halves.filter((h) => h.half === 'bottom').map((h) => h.runs),
    },
    away: side(sim.away),
    home: side(sim.home),
    winPitcherId: sim.winPitcherId,
    lossPitcherId: sim.lossPitcherId,
    savePitcherId: sim.savePitcherId,
    mvpPlayerId: sim.mvpPlayerId,
    forfeitWinnerTeamId: null,
    notes: 'bench',
  };
  return {
    body,
    awayScore: sim.away.runs,
    homeScore: sim.home.runs,
    homeLeadOff: sim.home.batting[0].playerId,
  };
}
