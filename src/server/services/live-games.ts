import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { lineOfRow, liveRowOf as liveRow } from '../read/live-games.ts';
import { SHOWN_STATUS_LABELS, shownStatus } from '../../lib/game-status.ts';
import { lineTotals, situationText } from '../../lib/live-line.ts';
import type { LiveGame, LiveLineInput } from '../../lib/schemas/live-game.ts';
import { seoulToday } from '../../lib/seoul-date.ts';

/**
 * A game's line score while it is played (decision 149): the scorer's screen and outside
 * scoreboards send it whole; the public read answers where the game stands in a few hundred bytes.
 */

const gameOf = async (db: Db | Tx, gameId: number) => {
  const game = await db
    .selectFrom('games')
    .select(['id', 'status', 'game_date', 'home_score', 'away_score'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw notFound('경기');
  return game;
};

/** What the public read answers: where the game stands and its line score, if any. */
export async function readLive(db: Db, gameId: number): Promise<LiveGame> {
  const [game, row] = await Promise.all([gameOf(db, gameId), liveRow(db, gameId)]);
  const line = row ? lineOfRow(row) : null;
  const status = shownStatus(
    { status: game.status, date: game.game_date, live: line },
    seoulToday(),
  );
  let live: LiveGame['live'] = null;
  if (row && line) {
    const totals = lineTotals(line);
    live = {
      ...line,
      awayRuns: totals.away.runs,
      homeRuns: totals.home.runs,
      scoreText: `원정 ${totals.away.runs} : ${totals.home.runs} 홈`,
      situation: situationText(line),
      seq: row.seq,
      updatedAt: row.updated_at,
    };
  }
  return {
    gameId,
    status,
    statusLabel: SHOWN_STATUS_LABELS[status],
    live,
    awayScore: game.away_score,
    homeScore: game.home_score,
  };
}

const finishedMessages: Record<string, string> = {
  final: '이미 결과가 입력된 경기입니다. 실시간 점수를 보낼 수 없습니다.',
  forfeit: '몰수로 끝난 경기입니다. 실시간 점수를 보낼 수 없습니다.',
  cancelled: '취소된 경기입니다. 실시간 점수를 보낼 수 없습니다.',
  postponed: '연기된 경기입니다. 먼저 일정에서 경기 상태를 바꿔 주세요.',
  suspended: '중단된 경기입니다. 실시간 점수를 보낼 수 없습니다.',
};

/** Refuses a game that is over or not to be played; a game still to come goes live whatever its date. */
async function unfinishedGame(db: Db | Tx, gameId: number) {
  const game = await gameOf(db, gameId);
  const refused = finishedMessages[game.status];
  if (refused) throw badRequest(refused);
  return game;
}

/**
 * Stores a line score and sets the game 경기 중. A sequence number at or below the last one applied
 * changes nothing (a tap resent after its answer was lost), so `applied` says whether it did.
 */
export async function putLive(
  db: Db,
  gameId: number,
  input: LiveLineInput,
  userId: number,
): Promise<{ applied: boolean }> {
  return writeTx(db, async (tx) => {
    await unfinishedGame(tx, gameId);
    const row = await liveRow(tx, gameId);
    if (row?.ended_at)
      throw badRequest(
        '경기 종료를 누른 경기입니다. 점수를 고치려면 기록 입력 화면에서 고치거나 실시간 기록을 초기화해 주세요.',
      );
    if (row && input.seq !== undefined && input.seq <= row.seq) return { applied: false };
    const values = {
      away_runs: JSON.stringify(input.away),
      home_runs: JSON.stringify(input.home),
      inning: input.inning,
      half: input.half,
      outs: input.outs,
      away_hits: input.awayHits ?? null,
      home_hits: input.homeHits ?? null,
      away_errors: input.awayErrors ?? null,
      home_errors: input.homeErrors ?? null,
      seq: input.seq ?? (row?.seq ?? 0) + 1,
      updated_at: new Date().toISOString(),
    };
    if (row) await tx.updateTable('game_live').set(values).where('game_id', '=', gameId).execute();
    else {
      await tx
        .insertInto('game_live')
        .values({ game_id: gameId, ...values })
        .execute();
      // the start of a game is kept in the audit log; its taps are not (the line score is)
      await audit(tx, {
        userId,
        action: 'create',
        entity: 'game_live',
        entityId: gameId,
        after: input,
      });
    }
    return { applied: true };
  });
}

async function existingLine(tx: Tx, gameId: number) {
  const row = await liveRow(tx, gameId);
  if (!row) throw badRequest('아직 시작하지 않은 경기입니다. 먼저 경기를 시작해 주세요.');
  return row;
}

/** No more taps on the game's line (ended or suspended), audited with what closed it. */
async function closeLine(
  tx: Tx,
  gameId: number,
  userId: number,
  after: { ended: true } | { suspended: string },
): Promise<void> {
  await tx
    .updateTable('game_live')
    .set({ ended_at: new Date().toISOString() })
    .where('game_id', '=', gameId)
    .execute();
  await audit(tx, { userId, action: 'update', entity: 'game_live', entityId: gameId, after });
}

/** Ends the game as entered: it waits for its record (결과 입력 대기), which opens with this line. */
export async function endLive(db: Db, gameId: number, userId: number): Promise<void> {
  await writeTx(db, async (tx) => {
    await unfinishedGame(tx, gameId);
    const row = await existingLine(tx, gameId);
    if (row.ended_at) return; // ending twice (a resent tap) is ending once
    await closeLine(tx, gameId, userId, { ended: true });
  });
}

/** Forgets what was entered live: the game is 예정 again (a game started by mistake). */
export async function resetLive(db: Db, gameId: number, userId: number): Promise<void> {
  await writeTx(db, async (tx) => {
    await unfinishedGame(tx, gameId);
    const row = await existingLine(tx, gameId);
    await tx.deleteFrom('game_live').where('game_id', '=', gameId).execute();
    await audit(tx, {
      userId,
      action: 'delete',
      entity: 'game_live',
      entityId: gameId,
      before: lineOfRow(row),
    });
  });
}

/**
 * Marks a game abandoned half-way 중단 with its reason: the game keeps the score and innings so
 * far as a suspended game's record does (record screen, box score), and the reason as its note.
 */
export async function suspendLive(
  db: Db,
  gameId: number,
  reason: string,
  userId: number,
): Promise<void> {
  await writeTx(db, async (tx) => {
    await unfinishedGame(tx, gameId);
    const line = lineOfRow(await existingLine(tx, gameId));
    const totals = lineTotals(line);
    const innings = [
      ...line.away.map((runs, i) => ({
        game_id: gameId,
        inning: i + 1,
        half: 'top' as const,
        runs,
      })),
      ...line.home.map((runs, i) => ({
        game_id: gameId,
        inning: i + 1,
        half: 'bottom' as const,
        runs,
      })),
    ];
    await tx.deleteFrom('game_innings').where('game_id', '=', gameId).execute();
    if (innings.length > 0) await tx.insertInto('game_innings').values(innings).execute();
    await tx
      .updateTable('games')
      .set({
        status: 'suspended',
        away_score: totals.away.runs,
        home_score: totals.home.runs,
        innings_played: line.inning,
        notes: `중단 사유: ${reason}`,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', gameId)
      .execute();
    await closeLine(tx, gameId, userId, { suspended: reason });
  });
}
