import type { Db } from '../db/database.ts';
import { memoByDb } from './memo.ts';
import type { TeamRef } from './types.ts';

/** A league's final placings and awards, as entered when the league closed. */
export interface LeagueFinal {
  ranks: { rank: number; team: TeamRef; note: string }[];
  awards: {
    name: string;
    player: { id: number; name: string; teamId: number | null } | null;
    team: TeamRef | null;
    note: string;
  }[];
}

/** Reads final ranks and awards of a league; both are empty until entered. */
export const readLeagueFinal = memoByDb(
  async (db: Db, leagueId: number): Promise<LeagueFinal> => {
    const [ranks, awards] = await Promise.all([
      db
        .selectFrom('league_results as r')
        .innerJoin('teams as t', 't.id', 'r.team_id')
        .select(['r.rank', 'r.note', 't.id', 't.name', 't.short_name'])
        .where('r.league_id', '=', leagueId)
        .orderBy('r.rank')
        .orderBy('t.name')
        .execute(),
      db
        .selectFrom('league_awards as a')
        .leftJoin('players as p', 'p.id', 'a.player_id')
        .leftJoin('teams as t', 't.id', 'a.team_id')
        .leftJoin('league_players as lp', (join) =>
          join.onRef('lp.league_id', '=', 'a.league_id').onRef('lp.player_id', '=', 'a.player_id'),
        )
        .select([
          'a.award_name',
          'a.note',
          'a.player_id',
          'p.name as player_name',
          'a.team_id',
          't.name as team_name',
          't.short_name as team_short',
          'lp.team_id as roster_team_id',
        ])
        .where('a.league_id', '=', leagueId)
        .orderBy('a.id')
        .execute(),
    ]);
    return {
      ranks: ranks.map((r) => ({
        rank: r.rank,
        note: r.note,
        team: { id: r.id, name: r.name, shortName: r.short_name || r.name },
      })),
      awards: awards.map((a) => ({
        name: a.award_name,
        note: a.note,
        player:
          a.player_id !== null && a.player_name !== null
            ? { id: a.player_id, name: a.player_name, teamId: a.roster_team_id }
            : null,
        team:
          a.team_id !== null && a.team_name !== null
            ? { id: a.team_id, name: a.team_name, shortName: a.team_short || a.team_name }
            : null,
      })),
    };
  },
  ([leagueId]) => [`league:${leagueId}`],
);
