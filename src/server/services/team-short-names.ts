import type { Tx } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { normalizeName } from '../sheets/sheet-cells.ts';

/**
 * Refuses (409, Korean) when two teams of one of the given leagues share a short name, compared the
 * way schedule files match names (spaces, dots and case ignored). Called inside the write's
 * transaction after the change, so a refusal undoes it: a schedule file names teams by short name
 * and must find exactly one.
 */
export async function assertShortNamesUnique(
  tx: Tx,
  leagueIds: readonly number[],
  field: 'shortName' | 'teamIds',
): Promise<void> {
  if (leagueIds.length === 0) return;
  const rows = await tx
    .selectFrom('league_teams')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .innerJoin('leagues', 'leagues.id', 'league_teams.league_id')
    .select(['league_teams.league_id', 'leagues.name as league', 'teams.name', 'teams.short_name'])
    .where('league_teams.league_id', 'in', leagueIds)
    .orderBy('teams.id')
    .execute();
  const seen = new Map<string, string>();
  for (const row of rows) {
    const key = normalizeName(row.short_name);
    if (key === '') continue;
    const other = seen.get(`${row.league_id}:${key}`);
    if (other !== undefined) {
      const message = `${row.league}에서 ${other} 팀과 ${row.name} 팀의 약칭(${row.short_name})이 같습니다. 한 리그의 팀 약칭은 서로 달라야 합니다.`;
      throw new ApiError(409, message, { [field]: message });
    }
    seen.set(`${row.league_id}:${key}`, row.name);
  }
}
