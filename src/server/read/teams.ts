import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CoachRole } from '../db/schema.ts';
import { readLeagueTeams, readSeasonLeagues } from './leagues.ts';
import type { LeagueDetail } from './leagues.ts';
import { memoByDb } from './memo.ts';
import { tracked } from './read-deps.ts';
import { readLeagueBatters, readLeaguePitchers } from './player-lines.ts';
import type { BatterTotals, PitcherTotals } from './player-lines.ts';
import type { RosterEntry, TeamRef } from './types.ts';

/** A team as the team list shows it. */
export interface TeamCard extends TeamRef {
  region: string;
  founded: number | null;
}

/** The teams of each league of a season. */
export const readSeasonTeams = tracked(
  async (db: Db, seasonId: number): Promise<{ league: LeagueDetail; teams: TeamCard[] }[]> => {
    const leagues = await readSeasonLeagues(db, seasonId);
    return Promise.all(
      leagues.map(async (league) => {
        const refs = await readLeagueTeams(db, league.id);
        const rows = refs.length
          ? await db
              .selectFrom('teams')
              .select(['id', 'founded'])
              .where(
                'id',
                'in',
                refs.map((t) => t.id),
              )
              .execute()
          : [];
        const founded = new Map(rows.map((row) => [row.id, row.founded]));
        return { league, teams: refs.map((t) => ({ ...t, founded: founded.get(t.id) ?? null })) };
      }),
    );
  },
  ([seasonId], groups) => [`season:${seasonId}`, ...groups.map((g) => `league:${g.league.id}`)],
);

/** A team's season in one league: roster, coaches and everyone's stats. */
export interface TeamLeagueSeason {
  league: LeagueDetail;
  roster: RosterEntry[];
  coaches: { name: string; role: CoachRole }[];
  batters: BatterTotals[];
  pitchers: PitcherTotals[];
}

/** A team with its season in every league of the season it played in. */
export interface TeamSeason {
  team: TeamCard;
  leagues: TeamLeagueSeason[];
}

const ROLE_ORDER: Record<CoachRole, number> = { 단장: 0, 감독: 1, 코치: 2 };

/** Reads a team's roster and season stats, league by league. */
export const readTeamSeason = memoByDb(
  async (db: Db, seasonId: number, teamId: number): Promise<TeamSeason> => {
    const row = await db
      .selectFrom('teams')
      .select(['id', 'name', 'short_name', 'home_region', 'founded'])
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    const team: TeamCard = {
      id: row.id,
      name: row.name,
      shortName: row.short_name || row.name,
      region: row.home_region,
      founded: row.founded,
    };
    const [leagues, memberships] = await Promise.all([
      readSeasonLeagues(db, seasonId),
      db.selectFrom('league_teams').select('league_id').where('team_id', '=', teamId).execute(),
    ]);
    const member = new Set(memberships.map((m) => m.league_id));
    const seasons: TeamLeagueSeason[] = [];
    for (const league of leagues) {
      if (!member.has(league.id)) continue;
      const [rosterRows, coachRows, batters, pitchers] = await Promise.all([
        db
          .selectFrom('league_players as lp')
          .innerJoin('players as p', 'p.id', 'lp.player_id')
          .select([
            'p.id',
            'p.name',
            'p.position',
            'p.bats',
            'p.throws',
            'lp.back_number',
            'lp.status',
          ])
          .where('lp.league_id', '=', league.id)
          .where('lp.team_id', '=', teamId)
          .execute(),
        db
          .selectFrom('league_coaches as lc')
          .innerJoin('coaches as c', 'c.id', 'lc.coach_id')
          .select(['c.name', 'lc.role'])
          .where('lc.league_id', '=', league.id)
          .where('lc.team_id', '=', teamId)
          .execute(),
        readLeagueBatters(db, league.id),
        readLeaguePitchers(db, league.id),
      ]);
      const roster = rosterRows
        .map((p) => ({
          player: { id: p.id, name: p.name, teamId, backNumber: p.back_number },
          position: p.position,
          status: p.status,
          bats: p.bats,
          throws: p.throws,
        }))
        .sort(
          (a, b) =>
            (a.player.backNumber ?? 1000) - (b.player.backNumber ?? 1000) ||
            a.player.name.localeCompare(b.player.name, 'ko'),
        );
      seasons.push({
        league,
        roster,
        coaches: coachRows.sort(
          (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name, 'ko'),
        ),
        batters: batters.filter((b) => b.team.id === teamId),
        pitchers: pitchers.filter((p) => p.team.id === teamId),
      });
    }
    return { team, leagues: seasons };
  },
  // Not the season's lists (`season:S`): the leagues a team plays in are the team's own data
  // (`team:T`), so a game of another league of the season does not render this team's pages.
  ([, teamId], data) => [
    `team:${teamId}`,
    ...data.leagues.flatMap((l) => [`league:${l.league.id}`, `games:${l.league.id}`]),
  ],
);

/** A player's team in a season as his own page shows it: the team's name and his back number. */
export interface PlayerTeamEntry {
  team: TeamRef;
  /** his number on the team's roster of the season's first league (division order) he is on; null: none */
  backNumber: number | null;
  leagueId: number | null;
}

/**
 * The team and back number a player page shows. A page of one player reads only his own roster
 * row and the team's name, not the team's season (`readTeamSeason` sums the league's games): a
 * saved game then renders the pages of the players in it, not every player of the league.
 */
export const readPlayerTeamEntry = memoByDb(
  async (db: Db, seasonId: number, teamId: number, playerId: number): Promise<PlayerTeamEntry> => {
    const [team, entry] = await Promise.all([
      db
        .selectFrom('teams')
        .select(['id', 'name', 'short_name'])
        .where('id', '=', teamId)
        .executeTakeFirstOrThrow(),
      // the same league readTeamSeason's roster finds him in first: leagues in division order
      db
        .selectFrom('league_players as lp')
        .innerJoin('leagues as l', 'l.id', 'lp.league_id')
        .leftJoin('divisions as d', 'd.id', 'l.division_id')
        .select(['lp.back_number', 'l.id as league_id'])
        .where('l.season_id', '=', seasonId)
        .where('lp.team_id', '=', teamId)
        .where('lp.player_id', '=', playerId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('league_teams as lt')
              .select('lt.id')
              .whereRef('lt.league_id', '=', 'l.id')
              .where('lt.team_id', '=', teamId),
          ),
        )
        .orderBy(sql`coalesce(d.sort_order, 9999)`)
        .orderBy('l.name')
        .orderBy('l.id')
        .executeTakeFirst(),
    ]);
    return {
      team: { id: team.id, name: team.name, shortName: team.short_name || team.name },
      backNumber: entry?.back_number ?? null,
      leagueId: entry?.league_id ?? null,
    };
  },
  // his roster rows change with `player:P` (a roster change names every player before and after)
  ([, teamId, playerId], entry) => [
    `team:${teamId}`,
    `player:${playerId}`,
    ...(entry.leagueId === null ? [] : [`league:${entry.leagueId}`]),
  ],
);

/** Korean labels of roster statuses. */
export const ROSTER_STATUS_LABELS = {
  active: '등록',
  suspended: '출장 정지',
  released: '방출',
} as const;
