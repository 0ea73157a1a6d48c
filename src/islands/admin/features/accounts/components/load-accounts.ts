import { listUsers } from '../api/list-users.ts';
import { listManagers } from '../api/list-managers.ts';
import { listTeamOptions } from '../api/list-team-options.ts';
import type { TeamOption } from '../api/list-team-options.ts';
import { listTeamManagers } from '../api/list-team-managers.ts';
import { listBoardRoles } from '../api/list-board-roles.ts';
import { accountRows } from './account-rows.ts';
import type { Account, RoleSources } from './account-rows.ts';

/** The board whose roles the console gives: the association's notices. */
export const NOTICE_BOARD = 'notice';

/** Team managers are listed per team; a few teams at a time keeps the browser's connections free. */
async function teamManagersOf(teams: readonly TeamOption[]): Promise<RoleSources['teamManagers']> {
  const found: Array<RoleSources['teamManagers'][number]> = [];
  for (let i = 0; i < teams.length; i += 8) {
    const chunk = teams.slice(i, i + 8);
    const lists = await Promise.all(chunk.map((t) => listTeamManagers(t.id)));
    chunk.forEach((team, j) => {
      found.push(
        ...lists[j].map((m) => ({ teamId: team.id, teamName: team.name, userId: m.userId })),
      );
    });
  }
  return found;
}

/** The accounts with their roles in the association, and the association's teams to choose from. */
export async function loadAccounts(
  mainId: number,
  includeDisabled: boolean,
): Promise<{ accounts: Account[]; teams: TeamOption[] }> {
  const [users, managers, noticeRoles, teams] = await Promise.all([
    listUsers(includeDisabled),
    listManagers(mainId),
    listBoardRoles(mainId, NOTICE_BOARD),
    listTeamOptions(mainId),
  ]);
  const teamManagers = await teamManagersOf(teams);
  return { accounts: accountRows(users, { managers, teamManagers, noticeRoles }), teams };
}
