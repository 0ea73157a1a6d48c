import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './database.ts';
import type { OpenedDatabase } from './database.ts';
import { migrate, migrations } from './migrate.ts';

/**
 * The invariants the schema itself holds, shown with raw SQL on a freshly migrated database file,
 * so that no service code stands between the bad data and the database.
 */

let dir: string;
let opened: OpenedDatabase;
let sql: DatabaseSync;
/** ids of the fixture rows */
const id = {
  main: 0,
  other: 0,
  season: 0,
  league: 0,
  teamA: 0,
  teamB: 0,
  player: 0,
  player2: 0,
  game: 0,
};

const insert = (statement: string, ...params: Array<string | number | null>) =>
  Number(sql.prepare(statement).run(...params).lastInsertRowid);
const scalar = (statement: string, ...params: Array<string | number>) =>
  Object.values(sql.prepare(statement).get(...params) ?? {})[0];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-constraints-'));
  opened = openDatabase(join(dir, 'sbsa.sqlite'));
  sql = opened.sqlite;
  id.main = insert("INSERT INTO league_main (path, name) VALUES ('sbsa', '협회')");
  id.other = insert("INSERT INTO league_main (path, name) VALUES ('other', '다른 협회')");
  id.season = insert(
    "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2025 시즌', 2025, 1)",
    id.main,
  );
  id.league = insert("INSERT INTO leagues (season_id, name) VALUES (?, '여자부')", id.season);
  id.teamA = insert("INSERT INTO teams (main_id, name) VALUES (?, '서울')", id.main);
  id.teamB = insert("INSERT INTO teams (main_id, name) VALUES (?, '부산')", id.main);
  for (const team of [id.teamA, id.teamB])
    insert('INSERT INTO league_teams (league_id, team_id) VALUES (?, ?)', id.league, team);
  id.player = insert("INSERT INTO players (main_id, name) VALUES (?, '김하나')", id.main);
  id.player2 = insert("INSERT INTO players (main_id, name) VALUES (?, '이두리')", id.main);
  id.game = insert(
    "INSERT INTO games (league_id, game_no, game_date, home_team_id, away_team_id) VALUES (?, 1, '2025-05-10', ?, ?)",
    id.league,
    id.teamA,
    id.teamB,
  );
});

afterEach(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

const activeSeasons = (mainId: number) =>
  sql
    .prepare('SELECT id FROM seasons WHERE main_id = ? AND active = 1 ORDER BY id')
    .all(mainId)
    .map((r) => Number(r.id));

describe('one active season per association', () => {
  it('refuses a second active season in the same association, but not in another one', () => {
    expect(() =>
      insert(
        "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2026 시즌', 2026, 1)",
        id.main,
      ),
    ).toThrow(/UNIQUE/);
    insert(
      "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2026 시즌', 2026, 1)",
      id.other,
    );
    const second = insert(
      "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2024 시즌', 2024, 0)",
      id.main,
    );
    expect(() => sql.exec(`UPDATE seasons SET active = 1 WHERE id = ${second}`)).toThrow(/UNIQUE/);
    expect(activeSeasons(id.main)).toEqual([id.season]);
  });

  it('refuses to leave an association with seasons without an active season', () => {
    // an association's first season cannot be an inactive one
    expect(() =>
      insert(
        "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2024 시즌', 2024, 0)",
        id.other,
      ),
    ).toThrow(/FOREIGN KEY/);
    expect(activeSeasons(id.other)).toEqual([]);
    // a season without leagues, so that nothing but the invariant stands in the way
    const only = insert(
      "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2025 시즌', 2025, 1)",
      id.other,
    );
    expect(() => sql.exec(`UPDATE seasons SET active = 0 WHERE id = ${only}`)).toThrow(
      /FOREIGN KEY/,
    );
    expect(() => sql.exec(`DELETE FROM seasons WHERE id = ${only}`)).toThrow(/FOREIGN KEY/);
    expect(activeSeasons(id.other)).toEqual([only]);
    const older = insert(
      "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2024 시즌', 2024, 0)",
      id.other,
    );
    sql.exec(`DELETE FROM seasons WHERE id = ${older}`);
    expect(activeSeasons(id.other)).toEqual([only]);
  });

  it('lets one transaction switch the active season, and refuses at COMMIT to leave none', () => {
    const next = insert(
      "INSERT INTO seasons (main_id, name, year, active) VALUES (?, '2026 시즌', 2026, 0)",
      id.main,
    );
    // the season service's switch: the old season off, then the new one on
    sql.exec('BEGIN IMMEDIATE');
    sql.exec(`UPDATE seasons SET active = 0 WHERE id = ${id.season}`);
    sql.exec(`UPDATE seasons SET active = 1 WHERE id = ${next}`);
    sql.exec('COMMIT');
    expect(activeSeasons(id.main)).toEqual([next]);

    sql.exec('BEGIN IMMEDIATE');
    sql.exec(`UPDATE seasons SET active = 0 WHERE id = ${next}`);
    expect(() => sql.exec('COMMIT')).toThrow(/FOREIGN KEY/);
    sql.exec('ROLLBACK');
    expect(activeSeasons(id.main)).toEqual([next]);
  });

  it('makes the newest season active when it upgrades a database that had none', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new DatabaseSync(file, { enableForeignKeyConstraints: true });
    old.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    old.exec(migrations[0].sql);
    old
      .prepare('INSERT INTO schema_migrations VALUES (?, ?)')
      .run(migrations[0].name, new Date(0).toISOString());
    old.exec(
      "INSERT INTO league_main (id, path, name) VALUES (1, 'a', 'A'), (2, 'b', 'B'), (3, 'c', 'C')",
    );
    old.exec(`INSERT INTO seasons (id, main_id, name, year, active) VALUES
      (1, 1, '2024', 2024, 0), (2, 1, '2025', 2025, 1), (3, 1, '2026', 2026, 0),
      (4, 2, '2024', 2024, 0), (5, 2, '2026', 2026, 0), (6, 2, '2025', 2025, 0)`);
    expect(migrate(old)).toEqual(migrations.slice(1).map((m) => m.name));
    const active = old
      .prepare('SELECT main_id, id FROM seasons WHERE active = 1 ORDER BY main_id')
      .all()
      .map((r) => [r.main_id, r.id]);
    // association 1 keeps its choice, 2 gets its newest season, 3 has no seasons at all
    expect(active).toEqual([
      [1, 2],
      [2, 5],
    ]);
    expect(() => old.exec('UPDATE seasons SET active = 0 WHERE id = 5')).toThrow(/FOREIGN KEY/);
    old.close();
  });
});

describe('league rosters', () => {
  const register = (teamId: number, playerId: number, backNumber: number | null) =>
    insert(
      "INSERT INTO league_players (league_id, team_id, player_id, back_number, registered_on) VALUES (?, ?, ?, ?, '2025-03-01')",
      id.league,
      teamId,
      playerId,
      backNumber,
    );

  it('refuses a back number twice on one league team, but not on two teams or without a number', () => {
    register(id.teamA, id.player, 7);
    expect(() => register(id.teamA, id.player2, 7)).toThrow(/UNIQUE/);
    register(id.teamB, id.player2, 7);
    const third = insert("INSERT INTO players (main_id, name) VALUES (?, '박세나')", id.main);
    const fourth = insert("INSERT INTO players (main_id, name) VALUES (?, '최네리')", id.main);
    register(id.teamA, third, null);
    register(id.teamA, fourth, null);
    expect(scalar('SELECT count(*) FROM league_players')).toBe(4);
  });

  it('refuses a player on two teams of one league, and a team that is not in the league', () => {
    register(id.teamA, id.player, 1);
    expect(() => register(id.teamB, id.player, 2)).toThrow(/UNIQUE/);
    const outsider = insert("INSERT INTO teams (main_id, name) VALUES (?, '대구')", id.main);
    expect(() => register(outsider, id.player2, 3)).toThrow(/FOREIGN KEY/);
  });
});

describe('box-score lines', () => {
  const batting = {
    pa: 4,
    ab: 3,
    r: 1,
    h: 2,
    b2: 1,
    b3: 0,
    hr: 1,
    rbi: 2,
    bb: 1,
    hbp: 0,
    so: 1,
    sb: 0,
    cs: 0,
    sh: 0,
    sf: 0,
    e: 0,
  };
  const insertBatting = (line: Record<string, number>) => {
    const cols = Object.keys(line);
    return insert(
      `INSERT INTO game_batting (game_id, team_id, player_id, batting_order, ${cols.join(', ')}) VALUES (?, ?, ?, 1, ${cols.map(() => '?').join(', ')})`,
      id.game,
      id.teamA,
      id.player,
      ...Object.values(line),
    );
  };

  it('accepts a line that adds up', () => {
    insertBatting(batting);
    expect(scalar('SELECT count(*) FROM game_batting')).toBe(1);
  });

  it.each([
    ['a negative count', { r: -1 }],
    ['negative plate appearances', { pa: -1 }],
    ['more hits than at-bats', { h: 4 }],
    ['more extra-base hits than hits', { b2: 2 }],
    ['more strikeouts than at-bats', { so: 4 }],
    ['at-bats, walks and sacrifices beyond the plate appearances', { sf: 1 }],
    ['a batting order past 15', { batting_order: 16 }],
  ])('refuses a batting line with %s', (_, change) => {
    const line: Record<string, number> = { ...batting, ...change };
    if ('batting_order' in change) {
      expect(() =>
        insert(
          'INSERT INTO game_batting (game_id, team_id, player_id, batting_order) VALUES (?, ?, ?, ?)',
          id.game,
          id.teamA,
          id.player,
          line.batting_order,
        ),
      ).toThrow(/CHECK/);
    } else {
      expect(() => insertBatting(line)).toThrow(/CHECK/);
    }
    expect(scalar('SELECT count(*) FROM game_batting')).toBe(0);
  });

  const pitching = { outs: 21, bf: 28, h: 6, r: 3, er: 2, bb: 2, hbp: 1, so: 5, hr: 1, wp: 0 };
  const insertPitching = (line: Record<string, number | string>) => {
    const cols = Object.keys(line);
    return insert(
      `INSERT INTO game_pitching (game_id, team_id, player_id, ${cols.join(', ')}) VALUES (?, ?, ?, ${cols.map(() => '?').join(', ')})`,
      id.game,
      id.teamB,
      id.player2,
      ...Object.values(line),
    );
  };

  it('accepts a pitching line that adds up', () => {
    insertPitching({ ...pitching, decision: 'W' });
    expect(scalar('SELECT count(*) FROM game_pitching')).toBe(1);
  });

  it.each([
    ['negative outs', { outs: -1 }],
    ['more outs than 30 innings', { outs: 91 }],
    ['a negative strikeout count', { so: -2 }],
    ['more earned runs than runs', { er: 4 }],
    ['more home runs than hits', { hr: 7 }],
    ['more hits, walks and hit batters than batters faced', { bf: 8 }],
    ['an unknown decision', { decision: 'X' }],
  ])('refuses a pitching line with %s', (_, change) => {
    expect(() => insertPitching({ ...pitching, ...change })).toThrow(/CHECK/);
    expect(scalar('SELECT count(*) FROM game_pitching')).toBe(0);
  });

  it('refuses a game against itself and a final score without runs', () => {
    expect(() =>
      insert(
        "INSERT INTO games (league_id, game_no, game_date, home_team_id, away_team_id) VALUES (?, 2, '2025-05-11', ?, ?)",
        id.league,
        id.teamA,
        id.teamA,
      ),
    ).toThrow(/CHECK/);
    expect(() => sql.exec(`UPDATE games SET status = 'final' WHERE id = ${id.game}`)).toThrow(
      /CHECK/,
    );
  });
});

describe('foreign keys', () => {
  const counts = () =>
    ['league_main', 'seasons', 'leagues', 'league_teams', 'teams', 'games'].map(
      (table) => `${table} ${scalar(`SELECT count(*) FROM ${table}`)}`,
    );

  it.each([
    ['a team in a league', () => `DELETE FROM teams WHERE id = ${id.teamA}`],
    ['a league with games', () => `DELETE FROM leagues WHERE id = ${id.league}`],
    [
      'an inactive season with leagues',
      () => {
        const season = insert(
          "INSERT INTO seasons (main_id, name, year) VALUES (?, '2024 시즌', 2024)",
          id.main,
        );
        insert("INSERT INTO leagues (season_id, name) VALUES (?, '남자부')", season);
        return `DELETE FROM seasons WHERE id = ${season}`;
      },
    ],
    ['an association with teams', () => `DELETE FROM league_main WHERE id = ${id.main}`],
  ])('refuses to delete %s (RESTRICT)', (_, statement) => {
    const sqlText = statement();
    const before = counts();
    expect(() => sql.exec(sqlText)).toThrow(/FOREIGN KEY/);
    expect(counts()).toEqual(before);
  });

  it('refuses to delete a player with a batting line', () => {
    insert(
      'INSERT INTO game_batting (game_id, team_id, player_id, batting_order) VALUES (?, ?, ?, 1)',
      id.game,
      id.teamA,
      id.player,
    );
    expect(() => sql.exec(`DELETE FROM players WHERE id = ${id.player}`)).toThrow(/FOREIGN KEY/);
    expect(scalar('SELECT count(*) FROM players WHERE id = ?', id.player)).toBe(1);
  });

  it('refuses a row that points at nothing', () => {
    expect(() =>
      insert("INSERT INTO leagues (season_id, name) VALUES (9999, '없는 시즌')"),
    ).toThrow(/FOREIGN KEY/);
  });
});
