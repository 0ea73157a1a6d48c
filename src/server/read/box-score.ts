import type { Db } from '../db/database.ts';
import type { PitchingDecision } from '../db/schema.ts';
import {
  BATTING_KEYS,
  battingRates,
  pitchingRates,
  sumBatting,
  sumPitching,
} from '../../lib/stats/index.ts';
import type {
  BattingLine,
  BattingRates,
  PitchingLine,
  PitchingRates,
  PitchingTotals,
} from '../../lib/stats/index.ts';
import { inningEvents } from '../../lib/schemas/box-score.ts';
import type { InningEvent } from '../../lib/schemas/box-score.ts';
import { inningsFromText } from '../../lib/schemas/inning-list.ts';
import { readGame } from './games.ts';
import { readLeague } from './leagues.ts';
import { memoByDb } from './memo.ts';
import type { LeagueDetail } from './leagues.ts';
import type { GameSummary, PlayerRef } from './types.ts';

/** One batter's line in a game. */
export interface BoxBatter {
  player: PlayerRef;
  order: number;
  seq: number;
  position: string;
  line: BattingLine;
  /** grounded into double plays (병살타) */
  gidp: number;
  /** credited with the game-winning RBI (결승타) */
  gwrbi: boolean;
  /** innings of each listed event, one entry per event; empty when not recorded */
  innings: Record<InningEvent, number[]>;
}

/** One pitcher's line in a game. */
export interface BoxPitcher {
  player: PlayerRef;
  seq: number;
  decision: PitchingDecision | null;
  line: PitchingLine;
  rates: PitchingRates;
}

/** One team's side of a box score. */
export interface BoxSide {
  batters: BoxBatter[];
  battingTotal: BattingLine;
  battingRates: BattingRates;
  pitchers: BoxPitcher[];
  pitchingTotal: PitchingTotals;
  /** R from the game's score, H and E from the batting lines; null when not recorded */
  runs: number | null;
  hits: number | null;
  errors: number | null;
}

/** A line-score column: runs of each half, null when the half was not played. */
export interface LineScoreInning {
  inning: number;
  away: number | null;
  home: number | null;
}

/** A pitcher of record or the MVP, with the team the link goes through. */
export interface NamedPlayer {
  id: number;
  name: string;
  teamId: number | null;
}

/** Everything the game score page shows. */
export interface BoxScore {
  game: GameSummary;
  league: LeagueDetail;
  innings: LineScoreInning[];
  away: BoxSide;
  home: BoxSide;
  winner: NamedPlayer | null;
  loser: NamedPlayer | null;
  saver: NamedPlayer | null;
  mvp: NamedPlayer | null;
  /** true when there are batting or pitching lines to show */
  recorded: boolean;
}

async function namedPlayer(
  db: Db,
  game: GameSummary,
  playerId: number | null,
): Promise<NamedPlayer | null> {
  if (playerId === null) return null;
  const player = await db
    .selectFrom('players')
    .select(['id', 'name'])
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!player) return null;
  const played = await db
    .selectFrom('game_batting')
    .select('team_id')
    .where('game_id', '=', game.id)
    .where('player_id', '=', playerId)
    .union(
      db
        .selectFrom('game_pitching')
        .select('team_id')
        .where('game_id', '=', game.id)
        .where('player_id', '=', playerId),
    )
    .executeTakeFirst();
  const rostered =
    played ??
    (await db
      .selectFrom('league_players')
      .select('team_id')
      .where('league_id', '=', game.leagueId)
      .where('player_id', '=', playerId)
      .executeTakeFirst());
  return { id: player.id, name: player.name, teamId: rostered?.team_id ?? null };
}

/** Reads a game with its line score, both teams' batting and pitching, pitchers of record and MVP. */
export const readBoxScore = memoByDb(
  async (db: Db, gameId: number): Promise<BoxScore> => {
    const game = await readGame(db, gameId);
    const league = await readLeague(db, game.leagueId);
    const [inningRows, battingRows, pitchingRows] = await Promise.all([
      db
        .selectFrom('game_innings')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('inning')
        .execute(),
      db
        .selectFrom('game_batting as b')
        .innerJoin('players as p', 'p.id', 'b.player_id')
        .leftJoin('league_players as lp', (join) =>
          join.on('lp.league_id', '=', game.leagueId).onRef('lp.player_id', '=', 'b.player_id'),
        )
        .selectAll('b')
        .select(['p.name', 'lp.back_number'])
        .where('b.game_id', '=', gameId)
        .orderBy('b.batting_order')
        .orderBy('b.seq')
        .execute(),
      db
        .selectFrom('game_pitching as g')
        .innerJoin('players as p', 'p.id', 'g.player_id')
        .leftJoin('league_players as lp', (join) =>
          join.on('lp.league_id', '=', game.leagueId).onRef('lp.player_id', '=', 'g.player_id'),
        )
        .selectAll('g')
        .select(['p.name', 'lp.back_number'])
        .where('g.game_id', '=', gameId)
        .orderBy('g.seq')
        .execute(),
    ]);

    const lastInning = Math.max(
      inningRows.reduce((max, row) => Math.max(max, row.inning), 0),
      game.inningsPlayed ?? 0,
      inningRows.length > 0 || game.status === 'final' ? league.inningsPerGame : 0,
    );
    const innings: LineScoreInning[] = [];
    for (let inning = 1; inning <= lastInning; inning++) {
      const half = (h: 'top' | 'bottom') =>
        inningRows.find((row) => row.inning === inning && row.half === h)?.runs ?? null;
      innings.push({ inning, away: half('top'), home: half('bottom') });
    }

    const side = (teamId: number, runs: number | null): BoxSide => {
      const batters = battingRows
        .filter((row) => row.team_id === teamId)
        .map((row) => ({
          player: { id: row.player_id, name: row.name, teamId, backNumber: row.back_number },
          order: row.batting_order,
          seq: row.seq,
          position: row.position,
          line: Object.fromEntries(
            BATTING_KEYS.map((key) => [key, row[key]]),
          ) as unknown as BattingLine,
          gidp: row.gidp,
          gwrbi: row.gwrbi === 1,
          innings: Object.fromEntries(
            inningEvents.map((e) => [e, inningsFromText(row[`${e}_innings`]) ?? []]),
          ) as Record<InningEvent, number[]>,
        }));
      const pitchers = pitchingRows
        .filter((row) => row.team_id === teamId)
        .map((row) => {
          const line: PitchingLine = {
            outs: row.outs,
            bf: row.bf,
            h: row.h,
            r: row.r,
            er: row.er,
            bb: row.bb,
            hbp: row.hbp,
            so: row.so,
            hr: row.hr,
            wp: row.wp,
          };
          return {
            player: { id: row.player_id, name: row.name, teamId, backNumber: row.back_number },
            seq: row.seq,
            decision: row.decision,
            line,
            rates: pitchingRates(line, league.eraBasis),
          };
        });
      const battingTotal = sumBatting(batters.map((b) => b.line));
      return {
        batters,
        battingTotal,
        battingRates: battingRates(battingTotal),
        pitchers,
        pitchingTotal: sumPitching(pitchers.map((p) => p.line)),
        runs,
        hits: batters.length > 0 ? battingTotal.h : null,
        errors: batters.length > 0 ? battingTotal.e : null,
      };
    };

    const ids = await db
      .selectFrom('games')
      .select(['win_pitcher_id', 'loss_pitcher_id', 'save_pitcher_id', 'mvp_player_id'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    const [winner, loser, saver, mvp] = await Promise.all(
      [ids.win_pitcher_id, ids.loss_pitcher_id, ids.save_pitcher_id, ids.mvp_player_id].map((id) =>
        namedPlayer(db, game, id),
      ),
    );

    return {
      game,
      league,
      innings,
      away: side(game.away.id, game.awayScore),
      home: side(game.home.id, game.homeScore),
      winner,
      loser,
      saver,
      mvp,
      recorded: battingRows.length > 0 || pitchingRows.length > 0,
    };
  },
  // the league's rules and rosters (back numbers), not its games: a box score shows no league counts
  ([gameId], box) => [`game:${gameId}`, `league:${box.game.leagueId}`],
);
