import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { seedDemo } from '../db/seed/demo-seed.ts';
import { openReadOnlyDb } from './build-db.ts';
import { readPageKeys } from './page-keys.ts';
import type { PageKeys } from './page-keys.ts';
import { readRouteIndex } from './route-index.ts';
import type { RouteIndex } from './route-index.ts';

let dir: string;
let file: string;
let writer: OpenedDatabase;

/** The keys and route index of a fresh build snapshot (a new read-only connection, as each build has). */
async function snapshot(): Promise<{ keys: PageKeys; index: RouteIndex; close(): void }> {
  const { db, close } = openReadOnlyDb(file);
  return { keys: await readPageKeys(db), index: await readRouteIndex(db), close };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-keys-'));
  file = join(dir, 'demo.sqlite');
  writer = openDatabase(file);
  await seedDemo(writer.db);
});
afterAll(async () => {
  await writer?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('page cache keys', () => {
  it('are the same for the same data', async () => {
    const a = await snapshot();
    const b = await snapshot();
    const game = a.index.games[0];
    expect(b.keys.game(game.id)).toBe(a.keys.game(game.id));
    expect(b.keys.player(a.index.players[0])).toBe(a.keys.player(a.index.players[0]));
    expect(b.keys.home(a.index.site.active.id)).toBe(a.keys.home(a.index.site.active.id));
    a.close();
    b.close();
  });

  it('change for exactly the pages one game record touches', async () => {
    const before = await snapshot();
    const idx = before.index;
    const active = idx.site.active.id;
    const game = await writer.db
      .selectFrom('games as g')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .select(['g.id', 'g.league_id', 'g.home_team_id', 'g.away_team_id', 'l.season_id'])
      .where('g.status', '=', 'final')
      .where('l.season_id', '=', active)
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    const line = await writer.db
      .selectFrom('game_batting')
      .select(['id', 'player_id'])
      .where('game_id', '=', game.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inGame = new Set(
      (
        await writer.db
          .selectFrom('game_batting')
          .select('player_id')
          .where('game_id', '=', game.id)
          .union(
            writer.db
              .selectFrom('game_pitching')
              .select('player_id')
              .where('game_id', '=', game.id),
          )
          .execute()
      ).map((r) => r.player_id),
    );

    const sameLeagueGame = idx.games.find(
      (g) => g.leagueId === game.league_id && g.id !== game.id,
    )!;
    const otherLeague = idx.leagues.find((l) => l.id !== game.league_id)!;
    const otherLeagueGame = idx.games.find((g) => g.leagueId === otherLeague.id)!;
    const otherSeason = idx.site.seasons.find((s) => s.id !== active)!;
    const bystanderTeam = idx.leagueTeams.find(
      (lt) =>
        lt.leagueId === game.league_id &&
        lt.teamId !== game.home_team_id &&
        lt.teamId !== game.away_team_id,
    )!;
    const bystander = idx.players.find((p) => !inGame.has(p))!;

    await writer.db
      .updateTable('game_batting')
      .set((eb) => ({ sb: eb('sb', '+', 1) }))
      .where('id', '=', line.id)
      .execute();
    const after = await snapshot();
    const k0 = before.keys;
    const k1 = after.keys;

    // touched: the box score, its league's pages, the season's lists and home, both teams, every player in it
    expect(k1.game(game.id)).not.toBe(k0.game(game.id));
    expect(k1.league(game.league_id)).not.toBe(k0.league(game.league_id));
    expect(k1.season(active)).not.toBe(k0.season(active));
    expect(k1.home(active)).not.toBe(k0.home(active));
    expect(k1.teamSeason(active, game.home_team_id)).not.toBe(
      k0.teamSeason(active, game.home_team_id),
    );
    expect(k1.teamSeason(active, game.away_team_id)).not.toBe(
      k0.teamSeason(active, game.away_team_id),
    );
    for (const playerId of inGame)
      expect(k1.player(playerId), `player ${playerId}`).not.toBe(k0.player(playerId));

    // untouched: other games, leagues, seasons, teams, players, notices
    expect(k1.game(sameLeagueGame.id)).toBe(k0.game(sameLeagueGame.id));
    expect(k1.game(otherLeagueGame.id)).toBe(k0.game(otherLeagueGame.id));
    expect(k1.league(otherLeague.id)).toBe(k0.league(otherLeague.id));
    expect(k1.season(otherSeason.id)).toBe(k0.season(otherSeason.id));
    expect(k1.home(otherSeason.id)).toBe(k0.home(otherSeason.id));
    expect(k1.teamSeason(active, bystanderTeam.teamId)).toBe(
      k0.teamSeason(active, bystanderTeam.teamId),
    );
    expect(k1.player(bystander)).toBe(k0.player(bystander));
    expect(k1.noticeList()).toBe(k0.noticeList());
    expect(k1.notice(idx.notices[0])).toBe(k0.notice(idx.notices[0]));
    before.close();
    after.close();
  });

  it('change for a player who leaves a box score, and for notices and the site frame', async () => {
    const before = await snapshot();
    const k0 = before.keys;
    const idx = before.index;
    const line = await writer.db
      .selectFrom('game_batting')
      .select(['id', 'game_id', 'player_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await writer.db.deleteFrom('game_batting').where('id', '=', line.id).execute();
    const notice = idx.notices[0];
    await writer.db
      .updateTable('notices')
      .set({ title: '제목 바꿈' })
      .where('wr_id', '=', notice)
      .execute();
    let after = await snapshot();
    expect(after.keys.player(line.player_id)).not.toBe(k0.player(line.player_id));
    expect(after.keys.game(line.game_id)).not.toBe(k0.game(line.game_id));
    expect(after.keys.notice(notice)).not.toBe(k0.notice(notice));
    expect(after.keys.noticeList()).not.toBe(k0.noticeList());
    expect(after.keys.home(idx.site.active.id)).not.toBe(k0.home(idx.site.active.id));
    after.close();

    // views change on every read of a notice through the API; no page shows them
    const mid = await snapshot();
    await writer.db
      .updateTable('notices')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('wr_id', '=', notice)
      .execute();
    after = await snapshot();
    expect(after.keys.notice(notice)).toBe(mid.keys.notice(notice));
    mid.close();

    // a team's name is on pages everywhere (menus, schedules, box scores): everything changes
    const team = idx.seasonTeams[0].teamId;
    await writer.db
      .updateTable('teams')
      .set({ name: '새 이름 팀' })
      .where('id', '=', team)
      .execute();
    const renamed = await snapshot();
    const otherGame = idx.games.find((g) => g.id !== line.game_id)!;
    expect(renamed.keys.game(otherGame.id)).not.toBe(after.keys.game(otherGame.id));
    expect(renamed.keys.notice(notice)).not.toBe(after.keys.notice(notice));
    after.close();
    renamed.close();
    before.close();
  });
});
