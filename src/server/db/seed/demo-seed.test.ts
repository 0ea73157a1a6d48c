import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyPassword } from '../../auth/passwords.ts';
import { openDatabase } from '../database.ts';
import type { OpenedDatabase } from '../database.ts';
import { DEMO_PASSWORD, DEMO_TODAY, PLAYED_THROUGH } from './catalog.ts';
import { seedDemo } from './demo-seed.ts';

type Row = Record<string, unknown>;

const dirs: string[] = [];
const opened: OpenedDatabase[] = [];
let first: OpenedDatabase;
let second: OpenedDatabase;
let seedMs = 0;

function fresh(): OpenedDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-seed-'));
  dirs.push(dir);
  const o = openDatabase(join(dir, 'x.sqlite'));
  opened.push(o);
  return o;
}

beforeAll(async () => {
  first = fresh();
  const started = performance.now();
  await seedDemo(first.db);
  seedMs = performance.now() - started;
  second = fresh();
  await seedDemo(second.db);
});

afterAll(async () => {
  for (const o of opened) await o.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const all = (sql: string, ...params: (string | number)[]): Row[] =>
  first.sqlite.prepare(sql).all(...params) as Row[];
const one = (sql: string, ...params: (string | number)[]): Row =>
  first.sqlite.prepare(sql).get(...params) as Row;
const count = (sql: string, ...params: (string | number)[]): number =>
  Number(Object.values(one(sql, ...params))[0]);

/**
 * sha256 over every row of every table, in rowid order; password hashes are salted and the change
 * record's times are the clock's, so they are left out.
 */
function digest(o: OpenedDatabase): string {
  const hash = createHash('sha256');
  const tables = o.sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name`,
    )
    .all() as { name: string }[];
  for (const { name } of tables) {
    hash.update(`#${name}\n`);
    for (const row of o.sqlite.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Row[]) {
      if (name === 'users') delete row.password_hash;
      if (name === 'public_changes') delete row.committed_at;
      hash.update(`${JSON.stringify(row)}\n`);
    }
  }
  return hash.digest('hex');
}

describe('seedDemo', () => {
  it('is fast', () => {
    expect(seedMs).toBeLessThan(5000);
  });

  it('gives identical data on two fresh databases', () => {
    expect(digest(first)).toBe(digest(second));
  });

  it('does nothing when the association already exists', async () => {
    const before = digest(first);
    await seedDemo(first.db);
    expect(digest(first)).toBe(before);
  });

  it('creates the association, seasons and divisions', () => {
    expect(all(`SELECT path, name, short_name FROM league_main`)).toEqual([
      { path: 'sbsa', name: '대한소프트볼협회', short_name: 'SBSA' },
    ]);
    expect(all(`SELECT year, name, active FROM seasons ORDER BY year`)).toEqual([
      { year: 2024, name: '2024 시즌', active: 0 },
      { year: 2025, name: '2025 시즌', active: 0 },
      { year: 2026, name: '2026 시즌', active: 1 },
    ]);
    expect(all(`SELECT name FROM divisions ORDER BY sort_order`).map((r) => r.name)).toEqual([
      '여자부',
      '남자 1부',
      '남자 2부',
      '시니어부',
    ]);
  });

  it('has enough teams, players, careers and staff', () => {
    expect(count(`SELECT count(*) FROM teams`)).toBeGreaterThanOrEqual(24);
    expect(
      count(
        `SELECT count(*) FROM teams WHERE home_region = '' OR founded IS NULL OR short_name = ''`,
      ),
    ).toBe(0);
    expect(count(`SELECT count(*) FROM players`)).toBeGreaterThanOrEqual(400);
    expect(
      count(
        `SELECT count(*) FROM players WHERE length(name) NOT BETWEEN 2 AND 4 OR birth_date IS NULL OR bats IS NULL OR throws IS NULL`,
      ),
    ).toBe(0);
    const positions = all(`SELECT DISTINCT position FROM players ORDER BY position`).map(
      (r) => r.position,
    );
    expect(positions.sort()).toEqual(
      ['1루수', '2루수', '3루수', '우익수', '유격수', '좌익수', '중견수', '투수', '포수'].sort(),
    );
    // 여자부 rosters are women only, the men's and senior divisions men only.
    expect(
      count(`SELECT count(*) FROM league_players lp JOIN players p ON p.id = lp.player_id JOIN leagues l ON l.id = lp.league_id
      JOIN divisions d ON d.id = l.division_id WHERE (d.name = '여자부') <> (p.gender = 'F')`),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM (SELECT player_id FROM team_players GROUP BY player_id HAVING count(DISTINCT team_id) > 1)`,
      ),
    ).toBeGreaterThanOrEqual(5);
    expect(count(`SELECT count(*) FROM team_players WHERE to_date IS NOT NULL`)).toBeGreaterThan(
      20,
    );
    const perTeam = all(
      `SELECT team_id, count(*) n FROM team_players WHERE to_date IS NULL GROUP BY team_id`,
    ).map((r) => Number(r.n));
    expect(Math.min(...perTeam)).toBeGreaterThanOrEqual(15);
    expect(
      count(
        `SELECT count(DISTINCT team_id) FROM team_coaches WHERE role = '감독' AND to_date IS NULL`,
      ),
    ).toBe(count(`SELECT count(*) FROM teams`));
    expect(count(`SELECT count(*) FROM team_coaches WHERE role = '코치'`)).toBeGreaterThanOrEqual(
      24,
    );
  });

  it('has leagues in every season with rosters and staff', () => {
    const leagues = all(
      `SELECT l.id, s.year, l.division_id, l.status, l.name FROM leagues l JOIN seasons s ON s.id = l.season_id`,
    );
    expect(leagues.length).toBeGreaterThanOrEqual(6);
    expect(new Set(leagues.map((l) => l.division_id)).size).toBeGreaterThanOrEqual(3);
    for (const year of [2024, 2025, 2026])
      expect(leagues.filter((l) => l.year === year).length).toBeGreaterThanOrEqual(2);
    for (const l of leagues) {
      expect(l.status).toBe(l.year === 2026 ? 'ongoing' : 'finished');
      const teams = count(`SELECT count(*) FROM league_teams WHERE league_id = ?`, Number(l.id));
      expect(teams).toBeGreaterThanOrEqual(4);
      expect(teams).toBeLessThanOrEqual(8);
      const registration = one(
        `SELECT min(registered_on) d FROM league_players WHERE league_id = ?`,
        Number(l.id),
      ).d as string;
      expect(
        registration <
          String(one(`SELECT start_date FROM leagues WHERE id = ?`, Number(l.id)).start_date),
      ).toBe(true);
      for (const t of all(`SELECT team_id FROM league_teams WHERE league_id = ?`, Number(l.id))) {
        expect(
          count(
            `SELECT count(*) FROM league_players WHERE league_id = ? AND team_id = ? AND status = 'active'`,
            Number(l.id),
            Number(t.team_id),
          ),
        ).toBeGreaterThanOrEqual(12);
        expect(
          count(
            `SELECT count(*) FROM league_coaches WHERE league_id = ? AND team_id = ? AND role = '감독'`,
            Number(l.id),
            Number(t.team_id),
          ),
        ).toBe(1);
      }
    }
    expect(
      count(`SELECT count(*) FROM league_players WHERE status = 'suspended'`),
    ).toBeGreaterThanOrEqual(2);
    expect(
      count(`SELECT count(*) FROM league_players WHERE status = 'released'`),
    ).toBeGreaterThanOrEqual(2);
  });

  it('has games of every status on plausible dates', () => {
    expect(count(`SELECT count(*) FROM games`)).toBeGreaterThanOrEqual(200);
    expect(count(`SELECT count(*) FROM games WHERE status = 'final'`)).toBeGreaterThanOrEqual(150);
    for (const status of ['postponed', 'cancelled', 'forfeit', 'scheduled']) {
      expect(count(`SELECT count(*) FROM games WHERE status = ?`, status)).toBeGreaterThanOrEqual(
        2,
      );
    }
    expect(
      count(`SELECT count(*) FROM games WHERE status = 'scheduled' AND game_date <= ?`, DEMO_TODAY),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM games WHERE status <> 'scheduled' AND game_date > ?`,
        PLAYED_THROUGH,
      ),
    ).toBe(0);
    expect(
      count(`SELECT count(*) FROM games g JOIN leagues l ON l.id = g.league_id JOIN seasons s ON s.id = l.season_id
      WHERE s.year < 2026 AND g.status = 'scheduled'`),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM games WHERE game_date NOT GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' OR game_time NOT GLOB '[0-2][0-9]:[0-5][0-9]' OR venue = '' OR round = ''`,
      ),
    ).toBe(0);
    const weekend = count(
      `SELECT count(*) FROM games WHERE strftime('%w', game_date) IN ('0', '6')`,
    );
    expect(weekend / count(`SELECT count(*) FROM games`)).toBeGreaterThan(0.9);
    expect(
      count(
        `SELECT count(*) FROM games WHERE status IN ('postponed', 'cancelled', 'scheduled') AND (home_score IS NOT NULL OR away_score IS NOT NULL)`,
      ),
    ).toBe(0);
    for (const g of all(`SELECT * FROM games WHERE status = 'forfeit'`)) {
      expect([g.home_score, g.away_score].sort()).toEqual([0, 7]);
      expect(g.forfeit_winner_team_id).toBe(
        Number(g.home_score) === 7 ? g.home_team_id : g.away_team_id,
      );
    }
    expect(
      count(
        `SELECT count(*) FROM game_batting b JOIN games g ON g.id = b.game_id WHERE g.status <> 'final'`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM game_pitching p JOIN games g ON g.id = p.game_id WHERE g.status <> 'final'`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM game_innings i JOIN games g ON g.id = i.game_id WHERE g.status <> 'final'`,
      ),
    ).toBe(0);
  });

  it('has box scores that add up for every finished game', () => {
    const games = all(
      `SELECT g.*, l.ties_allowed FROM games g JOIN leagues l ON l.id = g.league_id WHERE g.status = 'final'`,
    );
    const innings = Map.groupBy(
      all(`SELECT * FROM game_innings ORDER BY game_id, inning, half DESC`),
      (r) => r.game_id,
    );
    const batting = Map.groupBy(all(`SELECT * FROM game_batting`), (r) => r.game_id);
    const pitching = Map.groupBy(all(`SELECT * FROM game_pitching`), (r) => r.game_id);
    const sum = (rows: readonly Row[], key: string) => rows.reduce((s, r) => s + Number(r[key]), 0);
    for (const g of games) {
      const halves = innings.get(g.id) ?? [];
      const tops = halves.filter((h) => h.half === 'top');
      const bottoms = halves.filter((h) => h.half === 'bottom');
      const ip = Number(g.innings_played);
      expect(tops.length, `game ${g.id}`).toBe(ip);
      expect(Math.max(...halves.map((h) => Number(h.inning)))).toBe(ip);
      expect([ip, ip - 1]).toContain(bottoms.length);
      if (bottoms.length === ip - 1)
        expect(Number(g.home_score)).toBeGreaterThan(Number(g.away_score));
      expect(sum(tops, 'runs')).toBe(g.away_score);
      expect(sum(bottoms, 'runs')).toBe(g.home_score);
      if (g.home_score === g.away_score) expect(g.ties_allowed).toBe(1);

      const bat = batting.get(g.id) ?? [];
      const pit = pitching.get(g.id) ?? [];
      for (const [teamId, opponentId, score, halvesBatted] of [
        [g.away_team_id, g.home_team_id, g.away_score, tops],
        [g.home_team_id, g.away_team_id, g.home_score, bottoms],
      ] as const) {
        const lines = bat.filter((b) => b.team_id === teamId);
        const against = pit.filter((p) => p.team_id === opponentId);
        expect(sum(lines, 'r')).toBe(score);
        expect(sum(against, 'r')).toBe(score);
        for (const key of ['h', 'bb', 'hbp', 'so', 'hr'])
          expect(sum(against, key), `${key} in game ${g.id}`).toBe(sum(lines, key));
        expect(sum(against, 'bf')).toBe(sum(lines, 'pa'));
        const outs = sum(against, 'outs');
        if (teamId === g.away_team_id || outs === 3 * halvesBatted.length) {
          expect(outs).toBe(3 * halvesBatted.length);
        } else {
          // A walk-off (or a run-ahead reached in the bottom half) ends the game before three outs.
          expect(outs).toBeGreaterThanOrEqual(3 * halvesBatted.length - 3);
          expect(Number(g.home_score)).toBeGreaterThan(Number(g.away_score));
          expect(bottoms.length).toBe(ip);
        }
        for (const l of lines)
          expect(l.pa).toBe(
            Number(l.ab) + Number(l.bb) + Number(l.hbp) + Number(l.sh) + Number(l.sf),
          );
        for (const p of against) expect(Number(p.er)).toBeLessThanOrEqual(Number(p.r));
        const starters = lines
          .filter((l) => l.seq === 1)
          .map((l) => Number(l.batting_order))
          .sort((a, b) => a - b);
        expect([9, 10]).toContain(starters.length);
        expect(starters).toEqual(Array.from({ length: starters.length }, (_, i) => i + 1));
        expect(against.length).toBeGreaterThanOrEqual(1);
      }

      const decisions = (d: string) => pit.filter((p) => p.decision === d);
      if (g.home_score === g.away_score) {
        expect([g.win_pitcher_id, g.loss_pitcher_id, g.save_pitcher_id]).toEqual([
          null,
          null,
          null,
        ]);
        expect(decisions('W').length + decisions('L').length + decisions('S').length).toBe(0);
      } else {
        const winner =
          Number(g.home_score) > Number(g.away_score) ? g.home_team_id : g.away_team_id;
        expect(decisions('W').map((p) => [p.player_id, p.team_id])).toEqual([
          [g.win_pitcher_id, winner],
        ]);
        expect(decisions('L')).toHaveLength(1);
        expect(decisions('L')[0].player_id).toBe(g.loss_pitcher_id);
        expect(decisions('L')[0].team_id).not.toBe(winner);
        expect(decisions('S').map((p) => [p.player_id, p.team_id])).toEqual(
          g.save_pitcher_id === null ? [] : [[g.save_pitcher_id, winner]],
        );
      }
      expect(g.mvp_player_id).not.toBeNull();
      expect([...bat, ...pit].map((r) => r.player_id)).toContain(g.mvp_player_id);
    }
  });

  it('lists 병살타, 결승타 and the inning of every listed event, as a scorer would', () => {
    const games = new Map(
      all(`SELECT * FROM games WHERE status = 'final'`).map((g) => [g.id, g] as const),
    );
    const lines = all(`SELECT * FROM game_batting`);
    const gwrbi = new Map<unknown, number>();
    let gidp = 0;
    for (const l of lines) {
      const g = games.get(l.game_id)!;
      for (const event of ['hr', 'b2', 'b3', 'sb', 'e', 'gidp']) {
        const innings = String(l[`${event}_innings`]).split(',').filter(Boolean).map(Number);
        expect(innings, `${event} of line ${l.id}`).toHaveLength(Number(l[event]));
        for (const inning of innings) expect(inning).toBeLessThanOrEqual(Number(g.innings_played));
      }
      expect(Number(l.gidp)).toBeLessThanOrEqual(Number(l.ab) - Number(l.h));
      gidp += Number(l.gidp);
      if (l.gwrbi === 1) {
        const winner =
          Number(g.home_score) > Number(g.away_score) ? g.home_team_id : g.away_team_id;
        expect(g.home_score).not.toBe(g.away_score);
        expect(l.team_id).toBe(winner);
        expect(Number(l.rbi)).toBeGreaterThan(0);
        gwrbi.set(l.game_id, (gwrbi.get(l.game_id) ?? 0) + 1);
      }
    }
    expect(Math.max(...gwrbi.values())).toBe(1);
    // most decided games have one (a winning run may also score on an error or a double play)
    const decided = [...games.values()].filter((g) => g.home_score !== g.away_score).length;
    expect(gwrbi.size).toBeGreaterThan(decided * 0.6);
    expect(gidp).toBeGreaterThan(games.size / 2);
  });

  it('lets only eligible rostered players play', () => {
    const ineligible = count(`
      SELECT count(*) FROM (
        SELECT g.id, g.league_id, g.game_date, x.team_id, x.player_id FROM games g
        JOIN (SELECT game_id, team_id, player_id FROM game_batting UNION ALL SELECT game_id, team_id, player_id FROM game_pitching) x ON x.game_id = g.id
      ) p
      WHERE NOT EXISTS (SELECT 1 FROM league_players lp WHERE lp.league_id = p.league_id AND lp.team_id = p.team_id
        AND lp.player_id = p.player_id AND lp.status = 'active' AND lp.registered_on <= p.game_date)`);
    expect(ineligible).toBe(0);
    // The mid-season signings exist and played only after registering.
    expect(
      count(
        `SELECT count(*) FROM league_players lp JOIN leagues l ON l.id = lp.league_id WHERE lp.registered_on > l.start_date`,
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('records final ranks and awards for finished leagues', () => {
    for (const l of all(`SELECT id FROM leagues WHERE status = 'finished'`)) {
      const teams = count(`SELECT count(*) FROM league_teams WHERE league_id = ?`, Number(l.id));
      const ranks = all(
        `SELECT rank FROM league_results WHERE league_id = ? ORDER BY rank`,
        Number(l.id),
      ).map((r) => r.rank);
      expect(ranks).toHaveLength(teams);
      expect(ranks[0]).toBe(1);
      const awards = all(
        `SELECT award_name, player_id, team_id FROM league_awards WHERE league_id = ?`,
        Number(l.id),
      );
      expect(awards.map((a) => a.award_name)).toEqual(
        expect.arrayContaining(['최우수선수상', '타격상', '홈런상', '최우수투수상', '감독상']),
      );
      expect(awards.find((a) => a.award_name === '감독상')!.team_id).toBe(
        one(`SELECT team_id FROM league_results WHERE league_id = ? AND rank = 1`, Number(l.id))
          .team_id,
      );
    }
    expect(
      count(
        `SELECT count(*) FROM league_results r JOIN leagues l ON l.id = r.league_id WHERE l.status <> 'finished'`,
      ),
    ).toBe(0);
  });

  it('has notices over three years', () => {
    const notices = all(`SELECT * FROM notices ORDER BY wr_id`);
    expect(notices.length).toBeGreaterThanOrEqual(25);
    expect(notices.every((n) => n.author_name === '사무국')).toBe(true);
    expect(notices.filter((n) => n.pinned === 1).length).toBeGreaterThanOrEqual(2);
    expect(new Set(notices.map((n) => String(n.created_at).slice(0, 4)))).toEqual(
      new Set(['2024', '2025', '2026']),
    );
    expect(notices.every((n) => !Number.isNaN(Date.parse(String(n.created_at))))).toBe(true);
    expect(
      notices.filter((n) => /^## /m.test(String(n.body)) && /^(- |1\. )/m.test(String(n.body)))
        .length,
    ).toBeGreaterThanOrEqual(20);
    expect(
      notices.filter((n) => /\[[^\]]+\]\([^)]+\)/.test(String(n.body))).length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('creates the demo accounts with their roles', async () => {
    const grade = (email: string) =>
      one(
        `SELECT m.grade FROM league_managers m JOIN users u ON u.id = m.user_id WHERE u.email = ?`,
        email,
      )?.grade;
    expect(grade('league1@sbsa.kr')).toBe(1);
    expect(grade('league2@sbsa.kr')).toBe(2);
    expect(grade('scorer@sbsa.kr')).toBe(3);
    expect(
      one(
        `SELECT t.name FROM team_managers tm JOIN users u ON u.id = tm.user_id JOIN teams t ON t.id = tm.team_id WHERE u.email = 'team@sbsa.kr'`,
      ).name,
    ).toBe('서울 블루윙즈');
    expect(count(`SELECT count(*) FROM users WHERE is_admin = 1`)).toBe(0);
    expect(count(`SELECT count(*) FROM players WHERE user_id IS NOT NULL`)).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      count(`SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM league_managers m WHERE m.user_id = u.id) AND NOT EXISTS (SELECT 1 FROM team_managers t WHERE t.user_id = u.id)`),
    ).toBeGreaterThanOrEqual(2);
    const { password_hash: hash } = one(
      `SELECT password_hash FROM users WHERE email = 'scorer@sbsa.kr'`,
    );
    expect(await verifyPassword(String(hash), DEMO_PASSWORD)).toBe(true);
    expect(count(`SELECT count(DISTINCT password_hash) FROM users`)).toBe(1);
  });
});
