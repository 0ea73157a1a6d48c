import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import { seedDemo } from '../db/seed/demo-seed.ts';
import { openReadOnlyDb } from '../db/read-snapshot.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { readRouteIndex } from './route-index.ts';
import { readBoxScore } from './box-score.ts';
import { readPlayerCareer, readPlayerGameLog } from './player.ts';
import { readLeagueStandings } from './standings.ts';
import { readLeagueLeaders } from './leaders.ts';
import { REGULAR_SEASON, readLeagueBatters, readLeaguePitchers } from './player-lines.ts';
import { readTeamSeason } from './teams.ts';
import { readBoxSeasonRates } from './box-season-rates.ts';
import {
  BATTING_KEYS,
  battingFractions,
  decisionCounts,
  pitchingFractions,
  sumBatting,
  sumPitching,
} from '../../lib/stats/index.ts';
import type { PitchingDecision } from '../../lib/stats/index.ts';

let dir: string;
let db: Db;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-read-'));
  const file = join(dir, 'demo.sqlite');
  const seeded = openDatabase(file);
  await seedDemo(seeded.db);
  seeded.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  await seeded.close();
  ({ db, close } = openReadOnlyDb(file));
});
afterAll(() => {
  close?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('build reads on the demo data', () => {
  it('cannot write: the build opens the database read-only', async () => {
    await expect(
      db.insertInto('divisions').values({ main_id: 1, name: '쓰기 시험' }).execute(),
    ).rejects.toThrow();
  });

  it('indexes one active season and pages for every game', async () => {
    const index = await readRouteIndex(db);
    expect(index.site.seasons.filter((s) => s.active)).toHaveLength(1);
    const games = await db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(index.games).toHaveLength(Number(games.n));
    expect(index.seasonPlayers.length).toBeGreaterThan(index.players.length - 1);
  });

  it("gives box scores that add up: line score = score = batters' runs", async () => {
    const finals = await db
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'final')
      .limit(20)
      .execute();
    for (const { id } of finals) {
      const box = await readBoxScore(db, id);
      for (const [side, key] of [
        [box.away, 'away'],
        [box.home, 'home'],
      ] as const) {
        const lineRuns = box.innings.reduce((n, i) => n + (i[key] ?? 0), 0);
        expect(lineRuns).toBe(side.runs);
        expect(side.battingTotal.r).toBe(side.runs);
      }
      expect(box.away.pitchingTotal.r).toBe(box.home.runs);
    }
  });

  it("sums a player's career from his season lines, which sum his game log", async () => {
    const index = await readRouteIndex(db);
    const batter = await db
      .selectFrom('game_batting')
      .select('player_id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { playerId, seasonId } = index.seasonPlayers.find(
      (p) => p.playerId === batter.player_id,
    )!;
    const { regular, postseason } = await readPlayerCareer(db, playerId);
    expect(regular.careerBatting?.line).toEqual(sumBatting(regular.batting.map((s) => s.line)));
    const log = await readPlayerGameLog(db, playerId, seasonId);
    const seasonLines = [...regular.batting, ...postseason.batting].filter(
      (s) => s.seasonId === seasonId,
    );
    expect(sumBatting(log.flatMap((g) => (g.batting ? [g.batting] : [])))).toEqual(
      sumBatting(seasonLines.map((s) => s.line)),
    );
  });

  it('ranks every team of a league and lists qualified leaders only for rates', async () => {
    const index = await readRouteIndex(db);
    const league = index.leagues.find((l) => l.seasonId === index.site.active.id)!;
    const standings = await readLeagueStandings(db, league.id);
    expect(standings.rows).toHaveLength(
      index.leagueTeams.filter((lt) => lt.leagueId === league.id).length,
    );
    const leaders = await readLeagueLeaders(db, league.id, 5);
    const avg = leaders.batting.find((b) => b.key === 'avg')!;
    expect(avg.qualified).toBe('규정 타석');
    const batters = await readLeagueBatters(db, league.id);
    for (const entry of avg.entries) {
      const line = batters.find(
        (b) => b.player.id === entry.player.id && b.team.id === entry.team.id,
      )!;
      expect(line.line.pa).toBeGreaterThanOrEqual(
        standings.league.qualifyPaPerGame *
          standings.rows.find((r) => r.team.id === entry.team.id)!.g -
          1e-9,
      );
    }
  });

  it("totals each player's game lines as sumBatting and sumPitching add them, games counted once", async () => {
    const index = await readRouteIndex(db);
    const league = index.leagues.find((l) => l.seasonId === index.site.active.id)!;
    const counted = <T extends 'game_batting' | 'game_pitching'>(table: T) =>
      db
        .selectFrom('games as g')
        .innerJoin(`${table} as x` as 'game_batting as x', 'x.game_id', 'g.id')
        .selectAll('x')
        .where('g.league_id', '=', league.id)
        .where('g.status', '=', 'final')
        .where('g.stage', '=', REGULAR_SEASON)
        .execute() as Promise<Selectable<Database[T]>[]>;
    const byPlayer = <T extends { team_id: number; player_id: number }>(rows: T[]) => {
      const groups = new Map<string, T[]>();
      for (const r of rows) {
        const k = `${r.team_id}:${r.player_id}`;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      return groups;
    };
    const batting = byPlayer(await counted('game_batting'));
    const batters = await readLeagueBatters(db, league.id);
    expect(batters).toHaveLength(batting.size);
    for (const b of batters) {
      const lines = batting.get(`${b.team.id}:${b.player.id}`)!;
      expect(b.line).toEqual(sumBatting(lines));
      expect(b.games).toBe(new Set(lines.map((l) => l.game_id)).size);
    }
    expect(BATTING_KEYS.every((k) => batters.some((b) => b.line[k] > 0))).toBe(true);
    const pitching = byPlayer(await counted('game_pitching'));
    const pitchers = await readLeaguePitchers(db, league.id);
    expect(pitchers).toHaveLength(pitching.size);
    for (const p of pitchers) {
      const lines = pitching.get(`${p.team.id}:${p.player.id}`)!;
      expect(p.line).toEqual(
        sumPitching(
          lines.map((l) => ({ ...l, ...decisionCounts(l.decision as PitchingDecision | null) })),
        ),
      );
    }
    // the decision sums are checked on real decisions, not on zeros alone
    for (const key of ['w', 'l', 'sv'] as const)
      expect(
        pitchers.some((p) => p.line[key] > 0),
        key,
      ).toBe(true);
  });

  it("gives each box score its players' season AVG and ERA over the league's games up to its date", async () => {
    const games = await db
      .selectFrom('games as g')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .select(['g.id', 'g.league_id', 'g.game_date', 'g.stage', 'l.era_basis'])
      .where('g.status', '=', 'final')
      .execute();
    let checked = 0;
    for (const game of games) {
      const rates = await readBoxSeasonRates(db, game.id);
      // the same games as the rates: this league, same part of the season, up to this date
      const sameGames = (
        await db
          .selectFrom('games')
          .select('id')
          .where('league_id', '=', game.league_id)
          .where('status', '=', 'final')
          .where('game_date', '<=', game.game_date)
          .where((eb) =>
            game.stage === REGULAR_SEASON
              ? eb('stage', '=', REGULAR_SEASON)
              : eb('stage', '!=', REGULAR_SEASON),
          )
          .execute()
      ).map((g) => g.id);
      const [batters, pitchers] = await Promise.all([
        db.selectFrom('game_batting').selectAll().where('game_id', 'in', sameGames).execute(),
        db.selectFrom('game_pitching').selectAll().where('game_id', 'in', sameGames).execute(),
      ]);
      // the game is final, so its own lines are among them
      const ownIds = (lines: { game_id: number; player_id: number }[]) =>
        lines.filter((l) => l.game_id === game.id).map((l) => l.player_id);
      const linesOf = <L extends { player_id: number }>(lines: L[], id: number) =>
        lines.filter((l) => l.player_id === id);
      for (const id of ownIds(batters)) {
        expect(rates.avg.get(id), `game ${game.id} batter ${id}`).toEqual(
          battingFractions(sumBatting(linesOf(batters, id))).avg,
        );
        checked++;
      }
      for (const id of ownIds(pitchers))
        expect(rates.era.get(id), `game ${game.id} pitcher ${id}`).toEqual(
          pitchingFractions(sumPitching(linesOf(pitchers, id)), game.era_basis).era,
        );
      expect(rates.players).toEqual(
        [...new Set([...ownIds(batters), ...ownIds(pitchers)])].sort((a, b) => a - b),
      );
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("gives each team its roster and its own players' lines", async () => {
    const index = await readRouteIndex(db);
    const t = index.seasonTeams.find((x) => x.seasonId === index.site.active.id)!;
    const season = await readTeamSeason(db, t.seasonId, t.teamId);
    expect(season.leagues.length).toBeGreaterThan(0);
    for (const l of season.leagues) {
      expect(l.roster.length).toBeGreaterThan(0);
      expect(l.batters.every((b) => b.team.id === t.teamId)).toBe(true);
    }
  });
});
