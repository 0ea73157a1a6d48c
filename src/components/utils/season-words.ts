/**
 * A league named with its season, without saying the year twice: league names usually carry the
 * year already ('2026 여자부 리그'), so '2026 시즌 2026 여자부 리그' becomes '2026 여자부 리그'.
 */
export function leagueWithSeason(
  season: { name: string; year: number },
  leagueName: string,
): string {
  return leagueName.includes(String(season.year)) ? leagueName : `${season.name} ${leagueName}`;
}
