import { z } from 'zod';
import { label } from '../../../lib/validation/index.ts';

/**
 * How an id is written in a path or query: decimal digits without a leading zero. `Number()`
 * alone would also read `0x1`, `1e0`, `01` and ` 1` as 1, giving one row many addresses.
 */
const CANONICAL_ID = /^[1-9][0-9]*$/;

/**
 * A positive integer id taken from the path or query (`'12'` → 12). Anything not written as above
 * is a Korean 400 naming the id (`팀 번호는 …`) on every route alike (decision 049). The OpenAPI
 * schema stays `integer` (minimum 1), as clients send it.
 */
export const idParam = (thing: string, description?: string) => {
  const message = `${thing} 번호는 1 이상의 정수(예: 12)로 적어 주세요.`;
  return label(
    z.preprocess(
      (value) => (typeof value === 'string' && CANONICAL_ID.test(value) ? Number(value) : value),
      // .int() also refuses numbers past 2^53, which would no longer name one row
      z.number({ error: message }).int({ error: message }).positive({ error: message }),
    ),
    thing,
  ).meta({ description: description ?? `${thing} 번호` });
};

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
