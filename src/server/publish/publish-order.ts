import { menuSectionOf, seasonIdOfPath, teamIdOfTeamPage } from '../../lib/paths.ts';

/**
 * Which pages of a change go live first (docs/decisions/110). A saved record changes about a
 * hundred pages on the demo; fans open a few of them right after the game. Those are rendered and
 * switched live first, the rest in a second switch a moment later:
 *
 * - first: the current season's HTML pages (box scores, standings, schedules, team and player
 *   pages, the home page), of a team's own pages (its player list, its schedule) only those of
 *   the teams the change is about when it names any (the two teams of a saved game: the other
 *   teams' pages read the league's games but seldom change with one of them; decision 131);
 * - then: the season's leaderboards (`records/`, each one a pass over the whole league), past
 *   seasons' copies (`season/N/`, where a record changes only a career table), the other teams'
 *   own pages, calendars and data files.
 *
 * A change of fewer than `SPLIT_MIN` pages goes in one switch: a second manifest costs more than
 * it saves.
 */
export const SPLIT_MIN = 40;

/** Whether a file of a build ('sbsa/result/game/3/41/index.html') goes live in the first switch. */
function isFirst(file: string, teams: ReadonlySet<number>): boolean {
  const path = `/${file}`;
  if (!file.endsWith('.html') || seasonIdOfPath(path) !== null || menuSectionOf(path) === 'records')
    return false;
  const team = teams.size === 0 ? null : teamIdOfTeamPage(path);
  return team === null || teams.has(team);
}

/**
 * The files of a change in the order they go live: one group, or the first pages and the rest.
 * `teams` are the teams the change is about (expandChange), none when it names no team.
 */
export function publishOrder(
  files: readonly string[],
  teams: ReadonlySet<number> = new Set(),
): string[][] {
  if (files.length < SPLIT_MIN) return [[...files]];
  const first: string[] = [];
  const rest: string[] = [];
  for (const file of files) (isFirst(file, teams) ? first : rest).push(file);
  return first.length === 0 || rest.length === 0 ? [[...files]] : [first, rest];
}
