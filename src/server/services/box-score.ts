import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { lineOfRow } from '../read/live-games.ts';
import { lineTotals } from '../../lib/live-line.ts';
import { checkPlayers } from './eligibility.ts';
import { getGame, getLeague } from './games.ts';
import { problemsByPath, validateBoxScore } from '../../lib/schemas/validate-box-score.ts';
import type {
  BoxScore,
  BoxScoreValues,
  GameRecord,
  SavedGameRecord,
  Side,
} from '../../lib/schemas/box-score.ts';
import { freshReads } from '../read/memo.ts';
import { readBoxScore } from '../read/box-score.ts';
import type { NamedPlayer } from '../read/box-score.ts';
import { readBoxSeasonRates } from '../read/box-season-rates.ts';
import {
  battingFractions,
  formatEra,
  formatInningsFraction,
  formatRate,
  pitchingFractions,
} from '../../lib/stats/index.ts';
import type { IneligibleReason } from '../../lib/schemas/game.ts';
import { inningEvents, inningsField } from '../../lib/schemas/box-score.ts';
import type { BattingLineValues } from '../../lib/schemas/box-score.ts';
import { inningsFromText, inningsToText } from '../../lib/schemas/inning-list.ts';

/** Game records: box score in (checked against every invariant), box score out. */

type Reader = Db | Tx;

const BATTING_FIELDS = [
  'pa',
  'ab',
  'r',
  'h',
  'b2',
  'b3',
  'hr',
  'rbi',
  'bb',
  'hbp',
  'so',
  'sb',
  'cs',
  'sh',
  'sf',
  'e',
] as const;
const PITCHING_FIELDS = ['outs', 'bf', 'h', 'r', 'er', 'bb', 'hbp', 'so', 'hr', 'wp'] as const;

async function recordRows(db: Reader, gameId: number) {
  const [innings, batting, pitching] = await Promise.all([
    db
      .selectFrom('game_innings')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('inning')
      .execute(),
    db
      .selectFrom('game_batting')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('batting_order')
      .orderBy('seq')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('game_pitching')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('seq')
      .orderBy('id')
      .execute(),
  ]);
  return { innings, batting, pitching };
}

type EventInnings = Pick<BattingLineValues, `${(typeof inningEvents)[number]}Innings`>;
type EventInningsRow = Record<`${(typeof inningEvents)[number]}_innings`, string>;

/** A stored line's event innings ('3,5' per column) in the API's shape ([3, 5] per field). */
function eventInningsFromRow(row: EventInningsRow): EventInnings {
  return Object.fromEntries(
    inningEvents.map((e) => [inningsField(e), inningsFromText(row[`${e}_innings`]) ?? []]),
  ) as EventInnings;
}

function eventInningsToRow(line: EventInnings): EventInningsRow {
  return Object.fromEntries(
    inningEvents.map((e) => [`${e}_innings`, inningsToText(line[inningsField(e)])]),
  ) as EventInningsRow;
}

/** Away runs per top half and home runs per bottom half; null for a bottom half not batted. */
function lineScore(innings: Array<{ inning: number; half: 'top' | 'bottom'; runs: number }>) {
  const away = innings.filter((i) => i.half === 'top').map((i) => i.runs);
  const home: Array<number | null> = innings.filter((i) => i.half === 'bottom').map((i) => i.runs);
  while (home.length < away.length) home.push(null);
  return { away, home };
}

/** The record of a game in the shape the record form sends it (GET = what PUT saved). */
export async function readRecord(db: Reader, gameId: number): Promise<GameRecord> {
  const game = await db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  if (!game) throw notFound('경기');
  const rows = await recordRows(db, gameId);
  const live = await liveEntered(db, gameId);
  const side = (teamId: number) => ({
    batting: rows.batting
      .filter((b) => b.team_id === teamId)
      .map((b) => ({
        playerId: b.player_id,
        battingOrder: b.batting_order,
        seq: b.seq,
        position: b.position,
        ...(Object.fromEntries(BATTING_FIELDS.map((k) => [k, b[k]])) as Record<
          (typeof BATTING_FIELDS)[number],
          number
        >),
        gidp: b.gidp,
        gwrbi: b.gwrbi === 1,
        ...eventInningsFromRow(b),
      })),
    pitching: rows.pitching
      .filter((p) => p.team_id === teamId)
      .map((p) => ({
        playerId: p.player_id,
        seq: p.seq,
        ...(Object.fromEntries(PITCHING_FIELDS.map((k) => [k, p[k]])) as Record<
          (typeof PITCHING_FIELDS)[number],
          number
        >),
        decision: p.decision,
      })),
  });
  return {
    gameId: game.id,
    leagueId: game.league_id,
    gameDate: game.game_date,
    homeTeamId: game.home_team_id,
    awayTeamId: game.away_team_id,
    hasRecord: game.status === 'final' || game.status === 'forfeit' || rows.innings.length > 0,
    status: game.status,
    // a game ended live opens with the line score entered, so nothing is typed twice
    innings: rows.innings.length === 0 && live ? liveInnings(live.line) : lineScore(rows.innings),
    away: side(game.away_team_id),
    home: side(game.home_team_id),
    winPitcherId: game.win_pitcher_id,
    lossPitcherId: game.loss_pitcher_id,
    savePitcherId: game.save_pitcher_id,
    mvpPlayerId: game.mvp_player_id,
    forfeitWinnerTeamId: game.forfeit_winner_team_id,
    notes: game.notes,
    ...(live ? { live: live.totals } : {}),
  };
}

/** A live line as the form's innings: a bottom half not begun is null, as in a saved record. */
function liveInnings(line: { away: number[]; home: number[] }) {
  const home: Array<number | null> = [...line.home];
  while (home.length < line.away.length) home.push(null);
  return { away: line.away, home };
}

/** The line score entered live and its totals, or null when the game was not scored live. */
async function liveEntered(db: Reader, gameId: number) {
  const row = await db
    .selectFrom('game_live')
    .selectAll()
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  if (!row) return null;
  const line = lineOfRow(row);
  const { away, home } = lineTotals(line);
  return {
    line,
    totals: {
      state: line.state,
      awayRuns: away.runs,
      homeRuns: home.runs,
      awayHits: away.hits,
      homeHits: home.hits,
      awayErrors: away.errors,
      homeErrors: home.errors,
    },
  };
}

const unrecordable: Record<string, string> = {
  cancelled: '취소된 경기에는 기록을 입력할 수 없습니다. 먼저 일정에서 경기 상태를 바꿔 주세요.',
  postponed:
    '연기된 경기에는 기록을 입력할 수 없습니다. 먼저 일정에서 경기일과 상태를 바꿔 주세요.',
};

/**
 * Checks a box score against the invariants and the players' eligibility, then replaces the game's
 * record and result in one transaction (audited). Nothing is written when anything is wrong; the
 * warnings (unusual but possible) are saved with it and returned.
 */
export function saveRecord(
  db: Db,
  gameId: number,
  input: BoxScoreValues,
  userId: number,
): Promise<SavedGameRecord> {
  return writeTx(db, (tx) => saveRecordIn(tx, gameId, input, userId));
}

/** saveRecord in a write transaction of the caller's, which writes more in it (the plays). */
export async function saveRecordIn(
  tx: Tx,
  gameId: number,
  input: BoxScoreValues,
  userId: number,
): Promise<SavedGameRecord> {
  const game = await tx.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  if (!game) throw notFound('경기');
  if (unrecordable[game.status]) throw conflict(unrecordable[game.status]);
  const league = await getLeague(tx, game.league_id);

  const teamOf: Record<Side, number> = { home: game.home_team_id, away: game.away_team_id };
  const reasons: Record<Side, Map<number, IneligibleReason | null>> = {
    home: new Map(),
    away: new Map(),
  };
  for (const side of ['home', 'away'] as const) {
    const ids = [...input[side].batting, ...input[side].pitching].map((l) => l.playerId);
    reasons[side] = await checkPlayers(
      tx,
      { leagueId: game.league_id, gameDate: game.game_date },
      teamOf[side],
      ids,
    );
  }
  const { errors, warnings, result } = validateBoxScore(input, {
    homeTeamId: game.home_team_id,
    awayTeamId: game.away_team_id,
    tiesAllowed: league.ties_allowed === 1,
    inningsPerGame: league.innings_per_game,
    ineligibleReason: (side, playerId) => reasons[side].get(playerId) ?? null,
  });
  if (errors.length > 0) {
    const first = errors[0].message;
    throw badRequest(
      errors.length === 1 ? first : `${first} (외 ${errors.length - 1}건)`,
      problemsByPath(errors),
    );
  }

  const before = await readRecord(tx, gameId);
  await tx.deleteFrom('game_innings').where('game_id', '=', gameId).execute();
  await tx.deleteFrom('game_batting').where('game_id', '=', gameId).execute();
  await tx.deleteFrom('game_pitching').where('game_id', '=', gameId).execute();

  const record = result.record;
  const innings = [
    ...record.innings.away.map((runs, i) => ({
      game_id: gameId,
      inning: i + 1,
      half: 'top' as const,
      runs,
    })),
    ...record.innings.home.map((runs, i) => ({
      game_id: gameId,
      inning: i + 1,
      half: 'bottom' as const,
      runs: runs ?? 0,
    })),
  ];
  if (innings.length > 0) await tx.insertInto('game_innings').values(innings).execute();
  for (const side of ['away', 'home'] as const) {
    const teamId = teamOf[side];
    const batting = record[side].batting.map((l) => ({
      game_id: gameId,
      team_id: teamId,
      player_id: l.playerId,
      batting_order: l.battingOrder,
      seq: l.seq,
      position: l.position,
      ...(Object.fromEntries(BATTING_FIELDS.map((k) => [k, l[k]])) as Record<
        (typeof BATTING_FIELDS)[number],
        number
      >),
      gidp: l.gidp,
      gwrbi: l.gwrbi ? (1 as const) : (0 as const),
      ...eventInningsToRow(l),
    }));
    if (batting.length > 0) await tx.insertInto('game_batting').values(batting).execute();
    const pitching = record[side].pitching.map((l) => ({
      game_id: gameId,
      team_id: teamId,
      player_id: l.playerId,
      seq: l.seq,
      decision: l.decision,
      ...(Object.fromEntries(PITCHING_FIELDS.map((k) => [k, l[k]])) as Record<
        (typeof PITCHING_FIELDS)[number],
        number
      >),
    }));
    if (pitching.length > 0) await tx.insertInto('game_pitching').values(pitching).execute();
  }
  await tx
    .updateTable('games')
    .set({
      status: record.status,
      home_score: result.homeScore,
      away_score: result.awayScore,
      innings_played: result.inningsPlayed,
      forfeit_winner_team_id: record.status === 'forfeit' ? record.forfeitWinnerTeamId : null,
      win_pitcher_id: record.winPitcherId,
      loss_pitcher_id: record.lossPitcherId,
      save_pitcher_id: record.savePitcherId,
      mvp_player_id: record.mvpPlayerId,
      notes: record.notes,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', gameId)
    .execute();
  const after = await readRecord(tx, gameId);
  await audit(tx, {
    userId,
    action: before.hasRecord ? 'update' : 'create',
    entity: 'game_record',
    entityId: gameId,
    before,
    after,
  });
  return { ...after, warnings };
}

/** Removes a game's record and result; the game goes back to 예정. */
export async function deleteRecord(db: Db, gameId: number, userId: number): Promise<GameRecord> {
  return writeTx(db, async (tx) => {
    const before = await readRecord(tx, gameId);
    if (!before.hasRecord) throw new ApiError(404, '이 경기에는 입력된 기록이 없습니다.');
    await tx.deleteFrom('game_innings').where('game_id', '=', gameId).execute();
    await tx.deleteFrom('game_batting').where('game_id', '=', gameId).execute();
    await tx.deleteFrom('game_pitching').where('game_id', '=', gameId).execute();
    await tx
      .updateTable('games')
      .set({
        status: 'scheduled',
        home_score: null,
        away_score: null,
        innings_played: null,
        forfeit_winner_team_id: null,
        win_pitcher_id: null,
        loss_pitcher_id: null,
        save_pitcher_id: null,
        mvp_player_id: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', gameId)
      .execute();
    const after = await readRecord(tx, gameId);
    await audit(tx, {
      userId,
      action: 'delete',
      entity: 'game_record',
      entityId: gameId,
      before,
      after,
    });
    return after;
  });
}

/**
 * The public box score in the API's shape, from the read model (src/server/read/box-score.ts, which
 * the game page and its CSV read too): line score, R/H/E, batting and pitching with each line's game
 * rate and the season rate beside it, pitchers of record, MVP.
 */
export async function publicBoxScore(db: Reader, gameId: number): Promise<BoxScore> {
  const game = await getGame(db, gameId); // 404 in Korean, status label and record state
  const reads = freshReads(db as Db);
  const [box, season] = await Promise.all([
    readBoxScore(reads, gameId),
    readBoxSeasonRates(reads, gameId),
  ]);
  const forfeit = game.status === 'forfeit';
  // The page draws every scheduled inning; the API lists the innings played.
  let played = box.innings.length;
  while (
    played > 0 &&
    box.innings[played - 1].away === null &&
    box.innings[played - 1].home === null
  )
    played--;
  const innings = box.innings.slice(0, played);

  const team = (side: Side) => {
    const lines = box[side];
    const ref = side === 'home' ? box.game.home : box.game.away;
    const batting = lines.batters.map((b) => ({
      playerId: b.player.id,
      name: b.player.name,
      backNumber: b.player.backNumber,
      battingOrder: b.order,
      seq: b.seq,
      position: b.position,
      ...b.line,
      avgText: formatRate(battingFractions(b.line).avg),
      seasonAvgText: formatRate(season.avg.get(b.player.id)),
      gidp: b.gidp,
      gwrbi: b.gwrbi,
      ...(Object.fromEntries(
        inningEvents.map((e) => [inningsField(e), b.innings[e]]),
      ) as EventInnings),
    }));
    const pitching = lines.pitchers.map((p) => ({
      playerId: p.player.id,
      name: p.player.name,
      backNumber: p.player.backNumber,
      seq: p.seq,
      outs: p.line.outs,
      ipText: formatInningsFraction(p.line.outs),
      bf: p.line.bf,
      h: p.line.h,
      r: p.line.r,
      er: p.line.er,
      bb: p.line.bb,
      hbp: p.line.hbp,
      so: p.line.so,
      hr: p.line.hr,
      wp: p.line.wp,
      decision: p.decision,
      eraText: formatEra(pitchingFractions(p.line, box.league.eraBasis).era),
      seasonEraText: formatEra(season.era.get(p.player.id)),
    }));
    const halves = innings.map((i) => i[side]);
    return {
      teamId: ref.id,
      teamName: ref.name,
      teamShortName: ref.shortName,
      innings: forfeit ? [] : halves,
      r: lines.runs ?? halves.reduce<number>((t, x) => t + (x ?? 0), 0),
      h: lines.battingTotal.h,
      e: lines.battingTotal.e,
      batting,
      pitching,
    };
  };
  const home = team('home');
  const away = team('away');
  const decided = game.status === 'final' || forfeit;
  const winner =
    !decided || home.r === away.r ? null : home.r > away.r ? ('home' as const) : ('away' as const);
  const person = (p: NamedPlayer | null) => {
    if (p === null) return null;
    const listed = [
      ...box.home.batters,
      ...box.home.pitchers,
      ...box.away.batters,
      ...box.away.pitchers,
    ]
      .map((l) => l.player)
      .find((l) => l.id === p.id);
    return {
      playerId: p.id,
      name: p.name,
      backNumber: listed?.backNumber ?? null,
      teamId: p.teamId ?? game.awayTeamId,
    };
  };
  return {
    gameId: game.gameId,
    leagueId: game.leagueId,
    leagueName: game.leagueName,
    seasonId: game.seasonId,
    gameNo: game.gameNo,
    round: game.round,
    stage: box.game.stage,
    date: game.date,
    time: game.time,
    venue: game.venue,
    status: game.status,
    statusLabel: game.statusLabel,
    inningsPlayed: game.inningsPlayed,
    forfeitWinnerTeamId: game.forfeitWinnerTeamId,
    hasRecord: game.hasRecord,
    away,
    home,
    winner,
    winPitcher: person(box.winner),
    lossPitcher: person(box.loser),
    savePitcher: person(box.saver),
    mvp: person(box.mvp),
    notes: game.notes,
  };
}
