import type { Db, Tx } from '../db/database.ts';
import type { RosterStatus } from '../db/schema.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { IneligiblePlayer, IneligibleReason, RosterEntry } from '../../lib/schemas/game.ts';

/**
 * Who may play for a team in a game (DESIGN.md §4): a player must be on that team's league roster,
 * active (not suspended or released) and registered on or before the game date.
 */

type Reader = Db | Tx;

/** A player's entry on the league roster, if he has one in the game's league. */
export interface RosterFacts {
  rosterTeamId: number | null;
  status: RosterStatus | null;
  registeredOn: string | null;
}

/** Why the player cannot play for teamId on gameDate, or null when he can. */
export function ineligibleReason(
  facts: RosterFacts,
  teamId: number,
  gameDate: string,
): IneligibleReason | null {
  if (facts.rosterTeamId === null) return '리그 명단에 없음';
  if (facts.rosterTeamId !== teamId) return '다른 팀 소속';
  if (facts.status === 'suspended') return '출장 정지';
  if (facts.status === 'released') return '방출';
  if (facts.registeredOn !== null && facts.registeredOn > gameDate) return '경기일 이후 등록';
  return null;
}

export interface GameForEligibility {
  leagueId: number;
  gameDate: string;
  homeTeamId: number;
  awayTeamId: number;
}

export async function gameForEligibility(db: Reader, gameId: number): Promise<GameForEligibility> {
  const game = await db
    .selectFrom('games')
    .select(['league_id', 'game_date', 'home_team_id', 'away_team_id'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw notFound('경기');
  return {
    leagueId: game.league_id,
    gameDate: game.game_date,
    homeTeamId: game.home_team_id,
    awayTeamId: game.away_team_id,
  };
}

/** Reasons for the given players (null = may play) for teamId in the game's league on its date. */
export async function checkPlayers(
  db: Reader,
  game: Pick<GameForEligibility, 'leagueId' | 'gameDate'>,
  teamId: number,
  playerIds: readonly number[],
): Promise<Map<number, IneligibleReason | null>> {
  const result = new Map<number, IneligibleReason | null>();
  if (playerIds.length === 0) return result;
  const unique = [...new Set(playerIds)];
  const rows = await db
    .selectFrom('league_players')
    .select(['player_id', 'team_id', 'status', 'registered_on'])
    .where('league_id', '=', game.leagueId)
    .where('player_id', 'in', unique)
    .execute();
  const byPlayer = new Map(rows.map((r) => [r.player_id, r]));
  for (const id of unique) {
    const row = byPlayer.get(id);
    result.set(
      id,
      ineligibleReason(
        {
          rosterTeamId: row?.team_id ?? null,
          status: row?.status ?? null,
          registeredOn: row?.registered_on ?? null,
        },
        teamId,
        game.gameDate,
      ),
    );
  }
  return result;
}

/**
 * The team's players for a game, split into who may play and who may not (with the reason).
 * Candidates are the team's league roster and its current squad (team_players not ended before the game).
 */
export async function teamEligibility(
  db: Reader,
  game: Pick<GameForEligibility, 'leagueId' | 'gameDate'>,
  teamId: number,
): Promise<{ eligible: RosterEntry[]; ineligible: IneligiblePlayer[] }> {
  const roster = await db
    .selectFrom('league_players')
    .innerJoin('players', 'players.id', 'league_players.player_id')
    .select([
      'players.id',
      'players.name',
      'players.position',
      'league_players.back_number',
      'league_players.team_id',
      'league_players.status',
      'league_players.registered_on',
    ])
    .where('league_players.league_id', '=', game.leagueId)
    .where('league_players.team_id', '=', teamId)
    .execute();
  const squad = await db
    .selectFrom('team_players')
    .innerJoin('players', 'players.id', 'team_players.player_id')
    .select(['players.id', 'players.name', 'players.position', 'team_players.back_number'])
    .where('team_players.team_id', '=', teamId)
    .where((eb) =>
      eb.or([
        eb('team_players.to_date', 'is', null),
        eb('team_players.to_date', '>=', game.gameDate),
      ]),
    )
    .execute();
  const others =
    squad.length === 0
      ? []
      : await db
          .selectFrom('league_players')
          .select(['player_id', 'team_id', 'status', 'registered_on'])
          .where('league_id', '=', game.leagueId)
          .where(
            'player_id',
            'in',
            squad.map((s) => s.id),
          )
          .execute();
  const otherByPlayer = new Map(others.map((r) => [r.player_id, r]));

  const eligible: RosterEntry[] = [];
  const ineligible: IneligiblePlayer[] = [];
  const seen = new Set<number>();
  const place = (entry: RosterEntry, reason: IneligibleReason | null) => {
    if (seen.has(entry.playerId)) return;
    seen.add(entry.playerId);
    if (reason === null) eligible.push(entry);
    else ineligible.push({ ...entry, reason });
  };
  for (const r of roster) {
    place(
      { playerId: r.id, name: r.name, backNumber: r.back_number, position: r.position },
      ineligibleReason(
        { rosterTeamId: r.team_id, status: r.status, registeredOn: r.registered_on },
        teamId,
        game.gameDate,
      ),
    );
  }
  for (const s of squad) {
    const other = otherByPlayer.get(s.id);
    place(
      { playerId: s.id, name: s.name, backNumber: s.back_number, position: s.position },
      ineligibleReason(
        {
          rosterTeamId: other?.team_id ?? null,
          status: other?.status ?? null,
          registeredOn: other?.registered_on ?? null,
        },
        teamId,
        game.gameDate,
      ),
    );
  }
  const order = (a: RosterEntry, b: RosterEntry) =>
    (a.backNumber ?? 1000) - (b.backNumber ?? 1000) ||
    a.name.localeCompare(b.name, 'ko') ||
    a.playerId - b.playerId;
  return { eligible: eligible.sort(order), ineligible: ineligible.sort(order) };
}

/** The ineligible players of one team for one game; 404 when the team does not play in it. */
export async function ineligibleForGame(
  db: Reader,
  gameId: number,
  teamId: number,
): Promise<IneligiblePlayer[]> {
  const game = await gameForEligibility(db, gameId);
  if (teamId !== game.homeTeamId && teamId !== game.awayTeamId)
    throw new ApiError(404, '이 경기에 나오는 팀이 아닙니다.');
  return (await teamEligibility(db, game, teamId)).ineligible;
}
