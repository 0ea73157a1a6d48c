import type { Db } from '../../../src/server/db/database.ts';
import { openReadSnapshot } from '../../../src/server/db/read-snapshot.ts';
import type { BoxScoreInput } from '../../../src/lib/schemas/box-score.ts';

/** A scheduled game of the active season and the record the test saves for it. */
export interface PlannedRecord {
  gameId: number;
  leagueId: number;
  awayTeamId: number;
  homeTeamId: number;
  /** the away batter who scores the only run: his player page must list the game */
  scorer: number;
  body: BoxScoreInput;
}

interface Row {
  gameId: number;
  leagueId: number;
  date: string;
  innings: number;
  homeTeamId: number;
  awayTeamId: number;
}

/** Active, registered players of a team's league roster on the game's day. */
async function eligible(db: Db, game: Row, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('league_players')
    .select('player_id')
    .where('league_id', '=', game.leagueId)
    .where('team_id', '=', teamId)
    .where('status', '=', 'active')
    .where('registered_on', '<=', game.date)
    .orderBy('player_id')
    .execute();
  return rows.map((r) => r.player_id);
}

/**
 * Finds a scheduled game of the active season whose teams can field nine players (of another
 * league than `exceptLeague`), and a complete final record for it: the away team wins 1–0, its
 * lead-off batter scoring in the first inning.
 */
export async function planRecord(database: string, exceptLeague?: number): Promise<PlannedRecord> {
  // a SQLite file or a postgres:// URL
  const { db, close } = await openReadSnapshot(database);
  try {
    const games: Row[] = await db
      .selectFrom('games as g')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .innerJoin('seasons as s', 's.id', 'l.season_id')
      .select([
        'g.id as gameId',
        'g.league_id as leagueId',
        'g.game_date as date',
        'l.innings_per_game as innings',
        'g.home_team_id as homeTeamId',
        'g.away_team_id as awayTeamId',
      ])
      .where('s.active', '=', 1)
      .where('g.status', '=', 'scheduled')
      .orderBy('g.game_date')
      .orderBy('g.id')
      .execute();
    for (const game of games) {
      if (game.leagueId === exceptLeague) continue;
      const away = await eligible(db, game, game.awayTeamId);
      const home = await eligible(db, game, game.homeTeamId);
      if (away.length < 9 || home.length < 9) continue;
      const n = game.innings;
      const outs = n * 3;
      const lineup = (ids: number[], scorer: boolean) =>
        ids.slice(0, 9).map((playerId, i) => ({
          playerId,
          battingOrder: i + 1,
          seq: 1,
          position: '',
          pa: 3,
          ab: 3,
          h: scorer && i === 0 ? 1 : 0,
          r: scorer && i === 0 ? 1 : 0,
        }));
      const body: BoxScoreInput = {
        status: 'final',
        innings: { away: [1, ...Array(n - 1).fill(0)], home: Array(n).fill(0) },
        away: {
          batting: lineup(away, true),
          pitching: [{ playerId: away[8], seq: 1, outs, bf: 27, h: 0, r: 0, er: 0, decision: 'W' }],
        },
        home: {
          batting: lineup(home, false),
          pitching: [{ playerId: home[8], seq: 1, outs, bf: 28, h: 1, r: 1, er: 1, decision: 'L' }],
        },
        winPitcherId: away[8],
        lossPitcherId: home[8],
        notes: '게시 종단 시험 기록',
      };
      return {
        gameId: game.gameId,
        leagueId: game.leagueId,
        awayTeamId: game.awayTeamId,
        homeTeamId: game.homeTeamId,
        scorer: away[0],
        body,
      };
    }
    throw new Error('기록을 넣을 예정 경기가 데모 데이터에 없습니다.');
  } finally {
    await close();
  }
}
