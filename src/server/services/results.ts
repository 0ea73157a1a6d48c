import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { badRequest } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { apiGame, getLeague, leagueTeams } from './games.ts';
import { freshReads } from '../read/memo.ts';
import { readLeaguePostseason } from '../read/postseason.ts';
import { leagueStandings } from './standings.ts';
import type { LeagueResult, LeagueResultValues } from '../../lib/schemas/result.ts';

/** League results: the computed standings beside the final ranks and awards the league manager enters. */

type Reader = Db | Tx;

async function ranksAndAwards(db: Reader, leagueId: number) {
  const ranks = await db
    .selectFrom('league_results')
    .innerJoin('teams', 'teams.id', 'league_results.team_id')
    .select(['league_results.team_id', 'teams.name', 'league_results.rank', 'league_results.note'])
    .where('league_results.league_id', '=', leagueId)
    .orderBy('league_results.rank')
    .orderBy('teams.name')
    .execute();
  const awards = await db
    .selectFrom('league_awards')
    .leftJoin('players', 'players.id', 'league_awards.player_id')
    .leftJoin('teams', 'teams.id', 'league_awards.team_id')
    .select([
      'league_awards.id',
      'league_awards.award_name',
      'league_awards.player_id',
      'players.name as player_name',
      'league_awards.team_id',
      'teams.name as team_name',
      'league_awards.note',
    ])
    .where('league_awards.league_id', '=', leagueId)
    .orderBy('league_awards.id')
    .execute();
  return {
    ranks: ranks.map((r) => ({ teamId: r.team_id, teamName: r.name, rank: r.rank, note: r.note })),
    awards: awards.map((a) => ({
      awardId: a.id,
      awardName: a.award_name,
      playerId: a.player_id,
      playerName: a.player_name ?? null,
      teamId: a.team_id,
      teamName: a.team_name ?? null,
      note: a.note,
    })),
  };
}

/** Standings, final ranks and awards of a league, and its postseason (404 for an unknown league). */
export async function leagueResult(db: Reader, leagueId: number): Promise<LeagueResult> {
  const standings = await leagueStandings(db, leagueId);
  const postseason = await readLeaguePostseason(freshReads(db), leagueId);
  return {
    leagueId,
    leagueName: standings.leagueName,
    standings,
    ...(await ranksAndAwards(db, leagueId)),
    postseason: {
      games: postseason.games.map(apiGame),
      ranks: postseason.ranks.map((r) => ({
        rank: r.rank,
        label: r.label,
        teamId: r.team.id,
        teamName: r.team.name,
        note: r.note,
        fromFinal: r.fromFinal,
      })),
    },
  };
}

/** Replaces the final ranks and awards of a league; every team must be in the league, every player on its roster. */
export async function saveLeagueResult(
  db: Db,
  leagueId: number,
  values: LeagueResultValues,
  userId: number,
): Promise<LeagueResult> {
  await writeTx(db, async (tx) => {
    await getLeague(tx, leagueId);
    const teamIds = new Set((await leagueTeams(tx, leagueId)).map((t) => t.id));
    const playerIds = values.awards
      .map((a) => a.playerId)
      .filter((id): id is number => id !== null);
    const roster =
      playerIds.length === 0
        ? []
        : await tx
            .selectFrom('league_players')
            .select(['player_id', 'team_id'])
            .where('league_id', '=', leagueId)
            .where('player_id', 'in', playerIds)
            .execute();
    const teamOfPlayer = new Map(roster.map((r) => [r.player_id, r.team_id]));

    const errors: Record<string, string> = {};
    const seen = new Set<number>();
    values.ranks.forEach((r, i) => {
      if (!teamIds.has(r.teamId)) errors[`ranks.${i}.teamId`] = '이 리그에 참가한 팀이 아닙니다.';
      else if (seen.has(r.teamId)) errors[`ranks.${i}.teamId`] = '같은 팀이 두 번 입력되었습니다.';
      seen.add(r.teamId);
    });
    values.awards.forEach((a, i) => {
      if (a.teamId !== null && !teamIds.has(a.teamId))
        errors[`awards.${i}.teamId`] = '이 리그에 참가한 팀이 아닙니다.';
      if (a.playerId !== null) {
        const team = teamOfPlayer.get(a.playerId);
        if (team === undefined) errors[`awards.${i}.playerId`] = '이 리그 명단에 없는 선수입니다.';
        else if (a.teamId !== null && a.teamId !== team)
          errors[`awards.${i}.teamId`] ??= '수상 선수의 소속 팀과 다릅니다.';
      }
    });
    const paths = Object.keys(errors);
    if (paths.length > 0) throw badRequest(errors[paths[0]], errors);

    const before = await ranksAndAwards(tx, leagueId);
    await tx.deleteFrom('league_results').where('league_id', '=', leagueId).execute();
    await tx.deleteFrom('league_awards').where('league_id', '=', leagueId).execute();
    if (values.ranks.length > 0) {
      await tx
        .insertInto('league_results')
        .values(
          values.ranks.map((r) => ({
            league_id: leagueId,
            team_id: r.teamId,
            rank: r.rank,
            note: r.note,
          })),
        )
        .execute();
    }
    if (values.awards.length > 0) {
      await tx
        .insertInto('league_awards')
        .values(
          values.awards.map((a) => ({
            league_id: leagueId,
            award_name: a.awardName,
            player_id: a.playerId,
            // An award to a player names his team when none was given.
            team_id:
              a.teamId ?? (a.playerId !== null ? (teamOfPlayer.get(a.playerId) ?? null) : null),
            note: a.note,
          })),
        )
        .execute();
    }
    const after = await ranksAndAwards(tx, leagueId);
    await audit(tx, {
      userId,
      action: 'update',
      entity: 'league_result',
      entityId: leagueId,
      before,
      after,
    });
  });
  return leagueResult(db, leagueId);
}
