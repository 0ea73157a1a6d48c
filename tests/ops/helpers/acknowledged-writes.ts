import { DatabaseSync } from 'node:sqlite';
import { backNumber, marker, recordBody } from './workload.ts';
import type { Ledger, Plan, RecordBody, TeamLines } from './workload.ts';

/**
 * Checks of a database file against what the server acknowledged. Every connection is read-only:
 * it can run beside the server (WAL) and never checkpoints or otherwise repairs the files, so what
 * it sees is what the server recovered on its own.
 */
function readOnly<T>(dbFile: string, use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` rows; ['ok'] for a sound file. */
export const integrityCheck = (dbFile: string): string[] =>
  readOnly(dbFile, (db) =>
    db
      .prepare('PRAGMA integrity_check')
      .all()
      .map((r) => String(r.integrity_check)),
  );

const battingKeys = [
  'playerId',
  'battingOrder',
  'seq',
  'position',
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
];
const pitchingKeys = [
  'playerId',
  'seq',
  'outs',
  'bf',
  'h',
  'r',
  'er',
  'bb',
  'hbp',
  'so',
  'hr',
  'wp',
  'decision',
];
const column = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Where the stored batting and pitching lines of a game differ from a sent box score; [] when they are the same. */
export function boxScoreProblems(db: DatabaseSync, gameId: number, sent: RecordBody): string[] {
  const problems: string[] = [];
  for (const side of ['away', 'home'] as const) {
    const teamId = side === 'away' ? sent.awayTeamId : sent.homeTeamId;
    for (const [table, kind, keys] of [
      ['game_batting', 'batting', battingKeys],
      ['game_pitching', 'pitching', pitchingKeys],
    ] as const) {
      const stored = db
        .prepare(
          `SELECT ${keys.map(column).join(', ')} FROM ${table} WHERE game_id = ? AND team_id = ?`,
        )
        .all(gameId, teamId)
        .map((row) => JSON.stringify(keys.map((k) => row[column(k)])))
        .sort();
      const expected = (sent[side] as TeamLines)[kind]
        .map((line) => JSON.stringify(keys.map((k) => line[k])))
        .sort();
      if (stored.length !== expected.length)
        problems.push(
          `game ${gameId} ${side} ${kind}: ${stored.length} lines stored, ${expected.length} sent`,
        );
      else if (stored.some((row, i) => row !== expected[i]))
        problems.push(`game ${gameId} ${side} ${kind}: stored lines differ from the ones sent`);
    }
  }
  return problems;
}

/**
 * What in the database disagrees with the ledger; [] when every acknowledged write is there. An
 * item may instead hold the write that was in flight at a kill (sent, never answered), but nothing
 * older than the last acknowledgement; a game's notes, batting and pitching lines must all come
 * from that same write.
 */
export function missingWrites(dbFile: string, plan: Plan, ledger: Ledger): string[] {
  return readOnly(dbFile, (db) => {
    const problems: string[] = [];
    for (const [gameId, t] of ledger.records) {
      if (t.acked === null) continue;
      const notes = String(db.prepare('SELECT notes FROM games WHERE id = ?').get(gameId)?.notes);
      const seq = [t.acked, t.last].find((s) => s !== null && marker(s) === notes);
      if (seq === undefined || seq === null) {
        problems.push(`game ${gameId}: notes ${notes}, acknowledged ${marker(t.acked)}`);
        continue;
      }
      const { body } = plan.records.find((r) => r.gameId === gameId)!;
      problems.push(...boxScoreProblems(db, gameId, recordBody(body, seq)));
    }
    for (const [key, t] of ledger.rosters) {
      if (t.acked === null) continue;
      const [leagueId, teamId] = key.split('/').map(Number);
      const r = plan.rosters.find((x) => x.leagueId === leagueId && x.teamId === teamId)!;
      const n = Number(
        db
          .prepare(
            'SELECT back_number FROM league_players WHERE league_id = ? AND team_id = ? AND player_id = ?',
          )
          .get(leagueId, teamId, r.markerPlayerId)?.back_number,
      );
      const allowed = [t.acked, t.last].filter((s): s is number => s !== null).map(backNumber);
      if (!allowed.includes(n))
        problems.push(`roster ${key}: back number ${n}, acknowledged ${backNumber(t.acked)}`);
    }
    const titles = new Set(
      db
        .prepare("SELECT title FROM notices WHERE title LIKE 'ops-w%'")
        .all()
        .map((r) => String(r.title)),
    );
    for (const title of ledger.notices.keys())
      if (!titles.has(title)) problems.push(`notice ${title} missing`);
    return problems;
  });
}

/**
 * After a restart has been checked, the write that was in flight at the kill is settled: if it
 * landed, it is now as durable as an acknowledged one and becomes the item's baseline; if not, it
 * is gone for good. Without this, a later round's unanswered write to the same item would hide
 * that earlier landing and the check would call the stored state lost.
 */
export function settleInFlight(dbFile: string, plan: Plan, ledger: Ledger): void {
  readOnly(dbFile, (db) => {
    for (const [gameId, t] of ledger.records) {
      if (t.last === null || t.last === t.acked) continue;
      const notes = String(db.prepare('SELECT notes FROM games WHERE id = ?').get(gameId)?.notes);
      ledger.records.set(gameId, {
        acked: notes === marker(t.last) ? t.last : t.acked,
        last: null,
      });
    }
    for (const [key, t] of ledger.rosters) {
      if (t.last === null || t.last === t.acked) continue;
      const [leagueId, teamId] = key.split('/').map(Number);
      const r = plan.rosters.find((x) => x.leagueId === leagueId && x.teamId === teamId)!;
      const n = Number(
        db
          .prepare(
            'SELECT back_number FROM league_players WHERE league_id = ? AND team_id = ? AND player_id = ?',
          )
          .get(leagueId, teamId, r.markerPlayerId)?.back_number,
      );
      ledger.rosters.set(key, { acked: n === backNumber(t.last) ? t.last : t.acked, last: null });
    }
  });
}
