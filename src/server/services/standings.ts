import type { Db } from '../db/database.ts';
import { getLeague } from './games.ts';
import { freshReads } from '../read/memo.ts';
import { readLeagueStandings } from '../read/standings.ts';
import { formatGamesBehind, formatPct } from '../../lib/stats/index.ts';
import type { StandingsTable } from '../../lib/schemas/result.ts';

/**
 * The API's standings: the read model's table (src/server/read/standings.ts, the one place they
 * are computed, regular season only), in the API's shape.
 */
export async function leagueStandings(db: Db, leagueId: number): Promise<StandingsTable> {
  await getLeague(db, leagueId); // 404 in Korean for an unknown league
  const standings = await readLeagueStandings(freshReads(db), leagueId);
  return {
    leagueId,
    leagueName: standings.league.name,
    rankingMethod: standings.league.rankingMethod,
    rankingLabel: standings.methodLabel,
    tieBreakers: standings.tieBreakerLabels,
    rows: standings.rows.map((row) => ({
      rank: row.rank,
      teamId: row.team.id,
      teamName: row.team.name,
      teamShortName: row.team.shortName,
      g: row.g,
      w: row.w,
      l: row.l,
      d: row.d,
      pct: row.pct,
      pctText: formatPct(row.pctExact),
      points: row.points,
      gb: row.gb,
      gbText: formatGamesBehind(row.gb),
      rs: row.rs,
      ra: row.ra,
      streak: row.streak,
      last10: row.last10,
      tieNote: row.tieNote ?? null,
    })),
  };
}
