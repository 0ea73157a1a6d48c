import type { TeamRef } from '../../server/read/types.ts';

/**
 * The name each team goes by in a table of one league, by team id: its short name, or its full
 * name when another team of the table shows the same short name (decision 136). The short name
 * keeps the key figures on a phone's screen; two teams may still share one, or one team's short
 * name be another's name when it has none.
 */
export function teamLabels(teams: readonly TeamRef[]): Map<number, string> {
  const shown = new Map<string, number>();
  for (const team of teams) shown.set(team.shortName, (shown.get(team.shortName) ?? 0) + 1);
  return new Map(
    teams.map((team) => [team.id, shown.get(team.shortName)! > 1 ? team.name : team.shortName]),
  );
}
