import { z } from 'zod';
import { label } from '../../../lib/validation/index.ts';

/** A positive integer id taken from the path (`'12'` → 12); anything else is a Korean 400. */
export const idParam = (text: string, description?: string) =>
  label(z.coerce.number().int().positive(), text).meta({
    description: description ?? `${text} 번호`,
  });

export const mainIdParam = idParam('협회', '협회(league main) 번호');
export const seasonIdParam = idParam('시즌', '시즌 번호');
export const leagueIdParam = idParam('리그', '리그 번호');
export const teamIdParam = idParam('팀', '팀 번호');

/** Path of /main/{mainId}/season/{seasonId}/league/{leagueId}: the league must belong to the season, the season to the association. */
export const leagueScopeParams = z.object({
  mainId: mainIdParam,
  seasonId: seasonIdParam,
  leagueId: leagueIdParam,
});
export const leagueTeamScopeParams = leagueScopeParams.extend({ teamId: teamIdParam });

/** The path prefix the spec writes as "…". */
export const leagueScopePath = '/main/{mainId}/season/{seasonId}/league/{leagueId}';
