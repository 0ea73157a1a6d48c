/**
 * A game scored by plays (decision 155): its events in `game_plays`, its box score written from
 * them in the same transaction by the same save as a typed record (saveRecordIn), so statistics,
 * pages, CSV and publishing read it unchanged. In and out as Retrosheet event files; out as the
 * lineups and each play with its Korean sentence for fans.
 */
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import { saveRecordIn } from './box-score.ts';
import { parseRunAheadRule } from './leagues.ts';
import { deriveBox } from '../../lib/plays/derive-box.ts';
import type { DerivedBox, GameEvent } from '../../lib/plays/derive-box.ts';
import { EventFileError, gameToEventFile, readEventFile } from '../../lib/plays/event-file.ts';
import { PlayError } from '../../lib/plays/game-state.ts';
import type { GameRules, LineupEntry, Side } from '../../lib/plays/game-state.ts';
import { playSentence } from '../../lib/plays/play-sentence.ts';
import type { BoxScoreValues, SavedGameRecord } from '../../lib/schemas/box-score.ts';

type Reader = Db | Tx;

/** The box score's position label of the model's positions 1–12. */
const POSITION_LABELS = [
  '',
  '투',
  '포',
  '1루',
  '2루',
  '3루',
  '유',
  '좌',
  '중',
  '우',
  '지',
  '대타',
  '대주자',
];
const SIDE_NAMES = ['원정 팀', '홈 팀'] as const;

/** The league's rules for the model: its innings and run-ahead rule, WBSC's tiebreaker after them. */
export async function rulesOfGame(db: Reader, game: { league_id: number }): Promise<GameRules> {
  const league = await db
    .selectFrom('leagues')
    .select(['innings_per_game', 'run_ahead_rule'])
    .where('id', '=', game.league_id)
    .executeTakeFirstOrThrow();
  return {
    innings: league.innings_per_game,
    runAhead: parseRunAheadRule(league.run_ahead_rule),
    tiebreakFrom: league.innings_per_game + 1,
  };
}

async function gameRow(db: Reader, gameId: number) {
  const game = await db
    .selectFrom('games')
    .select(['id', 'league_id', 'home_team_id', 'away_team_id', 'game_date'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw notFound('경기');
  return game;
}

/** The league roster of one team in the game's league: each player's id, by name. */
async function rosterByName(db: Reader, leagueId: number, teamId: number) {
  const rows = await db
    .selectFrom('league_players')
    .innerJoin('players', 'players.id', 'league_players.player_id')
    .select(['players.id', 'players.name'])
    .where('league_players.league_id', '=', leagueId)
    .where('league_players.team_id', '=', teamId)
    .execute();
  const byName = new Map<string, number[]>();
  for (const r of rows) byName.set(r.name.trim(), [...(byName.get(r.name.trim()) ?? []), r.id]);
  return byName;
}

/**
 * Replaces a game's plays and box score with one game's event file. Players are matched by name to
 * their team's league roster (the file's team codes and player ids are its own); `info,wp`, `lp`,
 * `save` and `data,er` are the scorer's decisions. Any problem: 400 naming the line, nothing written.
 */
export async function importEventFile(
  db: Db,
  gameId: number,
  text: string,
  userId: number,
): Promise<SavedGameRecord> {
  let file: ReturnType<typeof readEventFile>;
  try {
    file = readEventFile(text);
  } catch (err) {
    if (err instanceof EventFileError) throw badRequest(err.message);
    throw err;
  }
  return writeTx(db, async (tx) => {
    const game = await gameRow(tx, gameId);
    const teams = [game.away_team_id, game.home_team_id];
    const rosters = await Promise.all(teams.map((t) => rosterByName(tx, game.league_id, t)));
    // the file's player ids → ours, from the names of its start and sub records
    const ids = new Map<string, string>();
    const lineOf = (i: number) => file.lines[i];
    const resolve = (entry: LineupEntry, line: number): LineupEntry => {
      const name = (file.names[entry.player] ?? '').trim();
      const found = rosters[entry.side].get(name) ?? [];
      const team = SIDE_NAMES[entry.side];
      if (found.length === 0)
        throw badRequest(`${line}번째 줄: ${team} 리그 명단에 '${name}' 선수가 없습니다.`);
      if (found.length > 1)
        throw badRequest(`${line}번째 줄: ${team} 리그 명단에 '${name}' 선수가 둘 이상입니다.`);
      const ours = String(found[0]);
      const known = ids.get(entry.player);
      if (known && known !== ours)
        throw badRequest(`${line}번째 줄: 선수 번호 '${entry.player}'를 두 선수에게 썼습니다.`);
      ids.set(entry.player, ours);
      return { ...entry, player: ours };
    };
    const lineup = file.lineup.map((e, i) => resolve(e, file.lineupLines[i]));
    const events: GameEvent[] = file.events.map((e, i) => {
      if (e.type === 'sub') return { type: 'sub', entry: resolve(e.entry, lineOf(i)) };
      if (e.type === 'play' && e.batter !== undefined) {
        const batter = ids.get(e.batter);
        if (!batter)
          throw badRequest(
            `${lineOf(i)}번째 줄: 타자 '${e.batter}'는 선발 명단(start)에도 교체(sub)에도 없는 번호입니다.`,
          );
        return { ...e, batter };
      }
      return e;
    });
    const rules = await rulesOfGame(tx, game);
    const box = derive(lineup, events, rules, (index) => lineOf(index));
    // a game the rules did not end is taken when it stops after a whole inning (a called game)
    const called =
      box.final.half === 0 &&
      box.final.inning > 1 &&
      box.final.outs === 0 &&
      box.final.bases.every((b) => b === null);
    if (!box.final.over && !called)
      throw badRequest(
        `경기가 끝나지 않은 채 파일이 끝납니다 (${box.final.inning}회${box.final.half ? '말' : '초'} ${box.final.outs}사).`,
      );
    const decision = (key: string) => {
      const value = file.info.find(([k]) => k === key)?.[1];
      return value ? ids.get(value) : undefined;
    };
    const earnedRuns = new Map(
      Object.entries(file.earnedRuns).flatMap(([p, er]) => {
        const ours = ids.get(p);
        return ours ? [[ours, er] as const] : [];
      }),
    );
    const values = boxScoreOf(box, {
      win: decision('wp'),
      loss: decision('lp'),
      save: decision('save'),
      earnedRuns,
    });
    const saved = await saveRecordIn(tx, gameId, values, userId);
    await tx.deleteFrom('game_plays').where('game_id', '=', gameId).execute();
    const rows = [
      ...lineup.map((e) => ({ kind: 'start' as const, data: JSON.stringify(e) })),
      ...events.map((e) =>
        e.type === 'play'
          ? { kind: 'play' as const, data: e.text }
          : e.type === 'sub'
            ? { kind: 'sub' as const, data: JSON.stringify(e.entry) }
            : { kind: 'com' as const, data: e.text.slice(0, 500) || ' ' },
      ),
    ].map((r, i) => ({ ...r, game_id: gameId, seq: i + 1, entered_by: userId }));
    // in slices: SQLite takes at most 32,766 values a statement
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('game_plays')
        .values(rows.slice(i, i + 500))
        .execute();
    return saved;
  });
}

/** deriveBox, its refusal a 400 naming the file's line (`lineOf` the event's index). */
function derive(
  lineup: LineupEntry[],
  events: GameEvent[],
  rules: GameRules,
  lineOf: (index: number) => number,
): DerivedBox {
  try {
    return deriveBox(lineup, events, rules);
  } catch (err) {
    if (!(err instanceof PlayError)) throw err;
    if (err.index === null) throw badRequest(`선발 명단: ${err.reason}`);
    throw badRequest(`${lineOf(err.index)}번째 줄: ${err.reason}`);
  }
}

/** The box score to save from a derived one, with the scorer's decisions where given. */
function boxScoreOf(
  box: DerivedBox,
  scorer: {
    win?: string;
    loss?: string;
    save?: string;
    earnedRuns?: ReadonlyMap<string, number>;
  } = {},
): BoxScoreValues {
  const proposed = (d: 'W' | 'L' | 'S') =>
    box.pitching.flat().find((l) => l.decision === d)?.player;
  const win = scorer.win ?? proposed('W');
  const loss = scorer.loss ?? proposed('L');
  const save = scorer.save ?? proposed('S');
  const decisionOf = (player: string): 'W' | 'L' | 'S' | null =>
    player === win ? 'W' : player === loss ? 'L' : player === save ? 'S' : null;
  const team = (side: Side) => ({
    batting: box.batting[side].map((l) => ({
      playerId: Number(l.player),
      battingOrder: l.battingOrder,
      seq: l.seq,
      position: POSITION_LABELS[l.position] ?? '',
      pa: l.pa,
      ab: l.ab,
      r: l.r,
      h: l.h,
      b2: l.b2,
      b3: l.b3,
      hr: l.hr,
      rbi: l.rbi,
      bb: l.bb,
      hbp: l.hbp,
      so: l.so,
      sb: l.sb,
      cs: l.cs,
      sh: l.sh,
      sf: l.sf,
      e: l.e,
      gidp: l.gidp,
      gwrbi: false,
      hrInnings: l.hrInnings,
      b2Innings: l.b2Innings,
      b3Innings: l.b3Innings,
      sbInnings: l.sbInnings,
      eInnings: l.eInnings,
      gidpInnings: l.gidpInnings,
    })),
    pitching: box.pitching[side].map((l) => ({
      playerId: Number(l.player),
      seq: l.seq,
      outs: l.outs,
      bf: l.bf,
      h: l.h,
      r: l.r,
      er: scorer.earnedRuns?.get(l.player) ?? l.er,
      bb: l.bb,
      hbp: l.hbp,
      so: l.so,
      hr: l.hr,
      wp: l.wp,
      decision: decisionOf(l.player),
    })),
  });
  const id = (player: string | undefined) => (player ? Number(player) : null);
  return {
    status: 'final',
    innings: { away: box.innings[0], home: box.innings[1] },
    away: team(0),
    home: team(1),
    winPitcherId: id(win),
    lossPitcherId: id(loss),
    savePitcherId: id(save),
    mvpPlayerId: null,
    forfeitWinnerTeamId: null,
    notes: '',
  };
}

/** A game's stored events: the lineup and the events after it; null when it has none. */
async function storedGame(db: Reader, gameId: number) {
  const rows = await db
    .selectFrom('game_plays')
    .select(['seq', 'kind', 'data'])
    .where('game_id', '=', gameId)
    .orderBy('seq')
    .execute();
  if (rows.length === 0) return null;
  const lineup: LineupEntry[] = [];
  const events: GameEvent[] = [];
  for (const r of rows) {
    if (r.kind === 'start') lineup.push(JSON.parse(r.data) as LineupEntry);
    else if (r.kind === 'sub')
      events.push({ type: 'sub', entry: JSON.parse(r.data) as LineupEntry });
    else if (r.kind === 'play') events.push({ type: 'play', text: r.data });
    else events.push({ type: 'comment', text: r.data });
  }
  return { lineup, events };
}

async function namesOf(db: Reader, ids: string[]): Promise<Map<string, string>> {
  const numbers = [...new Set(ids.map(Number))].filter(Number.isInteger);
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('players')
    .select(['id', 'name'])
    .where('id', 'in', numbers)
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** Retrosheet's ids: eight characters, a team code of three. */
const playerCode = (id: string) => `p${id.padStart(7, '0')}`;
const teamCode = (id: number) => `T${id.toString(36).toUpperCase().padStart(2, '0')}`.slice(-3);

/** A game scored by plays as an event file the Chadwick tools read; 404 when it has no plays. */
export async function exportEventFile(db: Reader, gameId: number): Promise<string> {
  const game = await gameRow(db, gameId);
  const stored = await storedGame(db, gameId);
  if (!stored) throw notFound('이 경기의 플레이 기록');
  const rules = await rulesOfGame(db, game);
  // the game replayed with the file's player ids
  const recode = (e: LineupEntry) => ({ ...e, player: playerCode(e.player) });
  const lineup = stored.lineup.map(recode);
  const events = stored.events.map((e) =>
    e.type === 'sub' ? { ...e, entry: recode(e.entry) } : e,
  );
  const box = deriveBox(lineup, events, rules);
  const players = [
    ...stored.lineup,
    ...stored.events.flatMap((e) => (e.type === 'sub' ? [e.entry] : [])),
  ];
  const names = await namesOf(
    db,
    players.map((p) => p.player),
  );
  // the recorded decisions and earned runs: the scorer may have confirmed others than the rules'
  const recorded = await db
    .selectFrom('games')
    .select(['win_pitcher_id', 'loss_pitcher_id', 'save_pitcher_id'])
    .where('id', '=', gameId)
    .executeTakeFirstOrThrow();
  const codeOf = (id: number | null) => (id === null ? null : playerCode(String(id)));
  for (const line of box.pitching.flat())
    line.decision =
      line.player === codeOf(recorded.win_pitcher_id)
        ? 'W'
        : line.player === codeOf(recorded.loss_pitcher_id)
          ? 'L'
          : line.player === codeOf(recorded.save_pitcher_id)
            ? 'S'
            : null;
  const pitching = await db
    .selectFrom('game_pitching')
    .select(['player_id', 'er'])
    .where('game_id', '=', gameId)
    .execute();
  const derivedEr = new Map(box.pitching.flat().map((l) => [l.player, l.er]));
  const earnedRuns = Object.fromEntries(
    pitching
      .map((p) => [playerCode(String(p.player_id)), p.er] as const)
      .filter(([code, er]) => derivedEr.has(code) && derivedEr.get(code) !== er),
  );
  return gameToEventFile(
    {
      id: `${teamCode(game.home_team_id)}${game.game_date.replace(/-/g, '')}0`,
      info: [
        ['visteam', teamCode(game.away_team_id)],
        ['hometeam', teamCode(game.home_team_id)],
        ['date', game.game_date.replace(/-/g, '/')],
        ['number', '0'],
        ['innings', String(rules.innings)],
      ],
      lineup,
      events,
    },
    box,
    Object.fromEntries(players.map((p) => [playerCode(p.player), names.get(p.player) ?? p.player])),
    earnedRuns,
  );
}

export interface PlaysAnswer {
  gameId: number;
  lineups: {
    side: 'away' | 'home';
    playerId: number;
    name: string;
    slot: number;
    position: string;
  }[];
  plays: {
    seq: number;
    kind: 'play' | 'sub' | 'com';
    notation: string;
    text: string;
    inning: number;
    half: 'top' | 'bottom';
    outs: number;
    bases: (string | null)[];
    score: { away: number; home: number };
  }[];
  state: {
    inning: number;
    half: 'top' | 'bottom';
    outs: number;
    bases: (string | null)[];
    score: { away: number; home: number };
    batter: string | null;
    pitcher: string | null;
    over: boolean;
  } | null;
}

/** A game's lineups and plays, each with its Korean sentence, the outs and bases after it and the score. */
export async function readPlays(db: Reader, gameId: number): Promise<PlaysAnswer> {
  const game = await gameRow(db, gameId);
  const stored = await storedGame(db, gameId);
  if (!stored) return { gameId, lineups: [], plays: [], state: null };
  const rules = await rulesOfGame(db, game);
  const box = deriveBox(stored.lineup, stored.events, rules);
  const everyone = [
    ...stored.lineup.map((e) => e.player),
    ...stored.events.flatMap((e) => (e.type === 'sub' ? [e.entry.player] : [])),
  ];
  const names = await namesOf(db, everyone);
  const name = (p: string) => names.get(p) ?? p;
  const half = (h: Side) => (h === 0 ? ('top' as const) : ('bottom' as const));
  const bases = (b: readonly ({ player: string } | null)[]) =>
    b.map((r) => (r ? name(r.player) : null));
  const plays: PlaysAnswer['plays'] = [];
  let last = {
    inning: 1,
    half: 0 as Side,
    outs: 0,
    bases: [null, null, null] as (string | null)[],
    score: [0, 0],
  };
  for (const [i, e] of stored.events.entries()) {
    const r = box.results[i];
    if (r) {
      const after = r.result.state;
      // the outs and bases when the play ended, before a third out cleared them for the next half
      const ended = after.half !== r.before.half || after.inning !== r.before.inning;
      last = {
        inning: r.before.inning,
        half: r.before.half,
        outs: ended ? 3 : after.outs,
        bases: ended ? [null, null, null] : bases(after.bases),
        score: after.score,
      };
      plays.push({
        seq: stored.lineup.length + i + 1,
        kind: 'play',
        notation: e.type === 'play' ? e.text : '',
        text: playSentence(r.before, r.result, name),
        inning: last.inning,
        half: half(last.half),
        outs: last.outs,
        bases: last.bases,
        score: { away: last.score[0], home: last.score[1] },
      });
      continue;
    }
    const text =
      e.type === 'sub'
        ? `교체: ${name(e.entry.player)} (${POSITION_LABELS[e.entry.position] ?? ''}${e.entry.slot ? `, ${e.entry.slot}번 타자` : ''})`
        : e.type === 'comment'
          ? e.text
          : '';
    plays.push({
      seq: stored.lineup.length + i + 1,
      kind: e.type === 'sub' ? 'sub' : 'com',
      notation: '',
      text,
      inning: last.inning,
      half: half(last.half),
      outs: last.outs,
      bases: last.bases,
      score: { away: last.score[0], home: last.score[1] },
    });
  }
  const s = box.final;
  const batting = s.half;
  return {
    gameId,
    lineups: stored.lineup.map((e) => ({
      side: e.side === 0 ? 'away' : 'home',
      playerId: Number(e.player),
      name: name(e.player),
      slot: e.slot,
      position: POSITION_LABELS[e.position] ?? '',
    })),
    plays,
    state: {
      inning: s.inning,
      half: half(s.half),
      outs: s.outs,
      bases: bases(s.bases),
      score: { away: s.score[0], home: s.score[1] },
      batter: s.over ? null : name(s.order[batting][s.due[batting]]),
      pitcher: s.over ? null : name(s.defense[(1 - batting) as Side][1] ?? ''),
      over: s.over !== null,
    },
  };
}
