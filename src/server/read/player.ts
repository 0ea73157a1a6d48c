import type { Db } from '../db/database.ts';
import type { GameStage, PitchingDecision } from '../db/schema.ts';
import {
  BATTING_KEYS,
  battingRates,
  decisionCounts,
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
import { memoByDb } from './memo.ts';
import { COUNTED_STATUSES, REGULAR_SEASON } from './player-lines.ts';
import type { TeamRef } from './types.ts';

/** What the player page says about the player (no birth date or contact: they are personal data). */
export interface PlayerProfile {
  id: number;
  name: string;
  position: string;
  bats: string | null;
  throws: string | null;
}

/** Where a season line was made. */
export interface LineContext {
  seasonId: number;
  seasonName: string;
  year: number;
  leagueId: number;
  leagueName: string;
  team: TeamRef;
}

export interface SeasonBatting extends LineContext {
  games: number;
  line: BattingLine;
  rates: BattingRates;
}
export interface SeasonPitching extends LineContext {
  games: number;
  line: PitchingTotals;
  rates: PitchingRates;
  eraBasis: number;
}

/** The two parts of a player's record, as KBO keeps them: 정규시즌 and 포스트시즌 never add up together. */
export type StageKind = 'regular' | 'postseason';

export const STAGE_LABELS = { regular: '정규시즌', postseason: '포스트시즌' } as const;

/** Which part of the record a game belongs to. */
export function stageKind(stage: GameStage): StageKind {
  return stage === REGULAR_SEASON ? 'regular' : 'postseason';
}

/** Season-by-season and career lines of one part of the record, each summed from game lines (never averaged). */
export interface StageLines {
  stage: StageKind;
  label: (typeof STAGE_LABELS)[StageKind];
  batting: SeasonBatting[];
  pitching: SeasonPitching[];
  careerBatting: { games: number; line: BattingLine; rates: BattingRates } | null;
  /** career ERA uses the basis all leagues share, or 7 where they differ */
  careerPitching: {
    games: number;
    line: PitchingTotals;
    rates: PitchingRates;
    eraBasis: number;
  } | null;
}

/** A player's profile with his regular-season and postseason records. */
export interface PlayerCareer {
  profile: PlayerProfile;
  regular: StageLines;
  postseason: StageLines;
}

/** One game of the player's game log. */
export interface GameLogEntry {
  gameId: number;
  leagueId: number;
  leagueName: string;
  seasonId: number;
  stage: GameStage;
  date: string;
  team: TeamRef;
  opponent: TeamRef;
  home: boolean;
  teamScore: number | null;
  opponentScore: number | null;
  result: 'W' | 'L' | 'D' | null;
  batting: (BattingLine & { order: number; seq: number; position: string }) | null;
  pitching: (PitchingLine & { seq: number; decision: PitchingDecision | null }) | null;
}

const context = [
  'g.id as game_id',
  'g.game_date',
  'g.league_id',
  'g.stage',
  'l.name as league_name',
  'l.era_basis',
  's.id as season_id',
  's.name as season_name',
  's.year',
  't.id as team_id',
  't.name as team_name',
  't.short_name as team_short',
] as const;

const byContext = <T extends { season_id: number; league_id: number; team_id: number }>(
  rows: readonly T[],
) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = `${row.season_id}:${row.league_id}:${row.team_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
};

function contextOf(row: {
  season_id: number;
  season_name: string;
  year: number;
  league_id: number;
  league_name: string;
  team_id: number;
  team_name: string;
  team_short: string;
}): LineContext {
  return {
    seasonId: row.season_id,
    seasonName: row.season_name,
    year: row.year,
    leagueId: row.league_id,
    leagueName: row.league_name,
    team: { id: row.team_id, name: row.team_name, shortName: row.team_short || row.team_name },
  };
}

/** Reads a player's profile and lines per season, league and team, with career totals. */
export const readPlayerCareer = memoByDb(
  async (db: Db, playerId: number): Promise<PlayerCareer> => {
    const player = await db
      .selectFrom('players')
      .select(['id', 'name', 'position', 'bats', 'throws'])
      .where('id', '=', playerId)
      .executeTakeFirstOrThrow();
    const [battingRows, pitchingRows] = await Promise.all([
      db
        .selectFrom('game_batting as b')
        .innerJoin('games as g', 'g.id', 'b.game_id')
        .innerJoin('leagues as l', 'l.id', 'g.league_id')
        .innerJoin('seasons as s', 's.id', 'l.season_id')
        .innerJoin('teams as t', 't.id', 'b.team_id')
        .select(BATTING_KEYS.map((key) => `b.${key}` as const))
        .select([...context])
        .where('b.player_id', '=', playerId)
        .where('g.status', 'in', COUNTED_STATUSES)
        .orderBy('s.year')
        .orderBy('l.name')
        .execute(),
      db
        .selectFrom('game_pitching as p')
        .innerJoin('games as g', 'g.id', 'p.game_id')
        .innerJoin('leagues as l', 'l.id', 'g.league_id')
        .innerJoin('seasons as s', 's.id', 'l.season_id')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .select([
          'p.outs',
          'p.bf',
          'p.h',
          'p.r',
          'p.er',
          'p.bb',
          'p.hbp',
          'p.so',
          'p.hr',
          'p.wp',
          'p.decision',
        ])
        .select([...context])
        .where('p.player_id', '=', playerId)
        .where('g.status', 'in', COUNTED_STATUSES)
        .orderBy('s.year')
        .orderBy('l.name')
        .execute(),
    ]);
    const stage = (kind: StageKind): StageLines => {
      const inStage = <T extends { stage: GameStage }>(rows: T[]) =>
        rows.filter((r) => stageKind(r.stage) === kind);
      const batting = byContext(inStage(battingRows)).map((rows) => {
        const line = sumBatting(rows);
        return {
          ...contextOf(rows[0]),
          games: new Set(rows.map((r) => r.game_id)).size,
          line,
          rates: battingRates(line),
        };
      });
      const pitching = byContext(inStage(pitchingRows)).map((rows) => {
        const line = sumPitching(rows.map((r) => ({ ...r, ...decisionCounts(r.decision) })));
        return {
          ...contextOf(rows[0]),
          games: new Set(rows.map((r) => r.game_id)).size,
          line,
          rates: pitchingRates(line, rows[0].era_basis),
          eraBasis: rows[0].era_basis,
        };
      });
      const careerBattingLine = sumBatting(batting.map((b) => b.line));
      const careerPitchingLine = sumPitching(pitching.map((p) => p.line));
      const bases = new Set(pitching.map((p) => p.eraBasis));
      const careerBasis = bases.size === 1 ? [...bases][0] : 7;
      return {
        stage: kind,
        label: STAGE_LABELS[kind],
        batting,
        pitching,
        careerBatting: batting.length
          ? {
              games: batting.reduce((n, b) => n + b.games, 0),
              line: careerBattingLine,
              rates: battingRates(careerBattingLine),
            }
          : null,
        careerPitching: pitching.length
          ? {
              games: pitching.reduce((n, p) => n + p.games, 0),
              line: careerPitchingLine,
              rates: pitchingRates(careerPitchingLine, careerBasis),
              eraBasis: careerBasis,
            }
          : null,
      };
    };
    return {
      profile: {
        id: player.id,
        name: player.name,
        position: player.position,
        bats: player.bats,
        throws: player.throws,
      },
      regular: stage('regular'),
      postseason: stage('postseason'),
    };
  },
);

/** Every game the player has a line in, oldest first, with his batting and pitching line in each. */
export const readPlayerGames = memoByDb(
  async (db: Db, playerId: number): Promise<GameLogEntry[]> => {
    const [battingRows, pitchingRows] = await Promise.all([
      db
        .selectFrom('game_batting as b')
        .innerJoin('games as g', 'g.id', 'b.game_id')
        .selectAll('b')
        .where('b.player_id', '=', playerId)
        .where('g.status', 'in', COUNTED_STATUSES)
        .execute(),
      db
        .selectFrom('game_pitching as p')
        .innerJoin('games as g', 'g.id', 'p.game_id')
        .selectAll('p')
        .where('p.player_id', '=', playerId)
        .where('g.status', 'in', COUNTED_STATUSES)
        .execute(),
    ]);
    const gameTeams = new Map<number, number>();
    for (const row of [...battingRows, ...pitchingRows]) gameTeams.set(row.game_id, row.team_id);
    if (gameTeams.size === 0) return [];
    const games = await db
      .selectFrom('games as g')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .innerJoin('teams as h', 'h.id', 'g.home_team_id')
      .innerJoin('teams as a', 'a.id', 'g.away_team_id')
      .select([
        'g.id',
        'g.league_id',
        'g.stage',
        'l.name as league_name',
        'l.season_id',
        'g.game_date',
        'g.game_time',
        'g.home_team_id',
        'g.away_team_id',
        'g.home_score',
        'g.away_score',
        'h.name as home_name',
        'h.short_name as home_short',
        'a.name as away_name',
        'a.short_name as away_short',
      ])
      .where('g.id', 'in', [...gameTeams.keys()])
      .orderBy('g.game_date')
      .orderBy('g.game_time')
      .orderBy('g.id')
      .execute();
    return games.map((g) => {
      const teamId = gameTeams.get(g.id)!;
      const home = teamId === g.home_team_id;
      const homeRef = {
        id: g.home_team_id,
        name: g.home_name,
        shortName: g.home_short || g.home_name,
      };
      const awayRef = {
        id: g.away_team_id,
        name: g.away_name,
        shortName: g.away_short || g.away_name,
      };
      const teamScore = home ? g.home_score : g.away_score;
      const opponentScore = home ? g.away_score : g.home_score;
      const result =
        teamScore === null || opponentScore === null
          ? null
          : teamScore > opponentScore
            ? 'W'
            : teamScore < opponentScore
              ? 'L'
              : 'D';
      const bat = battingRows.find((r) => r.game_id === g.id);
      const pit = pitchingRows.find((r) => r.game_id === g.id);
      return {
        gameId: g.id,
        leagueId: g.league_id,
        leagueName: g.league_name,
        seasonId: g.season_id,
        stage: g.stage,
        date: g.game_date,
        team: home ? homeRef : awayRef,
        opponent: home ? awayRef : homeRef,
        home,
        teamScore,
        opponentScore,
        result,
        batting: bat
          ? {
              ...(Object.fromEntries(
                BATTING_KEYS.map((key) => [key, bat[key]]),
              ) as unknown as BattingLine),
              order: bat.batting_order,
              seq: bat.seq,
              position: bat.position,
            }
          : null,
        pitching: pit
          ? {
              outs: pit.outs,
              bf: pit.bf,
              h: pit.h,
              r: pit.r,
              er: pit.er,
              bb: pit.bb,
              hbp: pit.hbp,
              so: pit.so,
              hr: pit.hr,
              wp: pit.wp,
              seq: pit.seq,
              decision: pit.decision,
            }
          : null,
      };
    });
  },
);

/** The player's games of one season, oldest first. */
export async function readPlayerGameLog(
  db: Db,
  playerId: number,
  seasonId: number,
): Promise<GameLogEntry[]> {
  return (await readPlayerGames(db, playerId)).filter((g) => g.seasonId === seasonId);
}
