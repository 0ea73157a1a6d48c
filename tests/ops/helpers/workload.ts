import { DatabaseSync } from 'node:sqlite';
import { call } from './http.ts';

/**
 * A stream of acknowledged writes against a child server and the ledger to check them by:
 * game records (the whole box score saved again with a marker in its notes), league roster edits
 * (one player's back number) and new notices. Each game and each roster belongs to one client,
 * which waits for every answer before its next write, so at most one write per item is in flight.
 */
export interface Plan {
  mainId: number;
  seasonId: number;
  records: Array<{ gameId: number; body: Record<string, unknown> }>;
  rosters: Array<{ leagueId: number; teamId: number; markerPlayerId: number; players: Array<{ playerId: number; backNumber: number | null; status: string; registeredOn: string }> }>;
}

interface Track { acked: number | null; last: number | null }

export interface Ledger {
  records: Map<number, Track>;
  rosters: Map<string, Track>;
  notices: Map<string, number>;
  /** answers that were not 2xx: status and message */
  failures: Array<{ status: number; message: string; kind: string }>;
  latencies: number[];
  acked: number;
}

export const newLedger = (): Ledger => ({ records: new Map(), rosters: new Map(), notices: new Map(), failures: [], latencies: [], acked: 0 });

const marker = (seq: number) => `ops-w${seq}`;
const backNumber = (seq: number) => 100 + (seq % 800);

/** Reads what the workload needs from the (seeded) database: final games of the active season, and its rosters. */
export async function makePlan(url: string, token: string, dbFile: string, maxGames = 40, maxRosters = 12): Promise<Plan> {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const season = db.prepare('SELECT id, main_id FROM seasons WHERE active = 1 ORDER BY id LIMIT 1').get()!;
    const games = db.prepare(`SELECT g.id FROM games g JOIN leagues l ON l.id = g.league_id
      WHERE l.season_id = ? AND g.status = 'final' ORDER BY g.id LIMIT ?`).all(season.id, maxGames).map((r) => Number(r.id));
    const teams = db.prepare(`SELECT lt.league_id, lt.team_id FROM league_teams lt JOIN leagues l ON l.id = lt.league_id
      WHERE l.season_id = ? ORDER BY lt.league_id, lt.team_id LIMIT ?`).all(season.id, maxRosters);
    const rosters = teams.map((t) => {
      const players = db.prepare(`SELECT player_id, back_number, status, registered_on FROM league_players
        WHERE league_id = ? AND team_id = ? ORDER BY player_id`).all(t.league_id, t.team_id)
        .map((p) => ({ playerId: Number(p.player_id), backNumber: p.back_number === null ? null : Number(p.back_number), status: String(p.status), registeredOn: String(p.registered_on) }));
      return { leagueId: Number(t.league_id), teamId: Number(t.team_id), markerPlayerId: players[0].playerId, players };
    }).filter((r) => r.players.length > 0);
    const records = [];
    for (const gameId of games) {
      const res = await call(url, 'GET', `/api/league/game/${gameId}/record`, { token });
      if (res.status !== 200) throw new Error(`GET record ${gameId}: ${res.status} ${JSON.stringify(res.body)}`);
      records.push({ gameId, body: res.body.data as Record<string, unknown> });
    }
    return { mainId: Number(season.main_id), seasonId: Number(season.id), records, rosters };
  } finally {
    db.close();
  }
}

let sequence = 0;

/**
 * One client: writes until `running()` turns false or the server stops answering. Kinds rotate
 * record → roster → notice by weights; items are the client's share (index % clients).
 */
export async function runClient(options: {
  url: string; token: string; plan: Plan; ledger: Ledger; client: number; clients: number; running: () => boolean;
  kinds?: Array<'record' | 'roster' | 'notice'>;
}): Promise<void> {
  const { url, token, plan, ledger, client, clients } = options;
  const kinds = options.kinds ?? ['record', 'record', 'roster', 'notice'];
  const records = plan.records.filter((_, i) => i % clients === client);
  const rosters = plan.rosters.filter((_, i) => i % clients === client);
  let turn = 0;
  while (options.running()) {
    let kind = kinds[turn % kinds.length];
    if (kind === 'roster' && rosters.length === 0) kind = 'record';
    if (kind === 'record' && records.length === 0) kind = 'notice';
    const seq = ++sequence;
    turn += 1;
    let answer;
    try {
      if (kind === 'record') {
        const r = records[turn % records.length];
        const track = ledger.records.get(r.gameId) ?? { acked: null, last: null };
        ledger.records.set(r.gameId, { ...track, last: seq });
        answer = await call(url, 'PUT', `/api/league/game/${r.gameId}/record`, { token, body: { ...r.body, notes: marker(seq) } });
        if (answer.status === 200) ledger.records.set(r.gameId, { acked: seq, last: seq });
      } else if (kind === 'roster') {
        const r = rosters[turn % rosters.length];
        const key = `${r.leagueId}/${r.teamId}`;
        const track = ledger.rosters.get(key) ?? { acked: null, last: null };
        ledger.rosters.set(key, { ...track, last: seq });
        const players = r.players.map((p) => (p.playerId === r.markerPlayerId ? { ...p, backNumber: backNumber(seq) } : p));
        answer = await call(url, 'PATCH', `/api/league/main/${plan.mainId}/season/${plan.seasonId}/league/${r.leagueId}/team/${r.teamId}/players`, { token, body: { players } });
        if (answer.status === 200) ledger.rosters.set(key, { acked: seq, last: seq });
      } else {
        answer = await call(url, 'POST', `/api/league/main/${plan.mainId}/notice`, { token, body: { title: marker(seq), body: `쓰기 시험 ${seq}` } });
        if (answer.status === 201 || answer.status === 200) ledger.notices.set(marker(seq), Number(answer.body.data.wrId));
      }
    } catch {
      return; // the server is gone (killed): the write in flight counts as not acknowledged
    }
    if (answer.status >= 200 && answer.status < 300) {
      ledger.acked += 1;
      ledger.latencies.push(answer.ms);
    } else {
      ledger.failures.push({ status: answer.status, message: String((answer.body as { message?: string })?.message ?? answer.body).slice(0, 200), kind });
    }
  }
}

/** What in the database disagrees with the ledger; [] when every acknowledged write is there. */
export function missingWrites(dbFile: string, plan: Plan, ledger: Ledger): string[] {
  const db = new DatabaseSync(dbFile);
  const problems: string[] = [];
  try {
    for (const [gameId, t] of ledger.records) {
      const notes = String(db.prepare('SELECT notes FROM games WHERE id = ?').get(gameId)?.notes);
      const allowed = [t.acked, t.last].filter((s): s is number => s !== null).map(marker);
      if (t.acked !== null && !allowed.includes(notes)) problems.push(`game ${gameId}: notes ${notes}, acknowledged ${marker(t.acked)}`);
    }
    for (const [key, t] of ledger.rosters) {
      const [leagueId, teamId] = key.split('/').map(Number);
      const r = plan.rosters.find((x) => x.leagueId === leagueId && x.teamId === teamId)!;
      const n = Number(db.prepare('SELECT back_number FROM league_players WHERE league_id = ? AND team_id = ? AND player_id = ?').get(leagueId, teamId, r.markerPlayerId)?.back_number);
      const allowed = [t.acked, t.last].filter((s): s is number => s !== null).map(backNumber);
      if (t.acked !== null && !allowed.includes(n)) problems.push(`roster ${key}: back number ${n}, acknowledged ${backNumber(t.acked)}`);
    }
    const titles = new Set(db.prepare("SELECT title FROM notices WHERE title LIKE 'ops-w%'").all().map((r) => String(r.title)));
    for (const title of ledger.notices.keys()) if (!titles.has(title)) problems.push(`notice ${title} missing`);
  } finally {
    db.close();
  }
  return problems;
}
