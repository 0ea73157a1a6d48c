import type { Db } from '../db/database.ts';
import { memoByDb } from './memo.ts';
import { tracked } from './read-deps.ts';
import type { AssociationInfo, SeasonInfo } from './types.ts';
import { DEFAULT_ASSOCIATION } from '../db/default-association.ts';

/** The association, its seasons (newest first) and the one the spec routes show. */
export interface SiteInfo {
  association: AssociationInfo;
  seasons: SeasonInfo[];
  active: SeasonInfo;
}

const NO_ASSOCIATION: AssociationInfo = { id: 0, ...DEFAULT_ASSOCIATION };
// An empty database still builds every spec route, showing that nothing is there yet.
const NO_SEASON: SeasonInfo = { id: 0, name: '시즌 없음', year: 0, active: true };

/** Reads the sbsa association and its seasons; the newest season stands in if none is marked active. */
export const readSite = memoByDb(
  async (db: Db): Promise<SiteInfo> => {
    const main = await db
      .selectFrom('league_main')
      .select(['id', 'path', 'name', 'short_name'])
      .where('path', '=', DEFAULT_ASSOCIATION.path)
      .executeTakeFirst();
    const association = main
      ? { id: main.id, path: main.path, name: main.name, shortName: main.short_name }
      : NO_ASSOCIATION;
    const rows = main
      ? await db
          .selectFrom('seasons')
          .select(['id', 'name', 'year', 'active'])
          .where('main_id', '=', main.id)
          .orderBy('year', 'desc')
          .orderBy('id', 'desc')
          .execute()
      : [];
    let seasons: SeasonInfo[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      year: row.year,
      active: row.active === 1,
    }));
    if (seasons.length === 0) seasons = [NO_SEASON];
    if (!seasons.some((season) => season.active)) seasons[0] = { ...seasons[0], active: true };
    return { association, seasons, active: seasons.find((season) => season.active)! };
  },
  () => ['site'],
);

/** A season of the site by id; throws for an unknown id, which would be a build bug. */
export const readSeason = tracked(
  async (db: Db, seasonId: number): Promise<SeasonInfo> => {
    const site = await readSite(db);
    const season = site.seasons.find((s) => s.id === seasonId);
    if (!season) throw new Error(`unknown season ${seasonId}`);
    return season;
  },
  () => ['site'],
);
