import { DatabaseSync } from 'node:sqlite';
import { call } from './http.ts';
import type { Answer } from './http.ts';

/**
 * A stream of acknowledged writes against a child server and the ledger to check them by:
 * game records (the whole box score saved again, stamped with the write's number), league roster
 * edits (one player's back number) and new notices. Each game and each roster belongs to one
 * client, which waits for every answer before its next write, so at most one write per item is in
 * flight.
 */
export type Kind = 'record' | 'roster' | 'notice';

type Line = Record<string, string | number | number[] | null>;
export interface TeamLines {
  batting: Line[];
  pitching: Line[];
}
/** A game record as GET /record gives it and PUT /record takes it. */
export interface RecordBody {
  homeTeamId: number;
  awayTeamId: number;
  away: TeamLines;
  home: TeamLines;
  notes: string;
  [field: string]: unknown;
}

export interface Plan {
  mainId: number;
  seasonId: number;
  records: Array<{ gameId: number; body: RecordBody }>;
  rosters: Array<{
    leagueId: number;
    teamId: number;
    markerPlayerId: number;
    players: Array<{
      playerId: number;
      backNumber: number | null;
      status: string;
      registeredOn: string;
    }>;
  }>;
}

/** The last write acknowledged for an item, and the last one sent (it may have landed before a kill). */
export interface Track {
  acked: number | null;
  last: number | null;
}

export interface Ledger {
  records: Map<number, Track>;
  rosters: Map<string, Track>;
  notices: Map<string, number>;
  ackedBy: Record<Kind, number>;
  /** per client: acknowledged writes and when the last acknowledgement arrived (performance.now()) */
  clients: Array<{ acked: number; lastAckAt: number | null }>;
  /** answers that were not 2xx: status and message */
  failures: Array<{ status: number; message: string; kind: Kind }>;
  /** requests that got no answer at all (refused, reset, timed out), with when they failed */
  errors: Array<{ client: number; kind: Kind; at: number; message: string }>;
  latencies: number[];
  acked: number;
}

export const newLedger = (): Ledger => ({
  records: new Map(),
  rosters: new Map(),
  notices: new Map(),
  ackedBy: { record: 0, roster: 0, notice: 0 },
  clients: [],
  failures: [],
  errors: [],
  latencies: [],
  acked: 0,
});

/** Items whose writes were acknowledged at least once. */
export const ackedItems = (tracks: Map<unknown, Track>) =>
  [...tracks.values()].filter((t) => t.acked !== null).length;

export const marker = (seq: number) => `ops-w${seq}`;
export const backNumber = (seq: number) => 100 + (seq % 800);
const stamp = (seq: number) => seq % 1000;

/**
 * The box score of write `seq`: the game's record with the write's marker in its notes and the
 * write's number in values no invariant ties to others (the first batter's stolen bases, their
 * innings left unrecorded, and the first pitcher's wild pitches on each side), so the stored lines tell which write they came from.
 */
export function recordBody(body: RecordBody, seq: number): RecordBody {
  const side = (t: TeamLines): TeamLines => ({
    batting: t.batting.map((l, i) => (i === 0 ? { ...l, sb: stamp(seq), sbInnings: [] } : l)),
    pitching: t.pitching.map((l, i) => (i === 0 ? { ...l, wp: stamp(seq) } : l)),
  });
  return { ...body, notes: marker(seq), away: side(body.away), home: side(body.home) };
}

/** Reads what the workload needs from the (seeded) database: final games with box score lines, and league rosters. */
export async function makePlan(
  url: string,
  token: string,
  dbFile: string,
  maxGames = 40,
  maxRosters = 12,
): Promise<Plan> {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const season = db
      .prepare('SELECT id, main_id FROM seasons WHERE active = 1 ORDER BY id LIMIT 1')
      .get()!;
    const games = db
      .prepare(`SELECT g.id FROM games g JOIN leagues l ON l.id = g.league_id
      WHERE l.season_id = ? AND g.status = 'final'
        AND EXISTS (SELECT 1 FROM game_batting b WHERE b.game_id = g.id) AND EXISTS (SELECT 1 FROM game_pitching p WHERE p.game_id = g.id)
      ORDER BY g.id LIMIT ?`)
      .all(season.id, maxGames)
      .map((r) => Number(r.id));
    const teams = db
      .prepare(`SELECT lt.league_id, lt.team_id FROM league_teams lt JOIN leagues l ON l.id = lt.league_id
      WHERE l.season_id = ? AND EXISTS (SELECT 1 FROM league_players lp WHERE lp.league_id = lt.league_id AND lp.team_id = lt.team_id)
      ORDER BY lt.league_id, lt.team_id LIMIT ?`)
      .all(season.id, maxRosters);
    const rosters = teams.map((t) => {
      const players = db
        .prepare(`SELECT player_id, back_number, status, registered_on FROM league_players
        WHERE league_id = ? AND team_id = ? ORDER BY player_id`)
        .all(t.league_id, t.team_id)
        .map((p) => ({
          playerId: Number(p.player_id),
          backNumber: p.back_number === null ? null : Number(p.back_number),
          status: String(p.status),
          registeredOn: String(p.registered_on),
        }));
      return {
        leagueId: Number(t.league_id),
        teamId: Number(t.team_id),
        markerPlayerId: players[0].playerId,
        players,
      };
    });
    const records = [];
    for (const gameId of games) {
      const res = await call(url, 'GET', `/api/league/game/${gameId}/record`, { token });
      if (res.status !== 200)
        throw new Error(`GET record ${gameId}: ${res.status} ${JSON.stringify(res.body)}`);
      records.push({ gameId, body: res.body.data as RecordBody });
    }
    return { mainId: Number(season.main_id), seasonId: Number(season.id), records, rosters };
  } finally {
    db.close();
  }
}

let sequence = 0;
/** Longer than any answer of a live server; a hung request then counts as an error instead of hanging the test. */
const requestTimeoutMs = 60_000;

/** Sends one write of `kind` numbered `seq`, keeping the ledger's tracks. */
async function write(
  kind: Kind,
  seq: number,
  items: { records: Plan['records']; rosters: Plan['rosters'] },
  turn: number,
  ctx: { url: string; token: string; plan: Plan; ledger: Ledger },
): Promise<Answer> {
  const { url, token, plan, ledger } = ctx;
  const signal = AbortSignal.timeout(requestTimeoutMs);
  if (kind === 'record') {
    const r = items.records[turn % items.records.length];
    ledger.records.set(r.gameId, { acked: ledger.records.get(r.gameId)?.acked ?? null, last: seq });
    const answer = await call(url, 'PUT', `/api/league/game/${r.gameId}/record`, {
      token,
      signal,
      body: recordBody(r.body, seq),
    });
    if (answer.status === 200) ledger.records.set(r.gameId, { acked: seq, last: seq });
    return answer;
  }
  if (kind === 'roster') {
    const r = items.rosters[turn % items.rosters.length];
    const key = `${r.leagueId}/${r.teamId}`;
    ledger.rosters.set(key, { acked: ledger.rosters.get(key)?.acked ?? null, last: seq });
    const players = r.players.map((p) =>
      p.playerId === r.markerPlayerId ? { ...p, backNumber: backNumber(seq) } : p,
    );
    const answer = await call(
      url,
      'PATCH',
      `/api/league/main/${plan.mainId}/season/${plan.seasonId}/league/${r.leagueId}/team/${r.teamId}/players`,
      { token, signal, body: { players } },
    );
    if (answer.status === 200) ledger.rosters.set(key, { acked: seq, last: seq });
    return answer;
  }
  const answer = await call(url, 'POST', `/api/league/main/${plan.mainId}/notice`, {
    token,
    signal,
    body: { title: marker(seq), body: `쓰기 시험 ${seq}` },
  });
  if (answer.status === 201 || answer.status === 200)
    ledger.notices.set(marker(seq), Number(answer.body.data.wrId));
  return answer;
}

/**
 * One client: writes until `running()` turns false or a request gets no answer (recorded in
 * `ledger.errors`; after a SIGKILL that is expected, on a live server it is a failure). Kinds
 * rotate by weights; items are the client's share (index % clients).
 */
export async function runClient(options: {
  url: string;
  token: string;
  plan: Plan;
  ledger: Ledger;
  client: number;
  clients: number;
  running: () => boolean;
  kinds?: Kind[];
}): Promise<void> {
  const { plan, ledger, client, clients } = options;
  const kinds = options.kinds ?? ['record', 'record', 'roster', 'notice'];
  const items = {
    records: plan.records.filter((_, i) => i % clients === client),
    rosters: plan.rosters.filter((_, i) => i % clients === client),
  };
  ledger.clients[client] ??= { acked: 0, lastAckAt: null };
  const stats = ledger.clients[client];
  let turn = 0;
  while (options.running()) {
    let kind = kinds[turn % kinds.length];
    if (kind === 'roster' && items.rosters.length === 0) kind = 'record';
    if (kind === 'record' && items.records.length === 0) kind = 'notice';
    const seq = ++sequence;
    turn += 1;
    let answer: Answer;
    try {
      answer = await write(kind, seq, items, turn, options);
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      ledger.errors.push({
        client,
        kind,
        at: performance.now(),
        message: String(cause ?? err).slice(0, 200),
      });
      return;
    }
    if (answer.status >= 200 && answer.status < 300) {
      ledger.acked += 1;
      ledger.ackedBy[kind] += 1;
      ledger.latencies.push(answer.ms);
      stats.acked += 1;
      stats.lastAckAt = performance.now();
    } else {
      ledger.failures.push({
        status: answer.status,
        message: String((answer.body as { message?: string })?.message ?? answer.body).slice(
          0,
          200,
        ),
        kind,
      });
    }
  }
}
