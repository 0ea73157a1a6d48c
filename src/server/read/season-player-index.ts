import type { Db } from '../db/database.ts';
import { memoByDb } from './memo.ts';

/** One entry of a season's player search index: who, on which team. */
export interface PlayerIndexEntry {
  playerId: number;
  name: string;
  teamId: number;
  teamName: string;
}

/** Every player with a page in a season (rostered or with a game line), by name, for the records room's search. */
export const readSeasonPlayerIndex = memoByDb(
  async (db: Db, seasonId: number): Promise<PlayerIndexEntry[]> => {
    const leagueIds = db.selectFrom('leagues').select('id').where('season_id', '=', seasonId);
    const rows = await db
      .selectFrom('league_players as lp')
      .innerJoin('players as p', 'p.id', 'lp.player_id')
      .innerJoin('teams as t', 't.id', 'lp.team_id')
      .select([
        'p.id as playerId',
        'p.name',
        't.id as teamId',
        't.short_name',
        't.name as teamFull',
      ])
      .where('lp.league_id', 'in', leagueIds)
      .union(
        db
          .selectFrom('game_batting as b')
          .innerJoin('games as g', 'g.id', 'b.game_id')
          .innerJoin('players as p', 'p.id', 'b.player_id')
          .innerJoin('teams as t', 't.id', 'b.team_id')
          .select([
            'p.id as playerId',
            'p.name',
            't.id as teamId',
            't.short_name',
            't.name as teamFull',
          ])
          .where('g.league_id', 'in', leagueIds),
      )
      .union(
        db
          .selectFrom('game_pitching as gp')
          .innerJoin('games as g', 'g.id', 'gp.game_id')
          .innerJoin('players as p', 'p.id', 'gp.player_id')
          .innerJoin('teams as t', 't.id', 'gp.team_id')
          .select([
            'p.id as playerId',
            'p.name',
            't.id as teamId',
            't.short_name',
            't.name as teamFull',
          ])
          .where('g.league_id', 'in', leagueIds),
      )
      .execute();
    return rows
      .map((r) => ({
        playerId: r.playerId,
        name: r.name,
        teamId: r.teamId,
        teamName: r.short_name || r.teamFull,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ko') || a.teamId - b.teamId);
  },
  // players with a line in a game of the season are in it too
  ([seasonId]) => [`season:${seasonId}`, `season-games:${seasonId}`],
);
