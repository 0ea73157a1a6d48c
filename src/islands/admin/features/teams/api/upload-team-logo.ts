import { api } from '../../../../../lib/api-client.ts';
import type { Team } from '../../../../../lib/schemas/team.ts';

/**
 * POST /api/teams/{id}/logo: multipart `file`, an image of 2MB at most, stored like league logos
 * (decision 068). The server decides the type from the file's content.
 */
export function uploadTeamLogo(teamId: number, file: File): Promise<Team> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.call<Team>(`/api/teams/${teamId}/logo`, { method: 'POST', body });
}
